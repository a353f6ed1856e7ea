// cardserver in a browser: the screens, the session and the messages. Speaks only
// protocol 1 (Protocol.md) over /ws and shows only what the server sent.

import { Connection } from './connection.js';
import { h, fill, listWords } from './dom.js';
import { Lobby } from './lobby.js';
import { RoomScreen } from './room.js';
import { Records, ReplayScreen } from './records.js';
import { AccountScreen } from './account.js';
import { ChallengeBar } from './challenges.js';
import { markEmoji } from './emoji.js';
import { keep, storedJSON } from './storage.js';

const main = document.getElementById('main');
const statusBar = document.getElementById('status');
const who = document.getElementById('who');
const nav = document.getElementById('nav');
const challengeBar = { bar: null };
markEmoji();

/** What the page keeps of its session, per server (so two servers on one host do not mix). */
const storeKey = `cardserver:${location.host}`;
function loadSession() {
  return storedJSON(localStorage, storeKey, {});
}
function saveSession(s) {
  keep(localStorage, storeKey, JSON.stringify(s)); // refused (private mode): the seat lasts the tab
}

export const app = {
  conn: null,
  hello: null,
  catalog: null,
  session: loadSession(),
  me: null,          // {name, player}
  account: null,     // {name, bot, created_ms} when signed in to an account; null for a guest
  screen: null,      // the mounted screen object
  room: null,        // {code, game, role, seat}
  state: null,
  gameOver: null,
  chat: [],
  log: [],
  replaced: false,
  pendingLink: null,

  /** Sends one message; false (and says so) when the connection is down. */
  send(msg) {
    if (this.conn.send(msg)) return true;
    this.notice('not connected: the page reconnects by itself');
    return false;
  },

  show(screen) {
    if (this.screen && this.screen.destroy) this.screen.destroy();
    this.screen = screen;
    fill(main);
    screen.mount(main);
    renderNav();
  },

  addLog(text, kind = 'event') {
    this.log.push({ text, kind, at: Date.now() });
    if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    keepRoomLog();
    if (this.screen && this.screen.logChanged) this.screen.logChanged();
  },

  notice(text) {
    showStatus(text, 'notice');
  },
};

function renderNav() {
  const items = [];
  if (app.me) {
    if (app.room) {
      items.push(h('button', { class: 'link', onclick: () => app.show(new RoomScreen(app)) }, `room ${app.room.code}`));
    } else {
      items.push(h('button', { class: 'link', onclick: () => openLobby() }, 'lobby'));
    }
    items.push(h('button', { class: 'link', onclick: () => app.show(new Records(app)) }, 'records'));
    if (app.account) items.push(h('button', { class: 'link', id: 'nav-account', onclick: () => openAccount() }, 'account'));
    if (!app.room) items.push(h('button', { class: 'link', id: 'signout', onclick: () => signOut() }, 'sign out'));
  }
  fill(nav, items);
  fill(who, app.me ? (app.account ? `signed in as ${app.me.name}` : `playing as ${app.me.name} (guest)`) : '');
}

/** Ends the session (in no room): an account's token stops working; a guest's name is free. */
function signOut() {
  // Its own id: the account page's commands are answered `ok` too.
  app.send({ type: 'logout', id: 'logout' });
}

/** The page forgets a session the server has ended: its token, the player, the room. */
function forgetSession() {
  delete app.session.token;
  delete app.session.account;
  saveSession(app.session);
  app.me = null; app.account = null; app.room = null; app.state = null; app.gameOver = null;
}

function openAccount() {
  app.show(new AccountScreen(app, {
    back: () => (app.room ? app.show(new RoomScreen(app)) : openLobby()),
    deleted: (name) => {
      // The name is retired with the account: offering it to the guest form would only be refused.
      delete app.session.name;
      forgetSession();
      showLogin(`The account ${name} was deleted. You can play as a guest under another name, or make a new account.`, 'guest', 'note');
    },
  }));
}

/** Why this device was signed out from another (`signed_out`), and where it goes next. */
const SIGNED_OUT = {
  revoked: ['This device was signed out from another one: sign in again.', 'signin'],
  password_changed: ['The password was changed on another device, which signed this one out: sign in with the new password.', 'signin'],
  account_deleted: ['This account was deleted from another device.', 'guest'],
  session_limit: ['The account signed in on a 33rd device, which ended this, its oldest session: sign in again.', 'signin'],
};

