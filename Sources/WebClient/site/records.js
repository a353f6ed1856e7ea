// Records: a player's games (with the opponents, result and date the server keeps),
// the leaderboards, the daily deals, and replays stepped through frame by frame.

import { h, svg, fill, duration, counted } from './dom.js';
import { emojiDrawn } from './emoji.js';
import { VIEWS } from './games/index.js';
import { setCardName } from './games/set.js';
import { pileWords } from './games/klondike.js';
import { gameTitle } from './room.js';
import { ratingText, diffText, ratingChart } from './ratings.js';

export class Records {
  constructor(app) { this.app = app; }

  mount(el) {
    const app = this.app;
    this.statsEl = h('div', { class: 'card' }, h('p', { class: 'muted' }, 'Loading…'));
    this.boardEl = h('div', { class: 'card' });
    const games = (app.catalog || []).map((g) => g.name);
    this.gameSelect = h('select', { id: 'lb-game', 'aria-label': 'game', onchange: () => this.askBoard() },
      games.map((g) => h('option', { value: g }, gameTitle(app, g))));
    this.daily = h('input', { id: 'lb-daily', type: 'checkbox', onchange: () => { if (this.daily.checked) this.rated.checked = false; this.askBoard(); } });
    this.rated = h('input', { id: 'lb-rated', type: 'checkbox', onchange: () => { if (this.rated.checked) this.daily.checked = false; this.askBoard(); } });
    const name = h('input', { id: 'stats-name', value: app.me.name, 'aria-label': 'player name', maxlength: 20 });
    el.append(h('section', { class: 'records' },
      h('form', { class: 'card row', onsubmit: (e) => { e.preventDefault(); app.send({ type: 'stats', name: name.value.trim() || app.me.name }); } },
        h('label', { for: 'stats-name' }, 'Records of'), name, h('button', { type: 'submit' }, 'Show')),
      this.statsEl,
      h('div', { class: 'card' },
        h('div', { class: 'row' }, h('h2', {}, 'Leaderboard'), this.gameSelect,
          h('span', { class: 'check' }, this.daily, h('label', { for: 'lb-daily' }, 'today\'s daily deal')),
          h('span', { class: 'check' }, this.rated, h('label', { for: 'lb-rated' }, 'by rating'))),
        this.boardEl)));
    app.send({ type: 'stats', name: app.me.name });
    this.askBoard();
  }

  askBoard() {
    const game = this.gameSelect.value;
    const msg = { type: 'leaderboard', game };
    if (this.rated.checked) msg.rated = true;
    if (this.daily.checked) {
      if (game !== 'set' && game !== 'klondike') { fill(this.boardEl, h('p', { class: 'muted' }, 'Only Set and Klondike have a daily deal.')); return; }
      msg.daily = true;
    }
    this.app.send(msg);
  }

