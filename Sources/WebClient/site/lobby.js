// The lobby: public rooms (paged as the server pages them), a room code to join or
// watch, and the new-game form built from the server's own catalog of games.

import { h, fill, counted, listWords } from './dom.js';
import { GAME_BLURBS, OPTION_HELP } from './games/index.js';
import { ratingText } from './ratings.js';
import { reconcile } from './option-rules.js';

// A room's options as the terminal's lobby says them, after its game: " · ultra", " · draw 3 · vegas".
function optionWords(options) {
  return Object.entries(options).map(([name, value]) => {
    const words = name.replaceAll('_', ' ');
    if (typeof value === 'string') return ` · ${value}`;
    if (typeof value === 'boolean') return value ? ` · ${words}` : ` · ${words} off`;
    return ` · ${words} ${value}`;
  }).join('');
}

export class Lobby {
  constructor(app) {
    this.app = app;
    this.rooms = [];
    this.total = 0;
    this.next = null;
    this.ratedWanted = !!app.account; // ticked for an account until its player unticks it
  }

  mount(el) {
    this.roomsList = h('div', { class: 'rooms', 'aria-live': 'polite' });
    this.more = h('div');
    const code = h('input', { id: 'code', maxlength: 12, autocomplete: 'off', autocapitalize: 'characters', placeholder: 'K7QX', 'aria-label': 'room code' });
    const byCode = (kind) => (e) => {
      e.preventDefault();
      const c = code.value.trim();
      if (c) this.app.send({ type: kind, room: c });
    };
    this.form = h('form', { class: 'card newgame', onsubmit: (e) => this.create(e) });
    this.quick = h('div', { class: 'card quick', 'aria-live': 'polite' });
    this.dailyCard = h('div', { class: 'card daily' });
    this.dailies = {};
    this.seeksCard = h('div', { class: 'card seeks', 'aria-live': 'polite' });
    this.onlineCard = h('div', { class: 'card online', 'aria-live': 'polite' });
    this.players = null;
    this.seeks = [];
    el.append(
      h('section', { class: 'lobby' },
        this.quick,
        this.dailyCard,
        this.seeksCard,
        this.onlineCard,
        h('div', { class: 'card' },
          h('h2', {}, 'Join a friend'),
          h('form', { class: 'row', onsubmit: byCode('join') },
            code,
            h('button', { type: 'submit', class: 'primary' }, 'Join'),
            h('button', { type: 'button', onclick: byCode('watch') }, 'Watch'))),
        this.form,
        h('div', { class: 'card' },
          h('div', { class: 'row spread' }, h('h2', {}, 'Open rooms'),
            h('button', { class: 'small', onclick: () => this.refresh() }, 'Refresh')),
          this.roomsList, this.more)));
    this.renderForm();
    this.renderQuick();
    this.askDailies();
    this.renderSeeks();
    this.renderOnline();
    this.renderRooms();
    // The lobby streams: the rooms, seeks and pool counts once, then each change as it comes.
    this.view = null;
    this.refresh();
  }

  destroy() {
    if (this.app.conn.isOpen) this.app.conn.send({ type: 'unsubscribe', lobby: true });
  }

  /** (Re)subscribes to the lobby stream: a fresh snapshot, then its changes. */
  refresh() {
    if (this.app.conn.isOpen) this.app.conn.send({ type: 'subscribe', lobby: true });
  }

