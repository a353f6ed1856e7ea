// Set: the board as buttons drawn in SVG (shape and fill, never colour alone), picked by
// click, tap or the letter on the card (letters run across the rows, as you read).

import { h, svg, fill, listWords, signed, stopwatch, counted } from '../dom.js';

/** "2 red striped circles". */
export function setCardName(c) {
  const shape = c.count === 1 ? c.shape : `${c.shape}s`;
  return `${c.count} ${c.color} ${c.fill} ${shape}`;
}

// The features in the terminal's order (CardClient's Narration.brokenRule), each with its
// value as it reads after "two" and "one": "two 3s", "two circles", "two red", "two open".
const FEATURES = [
  ['counts', (c) => String(c.count), (v) => `${v}s`],
  ['shapes', (c) => c.shape, (v) => `${v}s`],
  ['colours', (c) => c.color, (v) => v],
  ['fills', (c) => c.fill, (v) => v],
];

/** Why three cards are not a Set, as the terminal says it: the first feature that is
 * neither all the same nor all different ("the shapes are two circles and one triangle");
 * null for any other number of cards. */
export function brokenRule(cards) {
  if (cards.length !== 3) return null;
  for (const [name, value, plural] of FEATURES) {
    const values = cards.map(value);
    if (new Set(values).size !== 2) continue;
    const twice = values.find((v) => values.filter((w) => w === v).length === 2);
    const once = values.find((v) => v !== twice);
    return `the ${name} are two ${plural(twice)} and one ${once}`;
  }
  return null;
}

const LETTERS = 'abcdefghijklmnopqrstuvwx';
const COLORS = { red: '#d62d3a', green: '#1a9a48', purple: '#7b3fb0' };

/** One Set card as an SVG picture. */
export function setCardSVG(c) {
  const color = COLORS[c.color] || '#888';
  const paint = c.fill === 'solid' ? color : c.fill === 'striped' ? `url(#stripe-${c.color})` : 'none';
  const shapes = [];
  const w = 26, gap = 8;
  const total = c.count * w + (c.count - 1) * gap;
  for (let i = 0; i < c.count; i++) {
    const x = 60 - total / 2 + i * (w + gap);
    const common = { fill: paint, stroke: color, 'stroke-width': 3 };
    if (c.shape === 'circle') shapes.push(svg('ellipse', { cx: x + w / 2, cy: 40, rx: w / 2, ry: 24, ...common }));
    else if (c.shape === 'square') shapes.push(svg('rect', { x, y: 16, width: w, height: 48, rx: 2, ...common }));
    else shapes.push(svg('polygon', { points: `${x + w / 2},14 ${x + w},66 ${x},66`, 'stroke-linejoin': 'round', ...common }));
  }
  return svg('svg', { viewBox: '0 0 120 80', class: 'setsvg', 'aria-hidden': 'true', focusable: 'false' }, shapes);
}

export class SetView {
  constructor(ctx) {
    this.ctx = ctx;
    this.picked = [];
    this.boardKey = '';
    this.el = h('div', { class: 'game set' });
    this.info = h('p', { class: 'info' });
    this.chainEl = h('div', { class: 'chain' });
    this.board = h('div', { class: 'setboard', role: 'group', 'aria-label': 'the board' });
    this.buttons = h('div', { class: 'row' });
    this.found = h('ol', { class: 'found', 'aria-label': 'Sets found' });
    this.clockEl = h('p', { class: 'clock muted' });
    this.tallies = h('ul', { class: 'tallies' });
    this.sets = [];
    this.claims = []; // who claimed, whether it was a Set, and the game's clock then
    this.anchor = this.board; // where a claim's toast goes
    this.el.append(this.info, this.clockEl, this.chainEl, this.board, this.buttons, this.tallies,
      h('details', { class: 'help' }, h('summary', {}, 'How to play'),
        h('p', {}, 'Three cards are a Set when each feature (number, shape, colour, fill) is the same on all three or different on all three. Click or tap three cards, or type their letters. A wrong claim costs 5 points; a Set scores 3. "3 more cards" asks for more when you cannot find one.')),
      h('h3', {}, 'Sets found'), this.found);
  }