let statusTimer = null;
function showStatus(text, kind) {
  clearTimeout(statusTimer);
  statusBar.className = `status ${kind}`;
  fill(statusBar, text);
  if (kind === 'notice' || kind === 'error') {
    statusTimer = setTimeout(() => { if (statusBar.textContent === text) fill(statusBar); statusBar.className = 'status'; }, 6000);
  }
}

function connectionStatus(s) {
  if (s.state === 'open') {
    fill(statusBar); statusBar.className = 'status';
  } else if (s.state === 'connecting') {
    showStatus(s.attempt ? `connecting (attempt ${s.attempt + 1})…` : 'connecting…', 'away');
  } else if (s.state === 'closed') {
    if (app.replaced) return;
    const paused = app.room ? ' The game is paused for you; your seat is kept.' : '';
    fill(statusBar,
      `The server is away: retrying in ${s.retryIn} s (attempt ${s.attempt}).${paused} `,
      h('button', { class: 'small', onclick: () => app.conn.retryNow() }, 'retry now'));
    statusBar.className = 'status away';
    if (app.screen && app.screen.connectionChanged) app.screen.connectionChanged(false);
  }
}

function openLobby() {
  // The lobby subscribes to the lobby stream as it opens: its rooms come with the snapshot.
  app.show(new Lobby(app));
}

/**
 * The first screen: play as a guest by name (one click, as ever), or sign in to an account,
 * or make one. `mode` is 'guest', 'signin' or 'register'; a refusal comes back as `message`.
 */
function showLogin(message, mode = app.loginMode || 'guest', tone = 'error') {
  app.loginMode = mode;
  app.show({
    mount(el) {
      const account = mode !== 'guest';
      const name = h('input', { id: 'name', name: 'name', autocomplete: account ? 'username' : 'nickname', maxlength: 20, required: true,
        value: app.session.name || '', 'aria-label': account ? 'account name' : 'your name' });
      const password = account ? h('input', { id: 'password', name: 'password', type: 'password', minlength: mode === 'register' ? 8 : 1,
        maxlength: 256, required: true, autocomplete: mode === 'register' ? 'new-password' : 'current-password', 'aria-label': 'password' }) : null;
      const form = h('form', { class: 'card login', onsubmit: (e) => {
        e.preventDefault();
        const n = name.value.trim();
        if (!n) return;
        app.session.name = n;
        saveSession(app.session);
        if (mode === 'guest') app.send({ type: 'login', name: n });
        else {
          // The password goes to the server once and is kept nowhere: the token signs in from then on.
          app.send({ type: mode === 'register' ? 'register' : 'login', name: n, password: password.value });
          password.value = '';
          fill(submit, mode === 'register' ? 'Making the account…' : 'Signing in…');
          submit.disabled = true;
        }
      } });
      const submit = h('button', { type: 'submit', class: 'primary', id: 'submit' }, { guest: 'Play', signin: 'Sign in', register: 'Make the account' }[mode]);
      const switchTo = (next, text) => h('button', { type: 'button', class: 'link', id: `mode-${next}`, onclick: () => showLogin(null, next) }, text);
      form.append(
        h('h1', {}, 'Play cards with friends'),
        h('p', {}, mode === 'guest'
          ? 'Set, rock-paper-scissors, rps-brain, Concentration and Klondike. Pick a name to play: it is what others in your room see.'
          : mode === 'register'
            ? 'An account keeps your name, and your records follow you to any device. A password of 8 or more characters; a few words make a good one.'
            : 'Sign in to your account.'),
        message ? h('p', { class: tone, id: 'login-message', role: 'alert' }, message) : null);
      if (account) {
        form.append(
          h('div', { class: 'field' }, h('label', { for: 'name' }, 'Account name'), name),
          h('div', { class: 'field' }, h('label', { for: 'password' }, 'Password'), password),
          h('div', { class: 'row' }, submit));
      } else {
        form.append(h('label', { for: 'name' }, 'Your name'), h('div', { class: 'row' }, name, submit));
      }
      form.append(h('p', { class: 'muted switch' },
        ...(mode === 'guest' ? [switchTo('signin', 'Sign in'), ' or ', switchTo('register', 'make an account')]
          : [switchTo('guest', 'Play as a guest'), ' or ', mode === 'signin' ? switchTo('register', 'make an account') : switchTo('signin', 'sign in')])));
      el.append(form);
      (account && name.value ? password : name).focus();
      // The first screen a newcomer can act on: web_play.py prints when it came.
      if (!performance.getEntriesByName('first-screen').length) performance.mark('first-screen');
    },
  });
}