  /** Open seeks: a game of two others offer, each with a Play button; and this player's own. */
  renderSeeks() {
    if (!this.seeksCard) return;
    const mine = this.app.mySeek;
    fill(this.seeksCard,
      h('h2', {}, 'Open seeks'),
      mine ? h('div', { class: 'row spread mine' }, h('p', {}, 'Your seek is open: the first who takes it plays you.'),
        h('button', { type: 'button', class: 'small', id: 'seek-cancel', onclick: () => { this.app.send({ type: 'seek_cancel', seek: mine }); this.app.mySeek = null; this.renderSeeks(); } }, 'Take it back')) : null,
      this.seeks.length === 0
        ? h('p', { class: 'muted' }, 'No open seeks you may take. Offer one with Seek under the new game form.')
        : h('ul', { class: 'roomlist' }, this.seeks.map((s) => {
          const rating = typeof s.rating === 'number' ? ` ${ratingText(s.rating, s.provisional)}` : '';
          const options = Object.entries(s.options || {}).map(([k, v]) => `${k.replace(/_/g, ' ')} ${v}`).join(', ');
          return h('li', { 'data-seek': s.seek },
            h('span', { class: 'grow' }, `${s.from}${rating}${s.bot ? ' (bot)' : ''} · ${this.title(s.game)}${options ? ` (${options})` : ''} · ${s.rated ? 'rated' : 'casual'}`),
            h('button', { class: 'small primary', onclick: () => this.app.send({ type: 'seek_accept', seek: s.seek }), 'aria-label': `play ${s.from}` }, 'Play'));
        })));
  }

  catalogChanged() { this.renderForm(); this.renderQuick(); this.askDailies(); }

  /** The games with a daily deal, from the catalog. */
  dailyGames() {
    return (this.app.catalog || []).filter((g) => g.options.some((o) => o.name === 'daily'));
  }

  /** Asks each daily deal's board once the catalog is in: who played today, and your place. */
  askDailies() {
    const games = this.dailyGames();
    if (!games.length || this.dailiesAsked) return this.renderDaily();
    this.dailiesAsked = true;
    for (const g of games) this.app.send({ type: 'leaderboard', game: g.name, daily: true });
    this.renderDaily();
  }

  /** Daily Set, Daily Klondike: one tap to the day's deal, with its board and your rank. */
  renderDaily() {
    const games = this.dailyGames();
    fill(this.dailyCard, h('h2', {}, 'Daily'), games.map((g) => {
      const b = this.dailies[g.name];
      const best = b && b.entries[0];
      const you = b && b.you;
      const words = !b ? "Today's deal, the same for everyone." : !best ? 'Nobody has played it today yet.'
        : `${b.players} played today · best ${best.name}${you ? ` · you ${you.rank}${ordinal(you.rank)}` : ''}`;
      return h('div', { class: 'row spread' }, h('span', { class: 'grow' }, words),
        h('button', { type: 'button', id: `daily-${g.name}`, onclick: () => this.app.send({ type: 'create', game: g.name, seats: 1, options: { daily: true } }) },
          `Daily ${g.title}`));
    }));
  }

  poolChanged() { this.renderQuick(); }

  /**
   * Quick play: a button a pool of the server's catalog; while waiting, how many wait and
   * for how long, and a button that stops waiting. A wave pairs players of a like rating.
   */
  renderQuick() {
    if (!this.quick) return;
    const pools = this.app.pools || [];
    const pool = this.app.pool;
    const heading = h('h2', {}, 'Quick play');
    if (!pools.length) { fill(this.quick, heading, h('p', { class: 'muted' }, 'Loading the pools…')); return; }
    const waitingIn = pool && (pool.status ? pool.status.pool : pool.asked);
    const counts = new Map((this.app.poolCounts || []).map((c) => [c.pool, c.waiting]));
    const buttons = h('div', { class: 'pools' }, pools.map((p) => h('button', {
      type: 'button', class: p.id === waitingIn ? 'primary waiting' : '', disabled: !!waitingIn,
      'aria-pressed': p.id === waitingIn ? 'true' : 'false',
      onclick: () => { this.app.pool = { asked: p.id, status: null }; this.app.send({ type: 'pool_join', pool: p.id }); this.renderQuick(); },
    }, p.title, counts.get(p.id) ? h('small', { class: 'count' }, ` · ${counts.get(p.id)} waiting`) : null)));
    let line;
    if (waitingIn) {
      const s = pool.status;
      const others = s ? s.waiting - 1 : 0;
      const words = s
        ? `Waiting in ${this.poolTitle(waitingIn)}: ${others === 0 ? 'nobody else yet' : others === 1 ? '1 other player' : `${others} other players`}, ${Math.floor(s.waited_ms / 1000)} s so far${s.next_wave_ms != null ? `; next pairing in ${Math.max(1, Math.ceil(s.next_wave_ms / 1000))} s` : ''}`
        : `Joining ${this.poolTitle(waitingIn)}…`;
      line = h('div', { class: 'row spread' }, h('p', { class: 'wait' }, words),
        h('button', { type: 'button', class: 'small', onclick: () => { this.app.pool = null; this.app.send({ type: 'pool_leave' }); this.renderQuick(); } }, 'Stop waiting'));
    } else {
      line = h('p', { class: 'muted' }, this.app.account ? 'Paired in seconds with a player of your rating; rated.' : 'Paired in seconds with a player of like rating; a guest plays casual.');
    }
    fill(this.quick, heading, buttons, line);
  }