  message(msg) {
    const app = this.app;
    if (msg.type === 'stats') {
      const per = Object.entries(msg.by_game).map(([g, v]) => h('li', {}, `${gameTitle(app, g)}: ${counted(v.games, 'game')}, ${v.wins} won${g === 'klondike' ? '' : `, ${v.points} points`}`));
      fill(this.statsEl,
        h('h2', {}, `${msg.name}: ${counted(msg.games, 'game')}, ${msg.wins} won`),
        msg.bot ? h('p', { class: 'muted' }, 'A bot\'s account.') : msg.account ? null : h('p', { class: 'muted' }, 'A guest\'s name: the games of everyone who played as it.'),
        per.length ? h('ul', {}, per) : h('p', { class: 'muted' }, 'No finished games yet.'),
        ratingsPart(app, msg.ratings),
        msg.recent ? [h('h3', {}, 'Recent games'), h('ul', { class: 'recent' }, msg.recent.map((r) => h('li', {},
          h('span', {}, recentLine(app, r)), ' ',
          h('a', { href: `#replay=${r.game_id}` }, 'replay'))))] : null);
      return true;
    }
    if (msg.type === 'leaderboard') {
      fill(this.boardEl, msg.entries.length ? h('ol', { class: 'board' }, msg.entries.map((e) => h('li', {},
        `${e.name}${e.bot ? ' (bot)' : e.account ? '' : ' (guest)'}: ${counted(e.wins, 'win')} of ${e.games}${msg.game === 'klondike' ? '' : `, ${e.points} points`}`))) : h('p', { class: 'muted' }, 'Nobody has finished a game of it yet.'));
      return true;
    }
    if (msg.type === 'rating_leaderboard') {
      fill(this.boardEl, msg.entries.length ? h('ol', { class: 'board' }, msg.entries.map((e) => h('li', {},
        `${e.name}${e.bot ? ' (bot)' : ''}: ${ratingText(e.rating, false)} (± ${Math.round(e.deviation)}, ${counted(e.games, 'rated game')})`)))
        : h('p', { class: 'muted' }, 'Nobody has an established rating in it yet: a rating counts here once it is under ± 110, from rated games in the last 30 days.'));
      return true;
    }
    if (msg.type === 'daily_leaderboard') {
      fill(this.boardEl, h('p', { class: 'muted' }, `${msg.day}: ${msg.deal}`),
        msg.entries.length ? h('ol', { class: 'board' }, msg.entries.map((e) => h('li', {},
          `${e.name}: ${e.finished ? 'finished' : 'not finished'}${e.time_ms !== undefined ? ` in ${duration(e.time_ms)}` : ''}${e.moves !== undefined ? `, ${e.moves} moves` : ''}${e.sets_found !== undefined ? `, ${e.sets_found} Sets` : ''}`))) : h('p', { class: 'muted' }, 'Nobody has played today\'s deal yet.'));
      return true;
    }
    return false;
  }
}

/** `stats.ratings`: each game's rating now, how many games it counts, and its history drawn. */
function ratingsPart(app, ratings) {
  const games = Object.entries(ratings || {});
  if (!games.length) return null;
  return [h('h3', {}, 'Ratings'), h('div', { class: 'ratings' }, games.map(([game, r]) => {
    const title = gameTitle(app, game);
    const last = r.history[r.history.length - 1];
    return h('section', { class: 'ratinggame', 'data-game': game, 'aria-label': `${title} rating` },
      h('p', {},
        h('strong', {}, `${title}: `), h('span', { class: 'rating big' }, ratingText(r.rating, r.provisional)),
        ` · ${counted(r.games, 'rated game')}`,
        last ? ` · last ${diffText(last.diff)}` : ''),
      r.provisional ? h('p', { class: 'muted small' }, `? means provisional: still uncertain (± ${Math.round(r.deviation)}); it settles below ± 110 as more rated games are played.`) : null,
      r.history.length ? ratingChart(title, r) : null);
  }))];
}

function recentLine(app, r) {
  const parts = [gameTitle(app, r.game), r.won ? 'won' : 'not won'];
  if (r.opponents && r.opponents.length) parts.push(`against ${r.opponents.join(', ')}`);
  if (r.ended) parts.push(new Date(r.ended).toLocaleString());
  if (r.time_ms !== undefined) parts.push(duration(r.time_ms));
  return parts.join(' · ');
}

export class ReplayScreen {
  constructor(app, gameId) {
    this.app = app;
    this.gameId = gameId;
    this.step = 0;
    this.steps = null;
  }

  mount(el) {
    this.head = h('div', { class: 'card' }, h('p', { class: 'muted' }, `Loading the replay of ${this.gameId}…`));
    this.table = h('section', { class: 'table' });
    this.events = h('ol', { class: 'log' });
    this.controls = h('div', { class: 'row' });
    el.append(h('section', { class: 'replay' }, this.head, this.controls, this.table, this.events));
    this.keys = (e) => {
      if (e.target.tagName === 'INPUT') return;
      if (e.key === 'ArrowRight' || e.key === 'n') this.go(this.step + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'p') this.go(this.step - 1);
    };
    document.addEventListener('keydown', this.keys);
    this.app.send({ type: 'replay', game: this.gameId });
    // The address says which replay this is, so it can be kept or sent on.
    history.replaceState(null, '', `#replay=${this.gameId}`);
  }

  destroy() {
    document.removeEventListener('keydown', this.keys);
    if (location.hash.startsWith('#replay=')) history.replaceState(null, '', location.pathname);
  }

