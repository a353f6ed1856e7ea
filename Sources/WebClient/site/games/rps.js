// Rock-paper-scissors: three buttons (keys r, p, s), the round, the clock, and the last
// round's throws. Nobody's sign is shown before both have thrown; the server never sends it.

import { h, svg, fill, listWords } from '../dom.js';
import { Countdown } from './timer.js';
import { emojiDrawn } from '../emoji.js';

export const SIGNS = [
  { sign: 'rock', key: 'r', icon: '✊' },
  { sign: 'paper', key: 'p', icon: '✋' },
  { sign: 'scissors', key: 's', icon: '✌️' },
];

// Each sign drawn, for a browser without emoji: a stone, a sheet, open scissors.
const DRAWN = {
  rock: () => [svg('path', { d: 'M7 27C5 19 11 10 20 10c9 0 15 8 13 16-1 6-8 8-14 7-6 0-11-2-12-6z', fill: 'currentColor', 'fill-opacity': 0.35 }),
    svg('path', { d: 'M15 17l4 4-2 5M25 15l-2 5 4 3' })],
  paper: () => [svg('path', { d: 'M10 5h15l6 6v25H10z' }), svg('path', { d: 'M25 5v6h6M14 17h13M14 22h13M14 27h9' })],
  scissors: () => [svg('circle', { cx: 12, cy: 30, r: 5 }), svg('circle', { cx: 28, cy: 30, r: 5 }), svg('path', { d: 'M15 26L30 5M25 26L10 5' })],
};

/** A sign's picture: its emoji, or its drawing where emoji cannot be drawn. */
export function signPicture(sign) {
  const s = SIGNS.find((x) => x.sign === sign);
  if (emojiDrawn()) return h('span', { class: 'icon', 'aria-hidden': 'true' }, s.icon);
  return svg('svg', { class: 'icon drawn', viewBox: '0 0 40 40', 'aria-hidden': 'true', focusable: 'false', fill: 'none', stroke: 'currentColor',
    'stroke-width': 2.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, DRAWN[sign]());
}

/**
 * The three sign buttons of rps and rps-brain: `verb` names what a press does ("throw",
 * "answer"), `picked` the sign already sent (the others then wait), `send` what it sends.
 */
export function signButtons({ verb, picked, enabled, send }) {
  return SIGNS.map((x) => h('button', {
    class: `sign${picked === x.sign ? ' picked' : ''}`,
    disabled: !enabled || !!picked,
    'aria-label': `${verb} ${x.sign} (key ${x.key})`,
    onclick: () => send(x.sign),
  }, signPicture(x.sign), h('span', {}, x.sign), h('kbd', { 'aria-hidden': 'true' }, x.key)));
}

/** A sign in a line of text: "✊ rock", or just "rock" where emoji cannot be drawn. */
export function signIcon(sign) {
  const s = SIGNS.find((x) => x.sign === sign);
  if (!s) return 'nothing';
  return emojiDrawn() ? `${s.icon} ${sign}` : sign;
}

export class RpsView {
  constructor(ctx) {
    this.ctx = ctx;
    this.el = h('div', { class: 'game rps' });
    this.info = h('p', { class: 'info' });
    this.clockEl = h('span', { class: 'clock', 'aria-live': 'off' });
    this.signs = h('div', { class: 'signs', role: 'group', 'aria-label': 'your throw' });
    this.last = h('p', { class: 'lastround', 'aria-live': 'polite' });
    this.countdown = new Countdown(this.clockEl, () => ctx.connected());
    this.anchor = this.signs; // where a throw's toast goes
    this.el.append(h('div', { class: 'row spread' }, this.info, this.clockEl), this.signs, this.last);
  }

  update(s) {
    this.state = s;
    this.countdown.set(s.phase === 'playing' ? s.time_left_ms : null);
    const me = this.ctx.me();
    const cause = s.cause || {};
    // An opponent's throw changes only the line above the signs: said by the board too, once
    // (a state drawn again keeps its seq), unless it ended the round (the round says more).
    if (s.seq !== this.seq && s.phase === 'playing' && cause.kind === 'command' && cause.command === 'throw'
      && cause.player !== me && !(s.waiting_on || []).includes(cause.player)) {
      this.ctx.toast(`${cause.player} has thrown`, 'info');
    }
    this.seq = s.seq;
    const spectator = this.ctx.spectator();
    const playing = s.phase === 'playing';
    const mine = s.your_throw;
    const others = (s.waiting_on || []).filter((n) => n !== me);
    let line;
    if (s.phase === 'waiting') line = s.players.length < 2 ? 'Waiting for an opponent: send your friend the link.' : 'Waiting to start…';
    else if (!playing) line = 'The match is over.';
    else if (spectator) line = `Round ${s.round} (best of ${s.rounds}) · waiting on ${listWords(s.waiting_on) || 'nobody'}`;
    else if (mine) line = `Round ${s.round} of best of ${s.rounds}: you threw ${signIcon(mine)}${others.length ? `; waiting for ${listWords(others)}` : ''}`;
    else {
      // Who has thrown already (never what): the ones not waited on.
      const thrown = s.players.map((p) => p.name).filter((n) => n !== me && !(s.waiting_on || []).includes(n));
      line = `Round ${s.round} of best of ${s.rounds}: your throw${thrown.length ? ` · ${listWords(thrown)} ${thrown.length > 1 ? 'have' : 'has'} thrown ✔` : ''}`;
    }
    fill(this.info, line);
    fill(this.signs, signButtons({ verb: 'throw', picked: mine, enabled: playing && !spectator, send: (sign) => this.ctx.send({ type: 'throw', sign }) }));
    fill(this.last, s.last_round ? this.describe(s.last_round) : '');
  }

  describe(r) {
    const me = this.ctx.me();
    const throws = Object.entries(r.throws).map(([n, sign]) => `${n === me ? 'you' : n}: ${signIcon(sign)}`).join(' · ');
    const timed = r.timed_out.length ? ` (${listWords(r.timed_out.map((n) => (n === me ? 'you' : n)))} ran out of time)` : '';
    const winner = r.winner === null ? 'a draw, played again' : r.winner === me ? 'you won it' : `${r.winner} won it`;
    return `Round ${r.round}: ${throws || 'nobody threw'}, ${winner}${timed}.`;
  }

  event(msg) {
    if (msg.type !== 'round') return;
    const kind = msg.winner === this.ctx.me() ? 'good' : 'info';
    this.ctx.log(this.describe(msg), kind);
    this.ctx.toast(this.describe(msg), kind);
  }

  tick() { this.countdown.draw(); }

  key(e) {
    const s = this.state;
    if (!s || s.phase !== 'playing' || this.ctx.spectator() || s.your_throw) return false;
    const x = SIGNS.find((y) => y.key === e.key);
    if (!x) return false;
    this.ctx.send({ type: 'throw', sign: x.sign });
    return true;
  }
}