  poolTitle(id) {
    const p = (this.app.pools || []).find((q) => q.id === id);
    return p ? p.title : id;
  }

  message(msg) {
    if (this.stream(msg)) return true;
    if (msg.type === 'daily_leaderboard') {
      this.dailies[msg.game] = msg;
      this.renderDaily();
      return true;
    }
    if (msg.type === 'players') {
      this.players = msg;
      this.renderOnline();
      return true;
    }
    if (msg.type === 'seeks') {
      this.seeks = msg.seeks;
      this.renderSeeks();
      return true;
    }
    if (msg.type === 'seek_open' || msg.type === 'seek_closed') {
      this.renderSeeks();
      return false;
    }
    if (msg.type !== 'rooms') return false;
    const firstPage = !this.pageAsked;
    this.pageAsked = false;
    this.rooms = firstPage ? msg.rooms : this.rooms.concat(msg.rooms);
    this.total = msg.total;
    this.next = msg.next;
    this.renderRooms();
    return true;
  }

  /** Applies the lobby stream's messages; true when `msg` was one. */
  stream(msg) {
    switch (msg.type) {
      case 'lobby':
        this.view = new Map(msg.rooms.map((r) => [r.room, r]));
        this.viewMore = !!msg.more;
        this.seeks = msg.seeks;
        this.app.poolCounts = msg.pools;
        this.online = msg.online;
        break;
      case 'room_opened':
      case 'room_changed':
        if (!this.view) return true;
        this.view.set(msg.room.room, msg.room);
        break;
      case 'room_closed':
        if (this.view) this.view.delete(msg.room);
        break;
      case 'seek_added':
        this.seeks = [msg.seek].concat(this.seeks.filter((s) => s.seek !== msg.seek.seek));
        this.renderSeeks();
        return true;
      case 'seek_removed':
        this.seeks = this.seeks.filter((s) => s.seek !== msg.seek);
        this.renderSeeks();
        return true;
      case 'pools':
        this.app.poolCounts = msg.pools;
        this.renderQuick();
        return true;
      case 'online':
        this.online = msg.online;
        this.renderRooms();
        return true;
      default:
        return false;
    }
    if (this.view) {
      const all = [...this.view.values()];
      this.rooms = all.slice(0, 50);
      this.total = all.length;
      this.next = null;
    }
    if (msg.type === 'lobby') { this.renderSeeks(); this.renderQuick(); }
    this.renderRooms();
    return true;
  }

