// A room: who is in it, the game, chat, and what happened. The game's view draws the
// table; this screen draws everything around it.

import { h, fill, listWords, stopwatch, counted } from './dom.js';
import { VIEWS } from './games/index.js';
import { playerRating, ratingBadge, ratingChanges } from './ratings.js';
import { Toast } from './toast.js';

export class RoomScreen {
  constructor(app) {
    this.app = app;
    this.view = null;
    this.viewGame = null;
  }

  mount(el) {
    this.header = h('div', { class: 'roomhead' });
    this.players = h('ul', { class: 'players', 'aria-label': 'players' });
    this.table = h('section', { class: 'table', 'aria-label': 'game' });
    this.over = h('div', { class: 'over', 'aria-live': 'polite' });
    this.logEl = h('ol', { class: 'log', 'aria-live': 'polite', 'aria-label': 'what happened' });
    this.chatEl = h('ol', { class: 'chat', 'aria-label': 'chat' });
    const input = h('input', { id: 'chat-input', maxlength: 300, autocomplete: 'off', placeholder: 'say something', 'aria-label': 'chat message' });
    this.chatForm = h('form', { class: 'row', onsubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      this.app.send({ type: 'chat', text });
      input.value = '';
    } }, input, h('button', { type: 'submit' }, 'Send'));
    this.actions = h('div', { class: 'actions' });
    this.toast = new Toast();
    this.playarea = h('div', { class: 'playarea' }, this.over, this.table, this.actions);
    el.append(h('div', { class: 'room' },
      this.header,
      this.toast.el,
      h('div', { class: 'roombody' },
        this.playarea,
        h('aside', { class: 'side' },
          this.players,
          h('h3', {}, 'What happened'), this.logEl,
          h('h3', {}, 'Chat'), this.chatEl, this.chatForm))));
    this.keyHandler = (e) => this.key(e);
    document.addEventListener('keydown', this.keyHandler);
    this.tick = setInterval(() => this.view && this.view.tick && this.view.tick(), 250);
    this.stateChanged();
    this.chatChanged();
    this.logChanged();
  }

  destroy() {
    document.removeEventListener('keydown', this.keyHandler);
    clearInterval(this.tick);
  }

  get context() {
    const app = this.app;
    return {
      send: (msg) => app.send(msg),
      me: () => (app.me ? app.me.name : null),
      spectator: () => !app.room || app.room.role === 'spectator' || !(app.state && app.state.players.some((p) => p.name === app.me.name)),
      log: (text, kind) => app.addLog(text, kind),
      toast: (text, kind) => this.toast.show(text, kind, (this.view && this.view.anchor) || this.table),
      connected: () => app.conn.isOpen,
      readOnly: false,
    };
  }

  key(e) {
    if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT' || e.target.tagName === 'TEXTAREA')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.view && this.view.key && this.view.key(e)) e.preventDefault();
  }

  connectionChanged() { this.stateChanged(); }

  message(msg) {
    if (this.view && this.view.event) this.view.event(msg);
    return false;
  }

  stateChanged() {
    const app = this.app;
    const s = app.state;
    this.renderHeader();
    if (!s) { fill(this.table, h('p', { class: 'muted' }, 'Waiting for the room…')); return; }
    if (!this.view || this.viewGame !== s.game) {
      const View = VIEWS[s.game];
      this.view = View ? new View(this.context) : null;
      this.viewGame = s.game;
      fill(this.table, this.view ? this.view.el : h('p', {}, `This page cannot show ${s.game} yet.`));
    }
    if (this.view) this.view.update(s, app.gameOver);
    this.renderPlayers();
    this.renderOver();
    this.renderActions();
    if (s.phase === 'over' && app.gameOver && this.shownOver !== app.gameOver) {
      // The end, and the rematch button under it, come into view once: after a race the
      // player's eyes (and a phone's scroll) are on the board's last cards, far below. The
      // headline says more than the last toast, which would cover it.
      this.shownOver = app.gameOver;
      this.toast.hide();
      this.actions.scrollIntoView({ block: 'nearest' });
      this.over.scrollIntoView({ block: 'nearest' });
    }
  }

  renderHeader() {
    const app = this.app;
    const s = app.state;
    const code = app.room ? app.room.code : '';
    const link = `${location.origin}/#join=${code}`;
    const waiting = s && s.phase === 'waiting' && s.players.length < s.seats;
    const title = s ? gameTitle(app, s.game) : '';
    fill(this.header,
      h('h2', {}, `${title} · room ${code}`),
      app.room && app.room.role === 'spectator' ? h('span', { class: 'badge' }, 'watching') : null,
      s && typeof s.rated === 'boolean' ? ratedBadge(s) : null,
      waiting ? h('div', { class: 'invite' },
        h('span', {}, 'Friends join with the code ', h('strong', {}, code), ' or this link: '),
        h('input', { class: 'linkbox', readOnly: true, value: link, 'aria-label': 'link to this room', onfocus: (e) => e.target.select() }),
        h('button', { class: 'small', onclick: () => copy(link, app) }, 'Copy link')) : null);
  }

  renderPlayers() {
    const s = this.app.state;
    const rating = (name) => { const r = playerRating(s, this.app.gameOver, name); return r ? [' ', ratingBadge(r)] : null; };
    fill(this.players, s.players.map((p) => h('li', { class: p.connected ? '' : 'away', 'data-name': p.name },
      h('span', { class: 'name' }, p.name, rating(p.name),
        p.name === this.app.me.name ? ' (you)' : '', p.bot ? h('span', { class: 'muted' }, ' (bot)') : null),
      h('span', { class: 'score' }, String(p.score)),
      p.resigned ? h('span', { class: 'muted resigned' }, ' resigned') : null,
      p.connected ? null : h('span', { class: 'muted' }, ' away'))),
      h('li', { class: 'muted' }, [
        s.players.length <= s.seats ? `${s.players.length}/${s.seats} seats` : '', // the rps robot sits beside one seat
        s.spectators ? ` · ${s.spectators} watching` : ''].join('') || null));
  }

  renderOver() {
    const app = this.app;
    const s = app.state;
    const over = app.gameOver;
    if (!s || s.phase !== 'over' || !over) { fill(this.over); this.over.className = 'over'; return; }
    this.over.className = 'over shown';
    const me = app.me.name;
    const winners = over.winners || [];
    let headline;
    if (winners.length === 0 && app.aborted) headline = 'Game aborted: no result.';
    else if (winners.length === 0) headline = s.players.length ? 'Game over: no winner.' : 'Game over: everyone left.';
    else if (winners.includes(me)) headline = winners.length > 1 ? `A tie: you share the win with ${listWords(winners.filter((w) => w !== me))}.` : 'You win!';
    else headline = `${listWords(winners)} ${winners.length > 1 ? 'win' : 'wins'}.`;
    const scores = Object.entries(over.scores || {}).map(([n, v]) => `${n} ${v}`).join(' · ');
    const summary = over.summary ? summaryLine(s.game, over.summary) : null;
    fill(this.over,
      h('h3', { id: 'game-over' }, headline),
      scores ? h('p', {}, `Scores: ${scores}`) : null,
      over.ratings ? ratingChanges(over.ratings, me) : null,
      summary ? h('p', {}, summary) : null,
      // rps deals no cards: its seed drove the robot and the timing, not a deal.
      over.seed !== undefined ? h('p', { class: 'muted' }, `${s.game.startsWith('rps') ? 'Played from' : 'Dealt from'} seed ${over.seed}.`) : null,
      over.game_id ? h('p', {}, h('a', { href: `#replay=${over.game_id}` }, 'Watch the replay')) : null);
  }

  renderActions() {
    const app = this.app;
    const s = app.state;
    const seated = s.players.some((p) => p.name === app.me.name);
    const votes = s.rematch_votes || [];
    const items = [];
    if (seated && s.phase === 'waiting' && s.players.length < s.seats && s.players.length >= 1) {
      items.push(h('button', { class: 'primary', onclick: () => app.send({ type: 'start' }) }, 'Start now'));
    }
    if (seated && s.phase === 'over' && app.gameOver) {
      const offered = votes.includes(app.me.name);
      items.push(h('button', { class: 'primary', disabled: offered, onclick: () => app.send({ type: 'start' }) },
        offered ? 'Rematch offered' : (s.seats > 1 ? 'Offer a rematch' : 'Play again')));
      const others = votes.filter((v) => v !== app.me.name);
      if (others.length) items.push(h('span', {}, `${listWords(others)} ${others.length > 1 ? 'want' : 'wants'} a rematch`));
    }
    const mine = s.players.find((p) => p.name === app.me.name);
    if (mine && !mine.resigned && s.phase === 'playing') {
      items.push(s.abortable
        ? h('button', { id: 'abort', onclick: () => this.concede('abort') }, 'Abort')
        : h('button', { id: 'resign', onclick: () => this.concede('resign') }, 'Resign'));
    }
    items.push(h('button', { onclick: () => this.leave() }, seated ? 'Leave' : 'Stop watching'));
    fill(this.actions, items);
    // Under the headline once the game is over (the rematch is what comes next); under the
    // board while it is played.
    const place = s.phase === 'over' ? this.table : null;
    if (this.actions.nextSibling !== place) this.playarea.insertBefore(this.actions, place);
  }

  /** Resign (the game is lost; the player stays in the room) or abort (nobody has moved:
   * no result), asked first. */
  concede(type) {
    const words = type === 'abort'
      ? 'Abort the game? Nobody has moved yet: it ends with no result for anyone.'
      : 'Resign? You lose this game (you stay in the room for a rematch).';
    if (!window.confirm(words)) return;
    this.app.send({ type });
  }

  leave() {
    const app = this.app;
    const s = app.state;
    const seated = s && s.players.some((p) => p.name === app.me.name);
    if (seated && s.phase === 'playing') {
      const words = s.game === 'rps' && s.players.length > 1
        ? 'Leave the match? You forfeit it: the other player wins.'
        : 'Leave the game while it is being played? Your points stay as they are and you cannot come back to this game.';
      if (!window.confirm(words)) return;
    }
    app.send({ type: 'leave' });
  }

  chatChanged() {
    if (!this.chatEl) return;
    fill(this.chatEl, this.app.chat.map((c) => h('li', {}, h('strong', {}, c.from), ' ', c.text)));
    this.chatEl.scrollTop = this.chatEl.scrollHeight;
  }

  logChanged() {
    if (!this.logEl) return;
    fill(this.logEl, this.app.log.slice(-30).map((l) => h('li', { class: l.kind }, l.text)));
    this.logEl.scrollTop = this.logEl.scrollHeight;
  }
}