  go(step) {
    if (!this.steps && this.steps !== 0) return;
    const n = Math.max(0, Math.min(this.steps, step));
    this.app.send({ type: 'replay', game: this.gameId, step: n });
  }

  message(msg) {
    if (msg.type === 'replay') {
      this.replay = msg;
      this.steps = msg.steps.length;
      const names = msg.players.filter(Boolean);
      fill(this.head, h('h2', {}, `Replay: ${gameTitle(this.app, msg.game)} · ${names.join(' vs ')}`),
        h('p', { class: 'muted' }, `${new Date(msg.started_ms).toLocaleString()} · ${msg.steps.length} steps · seed ${msg.seed}`));
      this.go(0);
      return true;
    }
    if (msg.type === 'replay_frame') {
      this.step = msg.step;
      const s = msg.state;
      if (!this.view || this.viewGame !== s.game) {
        const View = VIEWS[s.game];
        this.view = new View({ send: () => {}, me: () => this.replay.players[msg.seat], spectator: () => true, log: () => {}, toast: () => {}, connected: () => true, readOnly: true });
        this.viewGame = s.game;
        fill(this.table, this.view.el);
      }
      this.view.update(s, null);
      const step = msg.step > 0 ? this.replay.steps[msg.step - 1] : null;
      fill(this.controls,
        h('button', { onclick: () => this.go(0), disabled: msg.step === 0 }, skip('start'), ' start'),
        h('button', { onclick: () => this.go(msg.step - 1), disabled: msg.step === 0, 'aria-label': 'previous step' }, '◀ back'),
        h('span', { class: 'stepno' }, `step ${msg.step} of ${msg.steps}`),
        h('button', { onclick: () => this.go(msg.step + 1), disabled: msg.step >= msg.steps, 'aria-label': 'next step' }, 'next ▶'),
        h('button', { onclick: () => this.go(msg.steps), disabled: msg.step >= msg.steps }, 'end ', skip('end')));
      fill(this.events, step ? h('li', {}, describeStep(step, msg.events)) : h('li', {}, 'the deal'),
        msg.events.filter((e) => e.type === 'game_over').map((e) => h('li', { class: 'good' }, `game over: ${(e.winners || []).join(', ') || 'no winner'}`)));
      return true;
    }
    if (msg.type === 'error') {
      fill(this.head, h('p', { class: 'error' }, msg.message));
      return true;
    }
    return false;
  }
}

/** ⏮ or ⏭, or the same drawn (a bar beside a triangle) where emoji cannot be drawn. */
function skip(to) {
  if (emojiDrawn()) return to === 'start' ? '⏮' : '⏭';
  const shape = to === 'start' ? 'M3 2v12M14 2L5 8l9 6z' : 'M13 2v12M2 2l9 6-9 6z';
  return svg('svg', { class: 'skip', viewBox: '0 0 16 16', 'aria-hidden': 'true', focusable: 'false' },
    svg('path', { d: shape, fill: 'currentColor', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linejoin': 'round' }));
}

function describeStep(step, events) {
  const who = step.name || '';
  if (step.kind !== 'move') return `${who} ${step.kind}`.trim();
  const c = step.command;
  // A Set claim by its cards' names, as the room said it, not their ids.
  const claimed = events.find((e) => e.type === 'claimed');
  if (claimed) return `${who}: ${claimed.valid ? 'a Set' : 'not a Set'}: ${claimed.cards.map(setCardName).join(', ')}`;
  return `${who}: ${commandWords(c)}`;
}

/** A game command in a few words, piles as the board names them: "tableau 7 → tableau 2 (3 cards)", "throw rock". */
function commandWords(c) {
  switch (c.type) {
    case 'throw': return `throw ${c.sign}`;
    case 'answer': return `answer ${c.sign}`;
    case 'flip': return `flip card ${c.card + 1}`;
    case 'move': return `${pileWords(c.from)} → ${pileWords(c.to)}${c.count > 1 ? ` (${c.count} cards)` : ''}`;
    case 'auto': return `${pileWords(c.from)} home`;
    default: {
      const rest = Object.entries(c).filter(([k]) => k !== 'type').map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(' ') : v}`).join(', ');
      return `${c.type}${rest ? ` (${rest})` : ''}`;
    }
  }
}

