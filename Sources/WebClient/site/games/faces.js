// Concentration's faces in words, for a browser that cannot draw emoji (emoji.js): each
// word differs from every other in its theme, so a pair is still found by sight. The
// themes and their order are the server's (GameRules' ConcentrationTheme.swift);
// WebClientTests checks that every face has a word here, and no two alike in a theme.

import { emojiDrawn } from '../emoji.js';

const THEMES = {
  halloween: '🎃 pumpkin, 👻 ghost, 🦇 bat, 💀 skull, 🍬 sweet, 🍭 lollipop, 🌙 crescent, 🦉 owl, 🐈 cat, 🔮 crystal ball, 🧙 witch, 🧛 vampire, 🧟 zombie, 🪦 grave, 🧹 broom, 🐺 wolf, 🍫 chocolate, 🌕 full moon, 👹 ogre, 👺 goblin, 🤡 clown, 🐀 rat',
  christmas: '🎄 tree, 🎅 santa, 🤶 mrs claus, 🦌 reindeer, ⛄ snowman, 🎁 gift, 🔔 bell, ⭐ star, 🍪 cookie, 🥛 milk, 🧦 stocking, 🧣 scarf, 🎀 bow, 🌟 glowing star, 🛷 sled, 🎶 carols, 👼 angel, 🧤 gloves, 🥂 cheers, 🍊 orange, 🌲 pine, 🎉 party popper',
  animals: '🐶 dog, 🐱 cat, 🐭 mouse, 🐹 hamster, 🐰 rabbit, 🦊 fox, 🐻 bear, 🐼 panda, 🐨 koala, 🐯 tiger, 🦁 lion, 🐮 cow, 🐷 pig, 🐸 frog, 🐵 monkey, 🐔 hen, 🐧 penguin, 🐤 chick, 🦆 duck, 🦅 eagle, 🐴 horse, 🦄 unicorn, 🐝 bee, 🐢 turtle',
  faces: '😀 grin, 😂 tears of joy, 🙂 smile, 🙃 upside down, 😉 wink, 😊 blush, 😇 halo, 😍 heart eyes, 😘 kiss, 😋 yum, 😜 tongue out, 🤪 zany, 😎 cool, 🤓 nerd, 🥳 party, 😏 smirk, 😒 unamused, 😢 tear, 😭 sobbing, 😡 angry, 🤯 mind blown, 😱 scream, 🤔 thinking, 😴 asleep',
  food: '🍎 apple, 🍐 pear, 🍋 lemon, 🍌 banana, 🍉 watermelon, 🍇 grapes, 🍓 strawberry, 🍒 cherries, 🍑 peach, 🍍 pineapple, 🥝 kiwi, 🍅 tomato, 🥑 avocado, 🥕 carrot, 🌽 corn, 🍔 burger, 🍟 fries, 🍕 pizza, 🌭 hot dog, 🌮 taco, 🍣 sushi, 🍩 doughnut, 🍰 cake, 🧀 cheese',
  sports: '⚽ football, 🏀 basketball, 🏈 american football, ⚾ baseball, 🥎 softball, 🎾 tennis, 🏐 volleyball, 🏉 rugby, 🥏 frisbee, 🎱 pool, 🏓 ping-pong, 🏸 badminton, 🏒 ice hockey, 🏑 field hockey, 🥍 lacrosse, 🏏 cricket, ⛳ golf, 🥊 boxing, 🥋 judo, 🎿 skiing, 🛹 skateboard, 🏹 archery, 🎣 fishing, 🥌 curling',
  tech: '💻 laptop, 📱 mobile, ⌚ watch, 📷 camera, 📺 television, 📻 radio, 🎮 gamepad, 💾 floppy disk, 💿 CD, 📀 DVD, 🔋 battery, 🔌 plug, 💡 light bulb, 📡 satellite dish, 🤖 robot, 🎧 headphones, 📟 pager, 📠 fax, 📞 telephone, 🔭 telescope, 🔬 microscope, 🧮 abacus, 📼 video tape, 🎥 film camera',
  travel: '🚗 car, 🚕 taxi, 🚌 bus, 🚎 trolleybus, 🚙 jeep, 🚓 police car, 🚑 ambulance, 🚒 fire engine, 🚐 minibus, 🚚 lorry, 🚜 tractor, 🚲 bicycle, 🛵 scooter, 🚂 steam train, 🚆 train, 🚇 metro, 🚊 tram, 🚁 helicopter, 🚀 rocket, 🛸 flying saucer, 🚢 ship, ⛵ sailboat, 🚤 speedboat, 🛶 canoe',
};

const WORDS = new Map(Object.values(THEMES).flatMap((line) => line.split(', ').map((pair) => {
  const space = pair.indexOf(' ');
  return [pair.slice(0, space), pair.slice(space + 1)];
})));

/** What a card shows: the emoji, or its word where emoji cannot be drawn. */
export function faceText(face) {
  return emojiDrawn() ? face : WORDS.get(face) || face;
}
