#!/usr/bin/env python3
"""Rebuilds a deal from its seed, as Protocol.md's "Checking a deal" describes it.

Written from the document, not from the server's code: a bot in any language does
the same to check that the seed game_over reveals is the one it was dealt from.

    check_deal.py commit SEED          the commitment state.seed_sha256 shows
    check_deal.py set SEED [junior]    the first board's card ids, in position order
    check_deal.py klondike SEED        the seven face-up tableau cards, then the stock's first card
    check_deal.py concentration SEED PAIRS [THEME]
                                       the cards' emoji, in board order
    check_deal.py brain SEED ROUNDS    each round's prompt as SIGN:GOAL

Standard library only.
"""
import hashlib
import sys

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        """A number in 0..<bound: Lemire's multiply-and-reject."""
        product = self.next() * bound
        low = product & MASK
        if low < bound:
            threshold = ((1 << 64) - bound) % bound
            while low < threshold:
                product = self.next() * bound
                low = product & MASK
        return product >> 64


def shuffle(items, generator):
    """Fisher-Yates from the back: i from len-1 down to 1 swaps i with below(i + 1)."""
    for i in range(len(items) - 1, 0, -1):
        j = generator.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def set_board(seed, junior=False):
    deck = [i for i in range(81) if not junior or i // 27 == 0]
    return shuffle(deck, SplitMix64(seed))[:12]


SUITS = ["spades", "hearts", "diamonds", "clubs"]


def klondike_deal(seed):
    deck = [(rank, suit) for suit in SUITS for rank in range(1, 14)]
    shuffle(deck, SplitMix64(seed))
    face_up, dealt = [], 0
    for pile in range(7):
        face_up.append(deck[dealt + pile])
        dealt += pile + 1
    return face_up, deck[dealt]


THEMES = [
    ("halloween", "🎃 👻 🦇 💀 🍬 🍭 🌙 🦉 🐈 🔮 🧙 🧛 🧟 🪦 🧹 🐺 🍫 🌕 👹 👺 🤡 🐀".split()),
    ("christmas", "🎄 🎅 🤶 🦌 ⛄ 🎁 🔔 ⭐ 🍪 🥛 🧦 🧣 🎀 🌟 🛷 🎶 👼 🧤 🥂 🍊 🌲 🎉".split()),
    ("animals", "🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮 🐷 🐸 🐵 🐔 🐧 🐤 🦆 🦅 🐴 🦄 🐝 🐢".split()),
    ("faces", "😀 😂 🙂 🙃 😉 😊 😇 😍 😘 😋 😜 🤪 😎 🤓 🥳 😏 😒 😢 😭 😡 🤯 😱 🤔 😴".split()),
    ("food", "🍎 🍐 🍋 🍌 🍉 🍇 🍓 🍒 🍑 🍍 🥝 🍅 🥑 🥕 🌽 🍔 🍟 🍕 🌭 🌮 🍣 🍩 🍰 🧀".split()),
    ("sports", "⚽ 🏀 🏈 ⚾ 🥎 🎾 🏐 🏉 🥏 🎱 🏓 🏸 🏒 🏑 🥍 🏏 ⛳ 🥊 🥋 🎿 🛹 🏹 🎣 🥌".split()),
    ("tech", "💻 📱 ⌚ 📷 📺 📻 🎮 💾 💿 📀 🔋 🔌 💡 📡 🤖 🎧 📟 📠 📞 🔭 🔬 🧮 📼 🎥".split()),
    ("travel", "🚗 🚕 🚌 🚎 🚙 🚓 🚑 🚒 🚐 🚚 🚜 🚲 🛵 🚂 🚆 🚇 🚊 🚁 🚀 🛸 🚢 ⛵ 🚤 🛶".split()),
]


def concentration_cards(seed, pairs, theme=None):
    emoji = list(dict(THEMES)[theme] if theme else THEMES[seed % len(THEMES)][1])
    generator = SplitMix64(seed)
    shuffle(emoji, generator)
    cards = emoji[:pairs] * 2
    return shuffle(cards, generator)


def brain_prompts(seed, rounds):
    generator = SplitMix64(seed)
    goal = ["win", "lose"][generator.below(2)]
    prompts = []
    for _ in range(rounds):
        prompts.append((["rock", "paper", "scissors"][generator.below(3)], goal))
        goal = "lose" if goal == "win" else "win"
    return prompts


def main(argv):
    kind, seed = argv[1], int(argv[2])
    if kind == "commit":
        print(hashlib.sha256(str(seed).encode()).hexdigest())
    elif kind == "set":
        print(" ".join(str(card) for card in set_board(seed, junior=argv[3:] == ["junior"])))
    elif kind == "klondike":
        face_up, first = klondike_deal(seed)
        print(" ".join(f"{rank}:{suit}" for rank, suit in face_up + [first]))
    elif kind == "concentration":
        print(" ".join(concentration_cards(seed, int(argv[3]), argv[4] if len(argv) > 4 else None)))
    elif kind == "brain":
        print(" ".join(f"{sign}:{goal}" for sign, goal in brain_prompts(seed, int(argv[3]))))
    else:
        sys.exit(f"unknown kind {kind}")


if __name__ == "__main__":
    main(sys.argv)