  renderRooms() {
    if (!this.roomsList) return;
    if (this.rooms.length === 0) {
      fill(this.roomsList, h('p', { class: 'muted' }, 'No open rooms right now. Start one below and send your friends its link.'));
    } else {
      // Joinable rooms first, then games under way, finished ones last (a finished game of one last of all).
      const rank = (r) => (r.phase === 'waiting' && r.players.length < r.seats ? 0 : r.phase === 'playing' ? 1 : r.seats === 1 ? 3 : 2);
      const shown = this.rooms.map((r, i) => [rank(r), i, r]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
      fill(this.roomsList, h('ul', { class: 'roomlist' }, shown.map((r) => {
        const title = this.title(r.game) + (r.options ? optionWords(r.options) : '');
        const free = r.seats - r.players.length;
        const canJoin = r.phase !== 'playing' && free > 0;
        // A rated room's players with their ratings ("ann 1662?"), a guest's name alone.
        const players = r.players.map((name, i) => (r.ratings && r.ratings[i] ? `${name} ${ratingText(r.ratings[i].rating, r.ratings[i].provisional)}` : name));
        return h('li', {},
          h('span', { class: 'code' }, r.room),
          h('span', { class: 'grow' }, `${title}${r.rated ? ' · rated' : ''} · ${players.length ? `with ${players.join(', ')}` : 'nobody yet'} · ${r.players.length}/${r.seats} seats · ${r.phase}${r.spectators ? ` · ${r.spectators} watching` : ''}`),
          canJoin ? h('button', { class: 'small primary', onclick: () => this.app.send({ type: 'join', room: r.room }), 'aria-label': `join room ${r.room}` }, 'Join') : null,
          h('button', { class: 'small', onclick: () => this.app.send({ type: 'watch', room: r.room }), 'aria-label': `watch room ${r.room}` }, 'Watch'));
      })));
    }
    fill(this.more,
      this.next ? h('button', { class: 'small', onclick: () => { this.pageAsked = true; this.app.send(this.next); } },
        `Show more (${this.total - this.rooms.length} more)`) : null,
      !this.next && this.total > this.rooms.length ? h('p', { class: 'muted' }, `and ${this.total - this.rooms.length} more rooms`) : null,
      typeof this.online === 'number' ? h('p', { class: 'muted online' }, `${counted(this.online, 'player')} online`) : null);
  }

  title(game) {
    const g = (this.app.catalog || []).find((c) => c.name === game);
    return g ? g.title : game;
  }

  renderForm() {
    const catalog = this.app.catalog;
    if (!catalog) { fill(this.form, h('p', { class: 'muted' }, 'Loading the games…')); return; }
    const chosen = this.gameSelect ? this.gameSelect.value : catalog[0].name;
    this.gameSelect = h('select', { id: 'game', name: 'game', onchange: () => { this.renderForm(); this.renderOnline(); } },
      catalog.map((g) => h('option', { value: g.name, selected: g.name === chosen }, g.title)));
    const game = catalog.find((g) => g.name === this.gameSelect.value) || catalog[0];
    this.seats = h('input', { id: 'seats', type: 'number', min: game.seats.min, max: game.seats.max, value: game.seats.default, inputmode: 'numeric',
      oninput: () => this.renderRated(), onchange: () => this.followRules(null) });
    this.formGame = game;
    this.priv = h('input', { id: 'private', type: 'checkbox' });
    this.optionInputs = game.options.map((o) => this.optionField(o)).filter(Boolean);
    for (const field of this.optionInputs) field.input.addEventListener('change', () => this.followRules(field.option.name));
    this.rated = h('input', { id: 'rated', type: 'checkbox', 'aria-describedby': 'rated-note', onchange: () => { this.ratedWanted = this.rated.checked; } });
    this.ratedNote = h('small', { id: 'rated-note', class: 'muted' });
    const typed = this.challengeName ? this.challengeName.value : '';
    this.challengeName = h('input', { id: 'challenge-name', maxlength: 64, autocomplete: 'off', placeholder: "a player's name", value: typed,
      'aria-label': 'name of the player to challenge', onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); this.challenge(); } } });
    fill(this.form,
      h('h2', {}, 'New game'),
      h('div', { class: 'field' }, h('label', { for: 'game' }, 'Game'), this.gameSelect),
      h('p', { class: 'muted blurb' }, GAME_BLURBS[game.name] || ''),
      h('div', { class: 'field' }, h('label', { for: 'seats' }, `Seats (${game.seats.min}–${game.seats.max})`), this.seats),
      this.optionInputs.map((f) => f.row),
      h('div', { class: 'field check' }, this.priv, h('label', { for: 'private' }, 'Private (not listed; friends join with the code)')),
      h('div', { class: 'field check rated' }, this.rated, h('label', { for: 'rated' }, 'Rated'), this.ratedNote),
      h('button', { type: 'submit', class: 'primary' }, 'Create'),
      h('div', { class: 'field challenge' },
        h('label', { for: 'challenge-name' }, 'Or challenge a player online to this game, for two'),
        h('div', { class: 'row' }, this.challengeName,
          h('button', { type: 'button', id: 'challenge-send', onclick: () => this.challenge() }, 'Challenge'))),
      h('div', { class: 'field seek' },
        h('button', { type: 'button', id: 'seek-send', onclick: () => this.seek() }, 'Seek an opponent'),
        h('small', { class: 'muted' }, ' this game, for two, in the lobby for ten minutes')));
    this.renderRated();
    if (this.app.challengeName) {
      this.challengeName.value = this.app.challengeName;
      this.app.challengeName = null;
      this.challengeName.focus();
    }
  }

  /**
   * The Rated box: ticked for an account, and sent; a guest, one seat, or the robot never
   * plays rated (Protocol.md, Ratings), so then it is unticked and disabled, and says why.
   */
  renderRated() {
    const bot = this.optionInputs.find((f) => f.option.name === 'bot');
    // The robot first: it takes one seat, and it is the reason.
    const why = !this.app.account ? 'sign in to play rated'
      : bot && bot.input.value !== '' ? 'against the robot: never rated'
        : Number(this.seats.value) === 1 ? 'one seat: never rated' : '';
    this.rated.disabled = why !== '';
    this.rated.checked = !why && this.ratedWanted;
    fill(this.ratedNote, why);
  }

  /** Keeps seats and options to the catalog's rules; `changed` (an option, or null: the seats)
   * wins, and the player is told what else the form changed, so nothing they set goes unsaid. */
  followRules(changed) {
    const game = this.formGame;
    if (!game) return;
    const values = {};
    for (const { option, input } of this.optionInputs) values[option.name] = this.optionValue(option, input.value);
    // Seats being typed over (empty, not a number yet) wait until they hold one.
    const typed = Math.round(Number(this.seats.value));
    if (this.seats.value.trim() === '' || !Number.isFinite(typed)) return;
    const seats = Math.max(game.seats.min, Math.min(game.seats.max, typed));
    const followed = reconcile(values, seats, game, changed);
    const given = [];
    if (this.seats.value !== String(followed.seats)) {
      this.seats.value = String(followed.seats);
      given.push(seats === typed ? `seats to ${followed.seats}` : `seats to ${followed.seats} (${game.title} takes ${game.seats.min} to ${game.seats.max})`);
    }
    for (const { option, input } of this.optionInputs) {
      const value = followed.options[option.name];
      const raw = value === null || value === undefined ? (option.type === 'boolean' && option.default !== null ? 'false' : '') : String(value);
      if (input.value !== raw) {
        input.value = raw;
        given.push(`${option.name.replace(/_/g, ' ')} to ${shownValue(input)}`);
      }
    }
    if (given.length) {
      const field = this.optionInputs.find((f) => f.option.name === changed);
      const cause = field ? `${changed.replace(/_/g, ' ')} "${shownValue(field.input)}"` : seats === typed ? `${seats} seats` : null;
      this.app.notice(`The form changed ${listWords(given)}${cause ? ` to go with ${cause}` : ''}.`);
    }
    this.renderRated();
  }

  /** An option's input read as a value: null when left to the game. */
  optionValue(option, raw) {
    if (raw === '') return null;
    if (option.type === 'boolean') return raw === 'true';
    if (option.type === 'integer') return Number(raw);
    return raw;
  }

  optionField(o) {
    const id = `opt-${o.name}`;
    let input;
    const label = o.name.replace(/_/g, ' ');
    if (o.type === 'boolean') {
      input = h('select', { id, name: o.name },
        o.default === null ? h('option', { value: '' }, 'server chooses') : null,
        h('option', { value: 'true', selected: o.default === true }, 'yes'),
        h('option', { value: 'false', selected: o.default === false }, 'no'));
    } else if (Array.isArray(o.values)) {
      input = h('select', { id, name: o.name },
        o.default === null ? h('option', { value: '' }, o.name === 'bot' ? 'no robot' : 'server chooses') : null,
        o.values.map((v) => h('option', { value: String(v), selected: v === o.default }, String(v))));
    } else if (o.type === 'integer') {
      input = h('input', { id, name: o.name, type: 'number', inputmode: 'numeric', min: o.min, max: o.max,
        value: o.default === null ? '' : o.default, placeholder: o.default === null ? 'any' : '' });
    } else {
      return null; // A type this page does not know: left out, as Protocol.md asks.
    }
    const help = OPTION_HELP[o.name];
    return {
      option: o, input,
      row: h('div', { class: 'field' }, h('label', { for: id }, label), input, help ? h('small', { class: 'muted' }, help) : null),
    };
  }

  create(e) {
    e.preventDefault();
    const game = this.gameSelect.value;
    const msg = { type: 'create', game, seats: Number(this.seats.value) };
    if (this.priv.checked) msg.private = true;
    if (this.rated.checked && !this.rated.disabled) msg.rated = true;
    this.app.send(this.withOptions(msg));
  }

  /** Sends the form's game, for two, as a challenge to the name typed. */
  challenge() {
    const name = this.challengeName.value.trim();
    if (!name) { this.app.notice('type the name of a player who is online'); this.challengeName.focus(); return; }
    if (this.app.send(this.offerOfTwo({ type: 'challenge', name }))) this.challengeName.value = '';
  }

  /**
   * Who is online (asked with a button: the list is a moment's), each with their rating for
   * the form's game and a Challenge button that sends them that game.
   */
  renderOnline() {
    if (!this.onlineCard) return;
    const game = this.gameSelect ? this.gameSelect.value : null;
    const list = this.players;
    fill(this.onlineCard,
      h('div', { class: 'row spread' }, h('h2', {}, 'Online'),
        h('button', { class: 'small', id: 'players-ask', onclick: () => this.app.send({ type: 'players' }) }, list ? 'Refresh' : 'Who is online?')),
      !list ? h('p', { class: 'muted' }, 'See who is here, and challenge one of them to the game chosen below.')
        : list.players.length === 0 ? h('p', { class: 'muted' }, 'Nobody else is online right now.')
          : h('ul', { class: 'roomlist players-online' }, list.players.map((p) => {
            const rated = (p.ratings || {})[game];
            return h('li', { 'data-name': p.name },
              h('span', { class: 'grow' }, p.name, rated ? ` ${ratingText(rated.rating, rated.provisional)}` : '',
                p.bot ? h('span', { class: 'muted' }, ' (bot)') : null, p.seated ? h('span', { class: 'muted', title: 'has a seat in a room' }, ' · seated') : null),
              h('button', { class: 'small', onclick: () => { this.challengeName.value = p.name; this.challenge(); }, 'aria-label': `challenge ${p.name}` }, 'Challenge'));
          })),
      list && list.total > list.players.length ? h('p', { class: 'muted' }, `and ${list.total - list.players.length} more`) : null);
  }

  /** Offers the form's game, for two, as a seek in the lobby. */
  seek() {
    this.app.send(this.offerOfTwo({ type: 'seek' }));
  }

  /** A challenge or seek of the form's game: rated when an account wants it and no robot plays. */
  offerOfTwo(msg) {
    msg.game = this.gameSelect.value;
    const bot = this.optionInputs.find((f) => f.option.name === 'bot');
    if (this.app.account && this.ratedWanted && !(bot && bot.input.value !== '')) msg.rated = true;
    return this.withOptions(msg);
  }

  /** `msg` with the options chosen, when any differ from their defaults. */
  withOptions(msg) {
    const options = this.chosenOptions();
    if (Object.keys(options).length) msg.options = options;
    return msg;
  }

  /** The options chosen that differ from their defaults. */
  chosenOptions() {
    const options = {};
    for (const { option, input } of this.optionInputs) {
      const raw = input.value;
      if (raw === '') continue;
      let value = raw;
      if (option.type === 'boolean') value = raw === 'true';
      else if (option.type === 'integer') value = Number(raw);
      if (value === option.default) continue;
      options[option.name] = value;
    }
    return options;
  }
}

/** A form field's value as the player sees it: a choice's words ("no robot"), or "empty". */
function shownValue(input) {
  return input.tagName === 'SELECT' ? input.options[input.selectedIndex].text : input.value || 'empty';
}

/** The suffix of 1st, 2nd, 3rd, 4th, 11th, 21st. */
function ordinal(n) {
  return [11, 12, 13].includes(n % 100) ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' })[n % 10] || 'th';
}
