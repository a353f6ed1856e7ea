// Concentration: a grid of face-down cards; two flips a turn. Only faces the server sent
// are drawn (a face-down card's face never reaches the page).

import { h, fill, signed, counted } from '../dom.js';
import { Countdown } from './timer.js';
import { faceText } from './faces.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN';

/** Whether a face in words has a word too long for a narrow card at full size ("strawberry"). */
const longWord = (text) => text.split(' ').some((w) => w.length > 7);

export class ConcentrationView {
  constructor(ctx) {
    this.ctx = ctx;
    this.el = h('div', { class: 'game concentration' });
    this.info = h('p', { class: 'info' });
    this.clockEl = h('span', { class: 'clock' });
    this.grid = h('div', { class: 'memgrid', role: 'group', 'aria-label': 'cards' });
    this.countdown = new Countdown(this.clockEl, () => ctx.connected());
    this.anchor = this.grid; // where a flip's toast goes
    this.el.append(h('div', { class: 'row spread' }, this.info, this.clockEl), this.grid);
  }

  myTurn() {
    const s = this.state;
    return s && s.phase === 'playing' && !this.ctx.spectator() && s.turn === this.ctx.me();
  }

  update(s) {
    this.state = s;
    this.countdown.set(s.phase === 'playing' ? s.time_left_ms : null);
    const mine = this.myTurn();
    fill(this.info, s.phase === 'playing'
      ? `${mine ? 'Your turn: flip a card' : `${s.turn}'s turn`} · ${counted(s.flips, 'flip')} · ${counted(s.pairs, 'pair')}${s.time_bonus ? ' · time bonus on' : ''}`
      : s.phase === 'waiting' ? 'Waiting for players…' : 'The game is over.');
    const columns = Math.ceil(Math.sqrt(s.cards.length));
    this.grid.style.setProperty('--cols', String(Math.min(columns, 8)));
    fill(this.grid, s.cards.map((c, i) => {
      const letter = LETTERS[i];
      const up = c.face !== null;
      const face = up ? faceText(c.face) : '';
      return h('button', {
        class: `memcard${up ? ' up' : ''}${c.matched ? ' matched' : ''}`,
        disabled: !mine || up,
        'aria-label': `${letter}: ${up ? face : 'face down'}${c.matched ? ', matched' : ''}`,
        onclick: () => this.ctx.send({ type: 'flip', card: c.index }),
      }, h('span', { class: `face${longWord(face) ? ' long' : ''}`, 'aria-hidden': 'true' }, face),
      h('span', { class: 'letter', 'aria-hidden': 'true' }, letter));
    }));
  }

  event(msg) {
    if (msg.type !== 'flipped') return;
    const who = msg.player === this.ctx.me() ? 'you' : msg.player;
    const letter = LETTERS[msg.card];
    const face = faceText(msg.face);
    if (msg.result === 'match') {
      this.ctx.log(`${who} matched ${face} at ${letter} (+${msg.points}${msg.bonus ? `, ${msg.bonus} of it time bonus` : ''})`, 'good');
      this.ctx.toast(`${who} found a pair: ${face} ${signed(msg.points)}`, 'good');
    } else if (msg.result === 'mismatch') {
      this.ctx.log(`${who}: ${face} at ${letter}, no pair${msg.points ? ` (${msg.points})` : ''}`, 'info');
      this.ctx.toast(`${who}: ${face} at ${letter}, no pair${msg.points ? ` ${signed(msg.points)}` : ''}`, 'info');
    } else {
      this.ctx.toast(`${who} turned ${face} at ${letter}`, 'info');
    }
  }

  tick() { this.countdown.draw(); }

  key(e) {
    const s = this.state;
    if (!this.myTurn()) return false;
    const i = LETTERS.indexOf(e.key);
    if (i < 0 || i >= s.cards.length) return false;
    if (s.cards[i].face !== null) return false;
    this.ctx.send({ type: 'flip', card: s.cards[i].index });
    return true;
  }
}
