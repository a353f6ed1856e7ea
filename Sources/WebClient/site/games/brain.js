// rps-brain: a sign and a goal; answer the sign that wins (or loses) against it.

import { h, fill, listWords } from '../dom.js';
import { Countdown } from './timer.js';
import { SIGNS, signButtons, signIcon, signPicture } from './rps.js';

export class BrainView {
  constructor(ctx) {
    this.ctx = ctx;
    this.el = h('div', { class: 'game brain' });
    this.info = h('p', { class: 'info' });
    this.clockEl = h('span', { class: 'clock' });
    this.prompt = h('p', { class: 'prompt', 'aria-live': 'polite' });
    this.signs = h('div', { class: 'signs', role: 'group', 'aria-label': 'your answer' });
    this.last = h('p', { class: 'lastround' });
    this.countdown = new Countdown(this.clockEl, () => ctx.connected());
    this.anchor = this.signs; // where an answer's toast goes
    this.el.append(h('div', { class: 'row spread' }, this.info, this.clockEl), this.prompt, this.signs, this.last,
      h('details', { class: 'help' }, h('summary', {}, 'How to play'),
        h('p', {}, 'Each round shows a sign and a goal. "Win" means answer the sign that beats it (rock → paper); "lose" means the sign it beats (rock → scissors). Right +10, wrong or no answer −10.')));
  }

  update(s) {
    this.state = s;
    const playing = s.phase === 'playing';
    const spectator = this.ctx.spectator();
    this.countdown.set(playing ? s.time_left_ms : null);
    fill(this.info, playing ? `Round ${s.round} of ${s.rounds}${s.answered.length ? ` · answered: ${listWords(s.answered)}` : ''}`
      : s.phase === 'waiting' ? 'Waiting for players…' : 'The game is over.');
    fill(this.prompt, playing && s.prompt
      ? [h('span', { class: 'big' }, signPicture(s.prompt.sign), ' ', s.prompt.sign), ' ', h('strong', {}, s.prompt.goal === 'win' ? 'WIN against it' : 'LOSE against it')]
      : '');
    const mine = s.your_answer;
    fill(this.signs, signButtons({ verb: 'answer', picked: mine, enabled: playing && !spectator, send: (sign) => this.ctx.send({ type: 'answer', sign }) }));
    fill(this.last, s.last_round ? this.describe(s.last_round) : '');
  }

  describe(r) {
    const me = this.ctx.me();
    const mineA = r.answers[me];
    const yours = mineA ? ` You: ${mineA.sign ? signIcon(mineA.sign) : 'no answer'} (${mineA.points > 0 ? '+' : ''}${mineA.points}).` : '';
    return `Round ${r.round}: ${signIcon(r.prompt.sign)} to ${r.prompt.goal}, the answer was ${signIcon(r.answer)}.${yours}`;
  }

  event(msg) {
    if (msg.type === 'answered') {
      const text = msg.correct ? `right (+${msg.points}) in ${msg.reaction_ms} ms` : `wrong (${msg.points})`;
      this.ctx.log(text, msg.correct ? 'good' : 'bad');
      this.ctx.toast(text, msg.correct ? 'good' : 'bad');
    }
    if (msg.type === 'brain_round') this.ctx.log(this.describe(msg), 'info');
  }

  tick() { this.countdown.draw(); }

  key(e) {
    const s = this.state;
    if (!s || s.phase !== 'playing' || this.ctx.spectator() || s.your_answer) return false;
    const x = SIGNS.find((y) => y.key === e.key);
    if (!x) return false;
    this.ctx.send({ type: 'answer', sign: x.sign });
    return true;
  }
}