/**
 * A link like /#join=K7QX, /#watch=K7QX, /#replay=GAME_ID or /#challenge=NAME (a player's
 * name, percent-encoded), acted on once signed in.
 */
function readLink() {
  const m = /^#(join|watch|replay)=([A-Za-z0-9-]{1,40})$/.exec(location.hash);
  if (m) return { kind: m[1], value: m[2] };
  const c = /^#challenge=([^&#]{1,200})$/.exec(location.hash);
  if (!c) return null;
  try {
    const name = decodeURIComponent(c[1]).trim();
    return name && name.length <= 64 ? { kind: 'challenge', value: name } : null;
  } catch { return null; }
}

function followLink() {
  const link = app.pendingLink;
  app.pendingLink = null;
  if (!link) return false;
  history.replaceState(null, '', location.pathname);
  if (link.kind === 'replay') {
    app.show(new ReplayScreen(app, link.value));
    return true;
  }
  if (link.kind === 'challenge') {
    // The lobby's form, its challenge field filled in: the player picks the game and sends it.
    app.challengeName = link.value;
    openLobby();
    app.notice(`choose a game, then Challenge ${link.value}`);
    return true;
  }
  if (app.room) {
    const seated = app.state && app.me && app.state.players.some((p) => p.name === app.me.name);
    if (seated && app.state.phase === 'playing') {
      // Leaving a game under way forfeits it: that is the player's to choose, not a link's.
      app.notice(`you are playing in room ${app.room.code}; leave it first to ${link.kind} ${link.value.toUpperCase()}`);
      return false;
    }
    // A finished game, a room still waiting, or one being watched: left for the friend's link.
    app.linkAfterLeave = link;
    app.send({ type: 'leave' });
    return true;
  }
  app.send({ type: link.kind, room: link.value });
  return true;
}

function enterRoom(code, game, role, seat) {
  const same = app.room && app.room.code === code;
  app.room = { code, game, role, seat };
  if (!same) {
    // A reload comes back to the same room: its chat and log as this tab last had them.
    const kept = storedJSON(sessionStorage, 'cardserver.room', null);
    const back = kept && kept.code === code;
    app.chat = back ? kept.chat : []; app.log = back ? kept.log : []; app.state = null; app.gameOver = null;
  }
  if (!(app.screen instanceof RoomScreen)) app.show(new RoomScreen(app));
  else renderNav();
}

/**
 * Keeps the room's chat and log for this tab (sessionStorage), so a reload shows them again:
 * written a quarter of a second after a change, once for however many lines came (each write
 * encodes the whole log, and a busy room logs a line a state), and at once when the page goes.
 */
let roomLogTimer = null;
function keepRoomLog() {
  if (roomLogTimer === null) roomLogTimer = setTimeout(saveRoomLog, 250);
}

function saveRoomLog() {
  clearTimeout(roomLogTimer);
  roomLogTimer = null;
  if (!app.room) return;
  // Refused (full, off): the log starts empty after a reload.
  keep(sessionStorage, 'cardserver.room', JSON.stringify({ code: app.room.code, chat: app.chat, log: app.log }));
}
window.addEventListener('pagehide', saveRoomLog);