  get needed() { return this.state && this.state.variant === 'ultra' ? 4 : 3; }

  update(s) {
    // A rematch is a new game: the last game's Sets go with it (the view outlives the game).
    if (this.lastPhase && this.lastPhase !== 'playing' && s.phase === 'playing' && (this.sets.length || this.claims.length)) {
      this.sets = [];
      this.claims = [];
      this.renderFound();
    }
    // The game's clock: the state's, running on between states while the game is played.
    this.clockBase = s.clock_ms == null ? null : { ms: s.clock_ms, at: performance.now(), running: s.phase === 'playing' };
    this.tick();
    this.lastPhase = s.phase;
    this.state = s;
    const key = s.board.map((c) => c.id).join(',') + '|' + (s.chain || []).map((c) => c.id).join(',');
    if (key !== this.boardKey) {
      if (this.picked.length && this.boardKey) {
        const why = s.cause && s.cause.kind === 'command' && s.cause.command === 'claim' && s.cause.player !== this.ctx.me()
          ? `${s.cause.player} took a Set` : 'the board changed';
        this.ctx.log(`${why}; your picks were cleared`, 'info');
      }
      this.picked = [];
      this.boardKey = key;
    }
    this.render();
    this.renderTallies();
  }

  event(msg) {
    if (msg.type === 'claimed') {
      const names = msg.cards.map(setCardName).join(', ');
      const who = msg.player === this.ctx.me() ? 'you' : msg.player;
      const kind = msg.cards.length === 4 ? 'an UltraSet' : 'a Set';
      this.claims.push({ player: msg.player, valid: msg.valid, at: this.clockNow() });
      if (msg.valid) {
        this.sets.unshift({ player: msg.player, cards: msg.cards, at: this.clockNow() });
        this.ctx.log(`${who} found ${kind} (${signed(msg.points)}): ${names}`, 'good');
        this.ctx.toast(`${who} found ${kind} ${signed(msg.points)}`, 'good');
      } else {
        const rule = brokenRule(msg.cards);
        this.ctx.log(`${who}: not ${kind}${rule ? `, ${rule}` : ''} (${signed(msg.points)}): ${names}`, 'bad');
        this.ctx.toast(`${who}: not ${kind}${rule ? ` — ${rule}` : ''}, ${signed(msg.points)}`, 'bad');
      }
      this.renderFound();
    } else if (msg.type === 'hint') {
      this.ctx.log(`hint: ${msg.cards.map(setCardName).join(', ')}`, 'info');
    } else if (msg.type === 'error' && msg.code === 'stale') {
      this.ctx.log('too late: those cards were just taken', 'info');
      this.ctx.toast('too late: those cards were just taken', 'info');
    }
  }

  render() {
    const s = this.state;
    const playing = s.phase === 'playing';
    const spectator = this.ctx.spectator();
    const hinted = new Set(s.hint || []);
    const variant = s.variant ? ` · ${s.variant}` : '';
    fill(this.info, playing
      ? `${s.deck} cards in the deck · ${s.board.length} on the table${variant}${spectator ? ' · you are watching' : ` · pick ${this.needed} cards`}`
      : s.phase === 'waiting' ? 'Waiting for players…' : 'The game is over.');
    fill(this.chainEl, (s.chain && s.chain.length) ? [h('span', { class: 'muted' }, 'last Set (use one of these):'),
      s.chain.map((c) => this.cardButton(c, null, playing && !spectator, hinted))] : null);
    fill(this.board, s.board.map((c, i) => this.cardButton(c, LETTERS[i], playing && !spectator, hinted)));
    const solo = s.seats === 1;
    const votes = s.deal_votes || [];
    fill(this.buttons,
      playing && !spectator ? h('button', { onclick: () => this.ctx.send({ type: 'deal' }), title: 'key +' },
        votes.length && !solo ? `3 more cards (${listWords(votes)} asked)` : '3 more cards') : null,
      playing && !spectator && solo ? h('button', { onclick: () => this.ctx.send({ type: 'hint' }), title: 'key ?' }, `Hint${s.hints_used ? ` (${s.hints_used} used)` : ''}`) : null,
      this.picked.length ? h('button', { onclick: () => { this.picked = []; this.render(); } }, 'Clear picks') : null);
  }

