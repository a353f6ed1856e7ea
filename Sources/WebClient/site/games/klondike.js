// Klondike: tap a card then where it goes, or drag it there; tap the same card twice (or
// double-click it) to send it home. Keys: d draw, w waste, 1-7 tableau, f1-f4 foundations,
// u undo, h hint, Esc cancel. Face-down cards are counts only: the server never sends them.
// Comforts, as the best solitaires have them: safe cards go home by themselves (a setting),
// Finish once every card is face up (when the server says so), the hint shown on the board,
// the clock, a short win.

import { h, fill, listWords, clock, stopwatch, counted } from '../dom.js';
import { playerRating, ratingText } from '../ratings.js';
import { keep, stored, storedJSON } from '../storage.js';

const SUITS = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' };
const RANKS = [null, 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const RANK_WORDS = [null, 'ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king'];
const PILE_WORDS = { waste: 'waste', f1: 'foundation 1', f2: 'foundation 2', f3: 'foundation 3', f4: 'foundation 4' };

const red = (c) => c.suit === 'hearts' || c.suit === 'diamonds';
export const cardText = (c) => `${RANKS[c.rank]}${SUITS[c.suit]}`;
export const cardWords = (c) => `${RANK_WORDS[c.rank]} of ${c.suit}`;
/** A pile's wire name ("t5", "f1", "waste") as the page says it: "tableau 5", "foundation 1", "waste". */
export const pileWords = (p) => PILE_WORDS[p] || `tableau ${p.slice(1)}`;
const last = (pile) => pile[pile.length - 1];

const CHANGES = ['draw', 'move', 'auto', 'undo', 'finish']; // the commands that change a game
// Auto-play is on unless turned off here, as in the terminal; kept in localStorage.
const AUTO_KEY = 'cardserver-klondike-auto-home';
// The clock's start, kept for the tab so that a reload goes on counting.
const CLOCK_KEY = 'cardserver-klondike-clock';

/**
 * The next card that can go home safely, as a move (the terminal's KlondikePlay.safeMoveHome):
 * from a column, left to right, then from the waste. Aces and twos always; another card when
 * both suits of the other colour are home up to its rank less one, so no card of the tableau
 * could still need it to build on.
 */
export function safeMoveHome(s) {
  const home = {};
  for (const f of s.foundations) if (f.length) home[last(f).suit] = last(f).rank;
  const sources = s.tableau.map((t, i) => [`t${i + 1}`, last(t.up)]).concat([['waste', s.waste[0]]]);
  for (const [from, c] of sources) {
    if (!c || (home[c.suit] || 0) !== c.rank - 1) continue;
    if (c.rank > 2 && !Object.keys(SUITS).every((o) => red({ suit: o }) === red(c) || (home[o] || 0) >= c.rank - 1)) continue;
    const f = s.foundations.findIndex((p) => (c.rank === 1 ? !p.length : p.length && last(p).suit === c.suit));
    if (f >= 0) return { type: 'move', from, to: `f${f + 1}` };
  }
  return null;
}

/**
 * What the player's last command did, read from the two states around it (the state names
 * the command, not the cards): "you: 7♥ to tableau 3", "ann: A♦ home"; null for a draw,
 * which shows itself on the waste, and for what another player did in their own game.
 */
function movedWords(before, s, me) {
  const cause = s.cause || {};
  if (cause.kind !== 'command' || !s.player || s.player !== before.player || cause.player !== s.player) return null;
  if (!['move', 'auto', 'finish', 'undo'].includes(cause.command)) return null;
  const who = cause.player === me ? 'you' : cause.player;
  if (cause.command === 'undo') return `${who}: a move undone`;
  const home = s.foundations.reduce((n, f, i) => n + f.length - before.foundations[i].length, 0);
  if (home > 1) return `${who}: ${home} cards home`;
  const f = s.foundations.findIndex((pile, i) => pile.length > before.foundations[i].length);
  if (f >= 0) return `${who}: ${cardText(s.foundations[f][s.foundations[f].length - 1])} home`;
  const size = (pile) => pile.down + pile.up.length;
  const t = s.tableau.findIndex((pile, i) => size(pile) > size(before.tableau[i]));
  if (t < 0) return null;
  const up = s.tableau[t].up;
  const gained = size(s.tableau[t]) - size(before.tableau[t]);
  return `${who}: ${cardText(up[up.length - gained])}${gained > 1 ? ` and ${gained - 1} more` : ''} to tableau ${t + 1}`;
}

export class KlondikeView {
  constructor(ctx) {
    this.ctx = ctx;
    this.selected = null; // {pile, count}
    this.pendingF = false;
    this.unanswered = 0; // commands sent that change the game, their state or error not yet in
    this.autoHome = stored(localStorage, AUTO_KEY) !== 'off';
    this.el = h('div', { class: 'game klondike' });
    this.info = h('p', { class: 'info' });
    this.clockEl = h('span', { class: 'kclock', 'aria-label': 'time' });
    this.stats = h('span', { class: 'kstats' });
    this.autoBox = h('input', { type: 'checkbox', id: 'kauto', checked: this.autoHome, onchange: () => this.toggleAuto() });
    this.autoLabel = h('label', { class: 'check kauto', title: 'aces and twos, and any card no other card still needs, go home by themselves' },
      this.autoBox, 'Safe cards home');
    this.finish = h('div', { class: 'kfinish' });
    this.top = h('div', { class: 'ktop' });
    this.tableau = h('div', { class: 'ktableau' });
    this.buttons = h('div', { class: 'row' });
    this.progress = h('ul', { class: 'progress' });
    this.anchor = this.tableau; // where a move's toast goes
    this.el.append(h('div', { class: 'kbar' }, this.info, this.autoLabel), h('div', { class: 'kbar' }, this.clockEl, this.stats),
      this.finish, this.top, this.tableau, this.buttons, this.progress,
      h('details', { class: 'help' }, h('summary', {}, 'How to move'),
        h('p', {}, 'Tap a card, then the pile it should go to; or drag it there. Tap the same card again, or double-click it, to send it home (or wherever it fits). Tap the stock to draw.'),
        h('p', {}, 'Keys: d draw · w waste · 1-7 a tableau pile · f then 1-4 a foundation · pick a pile, then where it goes; the same pile twice sends its card home · u undo · h hint (alone) · Esc cancel.')));
    this.el.addEventListener('pointerdown', (e) => this.pointerDown(e));
  }

  get mine() {
    const s = this.state;
    return s && s.phase === 'playing' && !this.ctx.spectator() && s.player === this.ctx.me();
  }

  update(s, over) {
    const before = this.state;
    const me = this.ctx.me();
    // Not the same state drawn again (for the game's end, or the connection lost or back).
    const fresh = !before || s.seq !== before.seq;
    this.state = s;
    if (before && fresh) {
      const moved = movedWords(before, s, me);
      if (moved) this.ctx.toast(moved, 'info');
    }
    this.over = over;
    this.selected = null;
    const cause = s.cause || {};
    const byMe = fresh && cause.kind === 'command' && cause.player === me;
    const started = s.phase === 'playing' && (!before || before.phase !== 'playing');
    if (byMe && CHANGES.includes(cause.command)) this.unanswered = Math.max(0, this.unanswered - 1);
    if (started || (fresh && ['back', 'restart'].includes(cause.kind))) this.unanswered = 0; // a new game, or a new connection
    if (started) this.el.classList.remove('won');
    if (!byMe || cause.command !== 'hint') this.hint = null;
    this.runClock(s, before, started);
    this.render();
    // As the terminal: after the start and the player's own draws and moves, never an undo (a
    // card taken back from home stays back until the player moves again).
    if (started || (byMe && ['draw', 'move', 'auto'].includes(cause.command))) this.autoPlay();
  }

  /** The next safe card home, one a state, when auto-play is on, the game is this player's
   * own, nothing of theirs is unanswered and no card is held by the pointer. */
  autoPlay() {
    if (!this.autoHome || !this.mine || this.ctx.readOnly || this.unanswered) return;
    if (this.pressed) { this.autoDue = true; return; }
    this.autoDue = false;
    const move = safeMoveHome(this.state);
    if (move) this.send(move);
  }

  toggleAuto() {
    this.autoHome = this.autoBox.checked;
    keep(localStorage, AUTO_KEY, this.autoHome ? 'on' : 'off');
    this.autoPlay(); // turned on, it plays at once
  }

  /** The clock: a state carries none, so the page counts from the first state it sees of the
   * game under way (a reload keeps that start); once over, the server's time of the game. */
  runClock(s, before, started) {
    if (s.player !== this.ctx.me() || this.ctx.readOnly) { this.start = null; return; }
    if (started) {
      const kept = storedJSON(sessionStorage, CLOCK_KEY, null); // none, or not ours: start again
      this.start = !before && kept && kept.room === s.room ? kept.start : Date.now();
      keep(sessionStorage, CLOCK_KEY, JSON.stringify({ room: s.room, start: this.start }));
      this.ended = null;
    } else if (s.phase === 'over' && this.start && this.ended == null) this.ended = Date.now() - this.start;
  }

  tick() {
    const o = this.over && this.over.summary;
    const time = o && o.time_ms !== undefined ? clock(o.time_ms) // as the game's summary says it
      : this.start ? stopwatch(this.ended ?? Date.now() - this.start) : null;
    this.clockEl.textContent = time === null ? '' : `time ${time}`;
  }

  render() {
    const s = this.state;
    const seats = s.seats;
    const passes = s.passes_left !== undefined && s.passes_left !== null ? ` · ${s.passes_left} passes left` : '';
    let line;
    if (s.phase === 'waiting') line = 'Waiting for players… (a winnable deal is searched for once everyone is in)';
    else if (!s.player) line = 'A race: you see each player\'s progress; the cards show when the game is over.';
    else line = `${s.player === this.ctx.me() ? 'Your game' : `${s.player}'s game`} · draw ${s.draw}${passes}`;
    if (this.selected) line += ` · picked ${this.describeSelection()}: now tap where it goes`;
    fill(this.info, line);

    const mine = this.mine;
    const scored = s.score !== undefined && s.score !== null;
    fill(this.stats, s.player ? `${counted(s.moves, 'move')}${scored ? ` · score ${s.score}` : ''}` : '');
    this.autoLabel.hidden = !mine || this.ctx.readOnly;
    this.tick();
    // Top row: stock, waste (its fan, the playable card on the right), then the foundations.
    const stock = this.pile('stock', s.stock ? [h('span', { class: 'kcard back' }, String(s.stock))] : [h('span', { class: 'kcard empty' }, s.waste_count ? '↺' : '')],
      `stock, ${s.stock} cards${s.stock ? '' : s.waste_count ? ', tap to turn the waste over' : ', empty'}`, mine);
    const fan = (s.waste || []).slice().reverse();
    const under = s.waste_count - fan.length;
    const waste = this.pile('waste',
      [under > 0 ? h('span', { class: 'under' }, `+${under}`) : null,
        fan.length ? fan.map((c, i) => this.card(c, 'waste', i === fan.length - 1 ? 1 : null, i === fan.length - 1)) : h('span', { class: 'kcard empty' }, '')],
      `waste${fan.length ? `, ${cardWords(fan[fan.length - 1])} on top` : ', empty'}`, mine);
    const founds = s.foundations.map((f, i) => {
      const top = f[f.length - 1];
      return this.pile(`f${i + 1}`, top ? this.card(top, `f${i + 1}`, 1, true) : h('span', { class: 'kcard empty' }, 'A'),
        `foundation ${i + 1}${top ? `, ${cardWords(top)}` : ', empty'}`, mine);
    });
    fill(this.top, stock, waste, h('span', { class: 'spacer' }), founds);
    fill(this.tableau, s.tableau.map((t, i) => {
      const name = `t${i + 1}`;
      const downs = Array.from({ length: t.down }, () => h('span', { class: 'kcard back', 'aria-hidden': 'true' }));
      const ups = t.up.map((c, j) => this.card(c, name, t.up.length - j, true));
      return this.pile(name, [downs, ups, t.down + t.up.length === 0 ? h('span', { class: 'kcard empty' }, 'K') : null],
        `tableau ${i + 1}${t.down ? `, ${t.down} face down` : ''}${t.up.length ? `, ${t.up.map(cardWords).join(', ')}` : ', empty'}`, mine, true);
    }));
    // The server says finish would be taken (every card face up, and drawing alone brings the
    // rest home: only it knows the stock's order): every card home at a tap, draws and all.
    const done = s.can_finish === true;
    fill(this.finish, mine && done ? h('button', { class: 'primary', onclick: () => this.send({ type: 'finish' }) }, 'Finish: play every card home') : null);
    const solo = seats === 1;
    fill(this.buttons, mine ? [
      h('button', { onclick: () => this.send({ type: 'draw' }), title: 'key d' }, 'Draw'),
      h('button', { onclick: () => this.send({ type: 'undo' }), title: 'key u' }, 'Undo'),
      solo ? h('button', { onclick: () => this.send({ type: 'hint' }), title: 'key h' }, 'Hint') : null,
      this.selected ? h('button', { onclick: () => { this.selected = null; this.render(); } }, 'Cancel') : null,
    ] : null);
    fill(this.progress, (s.progress || []).length > 1 || !s.player
      ? (s.progress || []).map((p) => {
        const r = playerRating(s, this.over, p.name);
        return h('li', {}, `${p.name}${r ? ` ${ratingText(r.rating, r.provisional)}` : ''}: ${p.cards_home} cards home, ${p.moves} moves`);
      }) : null);
    this.markHint();
  }

  pile(name, content, label, enabled, column = false) {
    const sel = this.selected && this.selected.pile === name;
    return h('div', {
      class: `kpile${column ? ' column' : ''}${sel ? ' selected' : ''}`,
      'data-pile': name,
      role: 'button',
      tabindex: enabled ? '0' : '-1',
      'aria-label': label,
      'aria-disabled': enabled ? 'false' : 'true',
      onclick: (e) => this.clickPile(name, e),
      onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); this.clickPile(name, e); } },
    }, content);
  }

  card(c, pile, count, movable) {
    const picked = this.selected && this.selected.pile === pile && count !== null && count <= this.selected.count;
    return h('span', {
      class: `kcard up${red(c) ? ' red' : ''}${picked ? ' picked' : ''}`,
      'data-count': count === null ? null : String(count),
      'aria-label': cardWords(c),
      // No double-click handler: a double click is two clicks, the card chosen and then its
      // pile again, which already sends it where it fits (`auto`); a handler sent a second one.
    }, h('span', { class: 'rank' }, RANKS[c.rank]), h('span', { class: 'suit' }, SUITS[c.suit]));
  }

  describeSelection() {
    const { pile, count } = this.selected;
    return count > 1 ? `${count} cards from ${pileWords(pile)}` : pileWords(pile);
  }

  send(msg) {
    this.selected = null;
    if (this.ctx.send(msg) && CHANGES.includes(msg.type)) this.unanswered++;
  }

  clickPile(name, e) {
    if (this.suppressClick) { this.suppressClick = false; return; }
    if (!this.mine) return;
    if (name === 'stock') { this.send({ type: 'draw' }); return; }
    const target = e && e.target instanceof Element ? e.target.closest('[data-count]') : null;
    const count = target ? Number(target.dataset.count) : null;
    this.choose(name, count);
  }

  /** A pile chosen (by tap, key or drop): the source first, then the target. */
  choose(name, count) {
    if (!this.selected) {
      const n = count || this.defaultCount(name);
      if (!n) return;
      this.selected = { pile: name, count: n };
      this.render();
      return;
    }
    const from = this.selected;
    if (from.pile === name) { this.send({ type: 'auto', from: name }); return; }
    const move = { type: 'move', from: from.pile, to: name };
    let n = from.count;
    // A column's top card (or a key) takes the run that fits, as in the terminal: the whole
    // column is then the target to tap, not only a fanned card's strip.
    if ((from.byKey || n === 1) && from.pile.startsWith('t') && name.startsWith('t')) n = this.fittingCount(from.pile, name) || n;
    if (n > 1) move.count = n;
    this.send(move);
  }

  defaultCount(name) {
    const s = this.state;
    if (name === 'waste') return s.waste.length ? 1 : 0;
    if (name.startsWith('f')) return s.foundations[Number(name[1]) - 1].length ? 1 : 0;
    return s.tableau[Number(name.slice(1)) - 1].up.length ? 1 : 0;
  }

  /** How many cards of a tableau run go onto another pile (0: none fits). */
  fittingCount(from, to) {
    const s = this.state;
    const up = s.tableau[Number(from.slice(1)) - 1].up;
    const dest = s.tableau[Number(to.slice(1)) - 1];
    const top = dest.up[dest.up.length - 1];
    for (let j = 0; j < up.length; j++) {
      const c = up[j];
      const fits = top ? c.rank === top.rank - 1 && red(c) !== red(top) : dest.down === 0 && c.rank === 13;
      if (fits) return up.length - j;
    }
    return 0;
  }

  // Dragging: press on a face-up card, move, release over a pile.
  pointerDown(e) {
    if (!this.mine || e.button !== 0) return;
    const cardEl = e.target.closest('.kcard.up[data-count]');
    const pileEl = e.target.closest('[data-pile]');
    if (!cardEl || !pileEl) return;
    const from = pileEl.dataset.pile;
    const count = Number(cardEl.dataset.count);
    const start = { x: e.clientX, y: e.clientY };
    let ghost = null;
    const move = (ev) => {
      const dx = ev.clientX - start.x, dy = ev.clientY - start.y;
      if (!ghost && Math.hypot(dx, dy) > 8) {
        ghost = cardEl.cloneNode(true);
        ghost.classList.add('ghost');
        document.body.append(ghost);
      }
      if (ghost) { ghost.style.left = `${ev.clientX - 20}px`; ghost.style.top = `${ev.clientY - 20}px`; }
    };
    const up = (ev) => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', up);
      this.pressed = false;
      if (ghost) this.drop(ghost, ev, from, count); // without one, a tap: the click handles it
      if (this.autoDue) this.autoPlay(); // a state came while the card was held
    };
    this.pressed = true;
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', up);
  }

  drop(ghost, ev, from, count) {
    ghost.remove();
    this.suppressClick = true;
    setTimeout(() => { this.suppressClick = false; }, 0);
    const over = ev.type === 'pointerup' && document.elementFromPoint(ev.clientX, ev.clientY);
    const dest = over && over.closest('[data-pile]');
    if (!dest || dest.dataset.pile === from || dest.dataset.pile === 'stock') return;
    const msg = { type: 'move', from, to: dest.dataset.pile };
    if (count > 1) msg.count = count;
    this.send(msg);
  }

  event(msg) {
    if (msg.type === 'error') this.unanswered = Math.max(0, this.unanswered - 1);
    if (msg.type === 'suggestion') {
      this.ctx.log(msg.move ? `hint: ${msg.text}` : msg.text, 'info');
      this.ctx.toast(msg.move ? `hint: ${msg.text}` : msg.text, 'info');
      if (msg.move) this.showHint(msg.move);
    }
    if (msg.type === 'solved') {
      this.ctx.log(msg.message, 'good');
      // The cards home dance a moment, unless the player asked for less motion.
      if (msg.player === this.ctx.me() && !matchMedia('(prefers-reduced-motion: reduce)').matches) this.el.classList.add('won');
    }
  }

  /** The hint on the board: the card that moves (the stock, for a draw) and the pile it goes
   * to, marked for a few seconds or until a state other than the hint's own. */
  showHint(m) {
    this.hint = m;
    const marked = this.markHint();
    if (marked[0]) marked[0].scrollIntoView({ block: 'nearest' }); // a phone's Hint is below the board
    clearTimeout(this.hintTimer);
    this.hintTimer = setTimeout(() => { this.hint = null; this.render(); }, 6000);
  }

  markHint() {
    const m = this.hint;
    if (!m) return [];
    const at = (sel) => this.el.querySelector(sel);
    const marked = m.type === 'draw' ? [at('[data-pile="stock"]')]
      : [at(`[data-pile="${m.from}"] [data-count="${m.count || 1}"]`), at(`[data-pile="${m.to}"]`)];
    for (const el of marked) if (el) el.classList.add('hint');
    return marked;
  }

  key(e) {
    if (!this.mine) return false;
    const k = e.key;
    if (this.pendingF) {
      this.pendingF = false;
      if (k >= '1' && k <= '4') { this.choose(`f${k}`, null); return true; }
    }
    if (k === 'd' || k === ' ') { this.send({ type: 'draw' }); return true; }
    if (k === 'u') { this.send({ type: 'undo' }); return true; }
    if (k === 'h' && this.state.seats === 1) { this.send({ type: 'hint' }); return true; }
    if (k === 'w') { this.choose('waste', null); return true; }
    if (k === 'f') { this.pendingF = true; return true; }
    if (k >= '1' && k <= '7') {
      const name = `t${k}`;
      if (!this.selected) {
        const up = this.state.tableau[Number(k) - 1].up.length;
        if (!up) return true;
        this.selected = { pile: name, count: 1, byKey: true };
        this.render();
      } else this.choose(name, null);
      return true;
    }
    if (k === 'Escape') { this.selected = null; this.render(); return true; }
    return false;
  }
}

export { listWords };