function handle(msg) {
  if (!challengeBar.bar) challengeBar.bar = new ChallengeBar(app, statusBar);
  if (challengeBar.bar.message(msg)) return;
  switch (msg.type) {
    case 'hello':
      app.hello = msg;
      app.send({ type: 'games' });
      if (app.session.token) app.send({ type: 'login', token: app.session.token });
      else if (app.session.name && app.me) app.send({ type: 'login', name: app.session.name });
      else showLogin();
      break;
    case 'games':
      app.catalog = msg.games;
      app.pools = msg.pools || [];
      if (app.screen && app.screen.catalogChanged) app.screen.catalogChanged();
      break;
    case 'pool_status':
      // Waiting in a pool: the lobby's Quick play card shows how many and how long.
      app.pool = { asked: null, status: msg };
      if (app.screen && app.screen.poolChanged) app.screen.poolChanged();
      break;
    case 'seek_open':
      app.mySeek = msg.seek;
      app.notice('your seek is open in the lobby for ten minutes');
      if (app.screen && app.screen.message) app.screen.message(msg);
      break;
    case 'seek_closed':
      if (app.mySeek === msg.seek) app.mySeek = null;
      app.notice(msg.reason === 'expired' ? 'your seek expired: nobody took it in ten minutes' : 'your seek ended: you sat down elsewhere');
      if (app.screen && app.screen.message) app.screen.message(msg);
      break;
    case 'paired':
      if (msg.seek) { app.mySeek = null; app.notice('the seek was taken: the game begins'); }
      app.pool = null;
      enterRoom(msg.room, msg.game, 'player', msg.seat);
      app.addLog(msg.challenge ? 'the challenge was accepted' : msg.seek ? 'the seek was taken' : `paired from the pool ${msg.pool || ''}`, 'info');
      break;
    case 'paired_elsewhere':
      // Another tab or connection of this account sat down; this page stays where it is.
      app.notice(`your account sat down in room ${msg.room} (${msg.game}) on another connection; this page may watch it`);
      break;
    case 'welcome':
      challengeBar.bar.clear();
      app.me = { name: msg.name, player: msg.player };
      app.account = msg.account || null;
      app.session.account = !!msg.account;
      app.session.token = msg.token;
      app.session.name = msg.name;
      saveSession(app.session);
      if (msg.room) {
        if (app.room && app.room.code === msg.room) { renderNav(); if (app.screen.connectionChanged) app.screen.connectionChanged(true); }
        else enterRoom(msg.room, null, app.room ? app.room.role : 'player', null);
        app.addLog(msg.resumed ? 'back in the room' : 'in the room', 'info');
        // A link opened with a seat still held: followed once the room's state says whether
        // the game is under way (a finished one is left for it).
        if (app.pendingLink) app.followOnState = true;
      } else {
        if (app.room) app.addLog('the room is gone', 'info');
        app.room = null;
        if (!followLink()) openLobby();
      }
      break;
    case 'joined':
      enterRoom(msg.room, msg.game, 'player', msg.seat);
      break;
    case 'watching':
      enterRoom(msg.room, null, 'spectator', null);
      break;
    case 'left':
      app.room = null; app.state = null; app.gameOver = null;
      if (app.linkAfterLeave) {
        const link = app.linkAfterLeave;
        app.linkAfterLeave = null;
        app.send({ type: link.kind, room: link.value });
        break;
      }
      openLobby();
      break;
    case 'state':
      if (!app.room) enterRoom(msg.room, msg.game, 'player', null);
      if (app.state && app.state.seq > msg.seq && app.state.room === msg.room) break; // older than what we show
      app.room.game = msg.game;
      concessionLogged(msg);
      // The log tells of the game before (its end): a line between, so it does not read as this one's.
      if (app.state && app.state.room === msg.room && app.state.phase === 'over' && msg.phase === 'playing') app.addLog('a new game began', 'info');
      app.state = msg;
      if (app.followOnState) { app.followOnState = false; followLink(); }
      if (msg.phase !== 'over') app.gameOver = null;
      if (app.screen && app.screen.stateChanged) app.screen.stateChanged();
      break;
    case 'game_over':
      app.gameOver = msg;
      if (app.screen && app.screen.stateChanged) app.screen.stateChanged();
      break;
    case 'chat':
      app.chat.push({ from: msg.from, text: msg.text });
      if (app.chat.length > 100) app.chat.shift();
      keepRoomLog();
      if (app.screen && app.screen.chatChanged) app.screen.chatChanged();
      break;
    case 'notice':
      app.addLog(msg.text, 'info'); break;
    case 'player_joined':
      app.addLog(`${msg.name} ${msg.role === 'player' ? 'sat down' : 'is watching'}`, 'info'); break;
    case 'player_left':
      app.addLog(`${msg.name} left`, 'info'); break;
    case 'player_away':
      app.addLog(`${msg.name} lost the connection; their seat is kept`, 'info'); break;
    case 'player_back':
      app.addLog(`${msg.name} is back`, 'info'); break;
    case 'rooms':
    case 'players':
    case 'seeks':
    case 'lobby':
    case 'room_opened':
    case 'room_changed':
    case 'room_closed':
    case 'seek_added':
    case 'seek_removed':
    case 'pools':
    case 'online':
    case 'stats':
    case 'leaderboard':
    case 'daily_leaderboard':
    case 'replay':
    case 'replay_frame':
    case 'sessions':
    case 'tokens':
    case 'token':
      if (app.screen && app.screen.message) app.screen.message(msg);
      break;
    case 'error':
      if (msg.code === 'bad_token') {
        delete app.session.token;
        const wasAccount = app.session.account;
        delete app.session.account;
        saveSession(app.session);
        if (wasAccount) {
          // An account's session was ended (signed out elsewhere): its name is not a guest's.
          app.room = null; app.me = null; app.account = null;
          showLogin('Your session has ended: sign in again.', 'signin');
        } else if (app.session.name) {
          if (app.room) app.addLog('the server no longer knows this seat; signed in again by name', 'info');
          app.room = null;
          app.send({ type: 'login', name: app.session.name });
        } else showLogin();
        break;
      }
      if (!app.me && ['bad_request', 'bad_credentials', 'name_taken', 'rate_limited', 'server_busy', 'storage_unavailable'].includes(msg.code)) {
        showLogin(msg.code === 'name_taken' && app.loginMode === 'guest'
          // The server's own message shows the protocol's JSON; this says the same in words, a
          // deleted account's retired name included.
          ? `${app.session.name} is held by an account, or retired with a deleted one: sign in if it is yours, or pick another name.` : msg.message);
        break;
      }
      // A refused pool_join: nothing waits.
      if (app.pool && app.pool.asked && !app.pool.status) { app.pool = null; if (app.screen && app.screen.poolChanged) app.screen.poolChanged(); }
      if (app.screen && app.screen.message && app.screen.message(msg)) break;
      app.addLog(msg.message, 'error');
      showStatus(msg.message, 'error');
      break;
    case 'ok':
      if (msg.id === 'logout') {
        forgetSession();
        showLogin(null, 'guest');
        break;
      }
      if (app.screen && app.screen.message) app.screen.message(msg);
      break;
    case 'signed_out': {
      // The session was ended elsewhere; the connection stays open, logged out. A reason
      // this page does not know still signs it out.
      const [text, mode] = SIGNED_OUT[msg.reason] || ['This device was signed out: sign in again.', 'signin'];
      if (msg.reason === 'account_deleted') delete app.session.name;
      forgetSession();
      showLogin(text, mode);
      break;
    }
    case 'replaced':
      app.replaced = true;
      app.conn.stop(); // retrying would take the seat back from the other tab, which would take it back…
      showStatus('This seat is now played from another tab or device. Reload this page to take it back.', 'away');
      break;
    case 'shutdown':
      showStatus('The server is stopping; the page reconnects when it is back.', 'away');
      break;
    default:
      // Every game message (claimed, round, flipped, …) goes to the room; others are skipped.
      if (app.screen && app.screen.message) app.screen.message(msg);
  }
}

app.conn = new Connection(handle, connectionStatus);
app.pendingLink = readLink();
window.addEventListener('hashchange', () => {
  app.pendingLink = readLink();
  if (app.me) followLink();
});
app.conn.connect();

// For the tests: the page's view of the session, read by Selenium.
window.cardserverPage = { get state() { return app.state; }, get room() { return app.room; }, get me() { return app.me; }, get account() { return app.account; },
  get catalog() { return app.catalog; }, get screen() { return app.screen; } };
export { openLobby, listWords };

/** Says in the log who resigned or aborted, once: the state whose cause it is. */
function concessionLogged(state) {
  const cause = state.cause;
  if (state.phase === 'playing') app.aborted = false;
  if (!cause || cause.kind !== 'command' || (cause.command !== 'resign' && cause.command !== 'abort')) return;
  if (app.state && app.state.room === state.room && app.state.seq >= state.seq) return;
  if (cause.command === 'abort') app.aborted = true;
  const who = app.me && cause.player === app.me.name ? 'you' : cause.player;
  app.addLog(cause.command === 'resign' ? `${who} resigned` : `${who} aborted the game: no result, no rating change`, 'info');
}