/** "Rated" or "Casual", from `state.rated` (present only in a room created rated). */
function ratedBadge(s) {
  const why = s.rated
    ? (s.phase === 'waiting' ? 'rated if every seat is taken by a signed-in account' : 'this game is rated: ratings change when it ends')
    : 'not rated: a guest is seated, or only one seat is taken';
  return h('span', { class: `badge ${s.rated ? 'rated' : 'casual'}`, id: 'rated-badge', title: why }, s.rated ? 'Rated' : 'Casual');
}

export function gameTitle(app, game) {
  const g = (app.catalog || []).find((c) => c.name === game);
  return g ? g.title : game;
}

function summaryLine(game, s) {
  // Time gone by, as the game's clock above the board shows it (a countdown's clock rounds up).
  const parts = [`time ${stopwatch(s.time_ms)}`];
  // "1 wrong claim", not "1 wrong claims" (issue 43).
  if (game === 'set') parts.push(counted(s.sets_found, 'Set'), counted(s.wrong_claims, 'wrong claim'), counted(s.hints, 'hint'));
  if (game === 'klondike' && s.moves !== undefined) parts.push(counted(s.moves, 'move'), counted(s.undos, 'undo'));
  if (game === 'rps-brain') parts.push(`${s.accuracy_percent}% right`, `mean reaction ${s.mean_reaction_ms} ms`);
  return parts.join(' · ');
}

function copy(text, app) {
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(() => app.notice('link copied'), () => app.notice('select the link and copy it'));
  } else {
    app.notice('select the link and copy it');
  }
}