  cardButton(c, letter, enabled, hinted) {
    const picked = this.picked.includes(c.id);
    const name = setCardName(c);
    return h('button', {
      class: `setcard${picked ? ' picked' : ''}${hinted.has(c.id) ? ' hinted' : ''}`,
      'aria-pressed': picked ? 'true' : 'false',
      'aria-label': letter ? `${letter}: ${name}` : name,
      'data-id': c.id,
      disabled: !enabled,
      onclick: () => this.toggle(c.id),
    }, setCardSVG(c), letter ? h('span', { class: 'letter', 'aria-hidden': 'true' }, letter) : null);
  }

  toggle(id) {
    const i = this.picked.indexOf(id);
    if (i >= 0) this.picked.splice(i, 1);
    else this.picked.push(id);
    if (this.picked.length === this.needed) {
      this.ctx.send({ type: 'claim', cards: this.picked.slice() });
      this.picked = [];
    }
    this.render();
  }

  /** The game's clock now, in ms; null from a server that sends none. */
  clockNow() {
    const b = this.clockBase;
    return b ? b.ms + (b.running ? performance.now() - b.at : 0) : null;
  }

  tick() {
    const now = this.clockNow();
    this.clockEl.textContent = now === null ? '' : `time ${stopwatch(now)}`;
  }

  /**
   * Drawn with each state (update), so a rematch's first state clears them.
   * At the end, as the terminal has them: each player's Sets, wrong claims and fastest Set
   * (the least time from the Set before it, or from the deal).
   */
  renderTallies() {
    const s = this.state;
    if (!s || s.phase !== 'over' || !this.claims.length) { fill(this.tallies); return; }
    const tally = () => ({ sets: 0, wrong: 0, fastest: null });
    const rows = new Map(s.players.map((p) => [p.name, tally()]));
    let last = 0;
    for (const c of this.claims) {
      // Someone who claimed and has left since has a row too.
      if (!rows.has(c.player)) rows.set(c.player, tally());
      const r = rows.get(c.player);
      if (!c.valid) { r.wrong += 1; continue; }
      r.sets += 1;
      if (c.at !== null) { r.fastest = Math.min(r.fastest ?? Infinity, Math.max(0, c.at - last)); last = c.at; }
    }
    fill(this.tallies, [...rows].map(([name, r]) => h('li', {},
      `${name === this.ctx.me() ? 'you' : name}: ${counted(r.sets, 'Set')} · ${counted(r.wrong, 'wrong claim')}${r.fastest === null ? '' : ` · fastest ${quickness(r.fastest)}`}`)));
  }

  renderFound() {
    fill(this.found, this.sets.slice(0, 8).map((set) => h('li', {},
      h('span', { class: 'who' }, set.player), ' ',
      set.at === null ? null : h('span', { class: 'muted' }, `${stopwatch(set.at)} `),
      h('span', { class: 'mini' }, set.cards.map((c) => h('span', { class: 'minicard', title: setCardName(c) }, setCardSVG(c)))))));
  }

  key(e) {
    const s = this.state;
    if (!s || s.phase !== 'playing' || this.ctx.spectator()) return false;
    const i = LETTERS.indexOf(e.key);
    if (i >= 0 && i < s.board.length) { this.toggle(s.board[i].id); return true; }
    if (e.key === '+') { this.ctx.send({ type: 'deal' }); return true; }
    if (e.key === '?' && s.seats === 1) { this.ctx.send({ type: 'hint' }); return true; }
    if (e.key === 'Escape') { this.picked = []; this.render(); return true; }
    return false;
  }
}

/** A Set's time: tenths of a second under ten seconds ("0.8 s", where "0:00" said nothing), then the clock. */
function quickness(ms) {
  return ms < 10000 ? `${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)} s` : stopwatch(ms);
}
