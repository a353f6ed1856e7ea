// Klondike: tap a card then where it goes, or drag it there; tap the same card twice (or
// double-click it) to send it home. Keys: d draw, w waste, 1-7 tableau, f1-f4 foundations,
// u undo, h hint, Esc cancel. Face-down cards are counts only: the server never sends them.

import { h, fill, listWords } from '../dom.js';
import { playerRating, ratingText } from '../ratings.js';

const SUITS = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' };
const RANKS = [null, 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const RANK_WORDS = [null, 'ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king'];
const PILE_WORDS = { waste: 'waste', f1: 'foundation 1', f2: 'foundation 2', f3: 'foundation 3', f4: 'foundation 4' };

const red = (c) => c.suit === 'hearts' || c.suit === 'diamonds';
export const cardText = (c) => `${RANKS[c.rank]}${SUITS[c.suit]}`;
export const cardWords = (c) => `${RANK_WORDS[c.rank]} of ${c.suit}`;
const pileWords = (p) => PILE_WORDS[p] || `tableau ${p.slice(1)}`;

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
    this.el = h('div', { class: 'game klondike' });
    this.info = h('p', { class: 'info' });
    this.top = h('div', { class: 'ktop' });
    this.tableau = h('div', { class: 'ktableau' });
    this.buttons = h('div', { class: 'row' });
    this.progress = h('ul', { class: 'progress' });
    this.anchor = this.tableau; // where a move's toast goes
    this.el.append(this.info, this.top, this.tableau, this.buttons, this.progress,
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
    this.state = s;
    if (before && s.seq !== before.seq) {
      const moved = movedWords(before, s, this.ctx.me());
      if (moved) this.ctx.toast(moved, 'info');
    }
    this.over = over;
    this.selected = null;
    this.render();
  }

  render() {
    const s = this.state;
    const seats = s.seats;
    const score = s.score !== undefined && s.score !== null ? ` · score ${s.score}` : '';
    const passes = s.passes_left !== undefined && s.passes_left !== null ? ` · ${s.passes_left} passes left` : '';
    let line;
    if (s.phase === 'waiting') line = 'Waiting for players… (a winnable deal is searched for once everyone is in)';
    else if (!s.player) line = 'A race: you see each player\'s progress; the cards show when the game is over.';
    else line = `${s.player === this.ctx.me() ? 'Your game' : `${s.player}'s game`} · ${s.moves} moves · draw ${s.draw}${passes}${score}`;
    if (this.selected) line += ` · picked ${this.describeSelection()}: now tap where it goes`;
    fill(this.info, line);

    const mine = this.mine;
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
    const allUp = s.tableau.every((t) => t.down === 0);
    const solo = seats === 1;
    fill(this.buttons, mine ? [
      h('button', { onclick: () => this.send({ type: 'draw' }), title: 'key d' }, 'Draw'),
      h('button', { onclick: () => this.send({ type: 'undo' }), title: 'key u' }, 'Undo'),
      solo ? h('button', { onclick: () => this.send({ type: 'hint' }), title: 'key h' }, 'Hint') : null,
      s.stock === 0 && s.waste_count === 0 && allUp ? h('button', { class: 'primary', onclick: () => this.send({ type: 'finish' }) }, 'Finish: all home') : null,
      this.selected ? h('button', { onclick: () => { this.selected = null; this.render(); } }, 'Cancel') : null,
    ] : null);
    fill(this.progress, (s.progress || []).length > 1 || !s.player
      ? (s.progress || []).map((p) => {
        const r = playerRating(s, this.over, p.name);
        return h('li', {}, `${p.name}${r ? ` ${ratingText(r.rating, r.provisional)}` : ''}: ${p.cards_home} cards home, ${p.moves} moves`);
      }) : null);
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
    this.ctx.send(msg);
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
    if (from.byKey && from.pile.startsWith('t') && name.startsWith('t')) n = this.fittingCount(from.pile, name) || n;
    if (n > 1) move.count = n;
    this.send(move);
  }

  defaultCount(name) {
    const s = this.state;
    if (name === 'waste') return s.waste.length ? 1 : 0;
    if (name.startsWith('f')) return s.foundations[Number(name[1]) - 1].length ? 1 : 0;
    return s.tableau[Number(name.slice(1)) - 1].up.length ? 1 : 0;
  }

  /** For keys: how many cards of a tableau run go onto another pile (0: none fits). */
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
      if (!ghost) return; // a tap: the click handles it
      ghost.remove();
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; }, 0);
      const over = document.elementFromPoint(ev.clientX, ev.clientY);
      const dest = over && over.closest('[data-pile]');
      if (!dest || dest.dataset.pile === from || dest.dataset.pile === 'stock') return;
      const msg = { type: 'move', from, to: dest.dataset.pile };
      if (count > 1) msg.count = count;
      this.send(msg);
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
  }

  event(msg) {
    if (msg.type === 'suggestion') this.ctx.log(msg.move ? `hint: ${msg.text}` : msg.text, 'info');
    if (msg.type === 'solved') this.ctx.log(msg.message, 'good');
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
