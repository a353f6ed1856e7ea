// The account page: the account itself, where it is signed in, its API tokens, its
// password, and deleting it. Only an account has one (a guest has nothing to keep).
// Each command goes with an id of its own, so its reply, or its error, lands next to the
// form that sent it rather than in the status bar.

import { h, fill } from './dom.js';

let nextId = 1;

export class AccountScreen {
  /**
   * @param app the page (app.js)
   * @param {{back: () => void, deleted: (name: string) => void}} ways the ways out: back to
   *   where the player came from, and the account gone (app.js forgets the session then;
   *   this module cannot import app.js, which imports it)
   */
  constructor(app, ways) {
    this.app = app;
    this.ways = ways;
    this.pending = new Map(); // id → what to do with the reply
  }

  mount(el) {
    const account = this.app.account;
    this.sessionsEl = h('div', { 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading…'));
    this.tokensEl = h('div', { 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading…'));
    const room = this.app.room;
    el.append(h('section', { class: 'account' },
      h('div', { class: 'card' },
        h('div', { class: 'row spread' },
          h('h1', {}, 'Your account'),
          h('button', { id: 'account-back', onclick: () => this.ways.back() }, room ? `Back to room ${room.code}` : 'Back to the lobby')),
        h('dl', { class: 'facts' },
          h('dt', {}, 'Name'), h('dd', { id: 'account-name' }, account.name),
          h('dt', {}, 'Made'), h('dd', {}, when(account.created_ms)),
          h('dt', {}, 'Bot'), h('dd', {}, account.bot ? 'yes: a bot\'s account' : 'no'))),
      h('div', { class: 'card' },
        h('div', { class: 'row spread' }, h('h2', {}, 'Sessions'),
          h('button', { onclick: () => this.askSessions() }, 'Refresh')),
        h('p', { class: 'muted' }, 'Every device or app signed in to this account. Signing one out ends it there at once.'),
        this.sessionsEl),
      this.tokensCard(),
      this.passwordCard(account),
      this.deleteCard(account)));
    this.askSessions();
    this.askTokens();
  }

  destroy() { this.pending.clear(); }

  /** Sends `msg` with an id; `reply` gets the answer or the error. False when not sent. */
  ask(msg, reply) {
    const id = `account-${nextId++}`;
    if (!this.app.send({ ...msg, id })) return false;
    this.pending.set(id, reply);
    return true;
  }

  message(msg) {
    const reply = msg.id === undefined ? null : this.pending.get(msg.id);
    if (!reply) return false;
    this.pending.delete(msg.id);
    reply(msg);
    return true;
  }

  askSessions() {
    this.ask({ type: 'sessions' }, (msg) => {
      if (msg.type === 'error') fill(this.sessionsEl, problem(msg));
      else this.renderSessions(msg.sessions);
    });
  }

  renderSessions(sessions) {
    fill(this.sessionsEl, h('ul', { class: 'itemlist', id: 'sessions' }, sessions.map((s) => {
      const status = h('span', { class: 'error', role: 'alert' });
      const seen = s.last_seen_ms === null ? 'not seen since the server started'
        : [`last seen ${when(s.last_seen_ms)}`, TRANSPORTS[s.transport] || s.transport, s.address ? `from ${s.address}` : null].filter(Boolean).join(' · ');
      const signOut = s.current ? null : h('button', { 'aria-label': `sign out the session begun ${when(s.created_ms)}`, onclick: () => {
        signOut.disabled = true;
        const sent = this.ask({ type: 'session_revoke', session: s.id }, (msg) => {
          if (msg.type === 'error') { signOut.disabled = false; fill(status, msg.message); } else this.askSessions();
        });
        if (!sent) signOut.disabled = false;
      } }, 'Sign out');
      return h('li', { class: s.current ? 'current' : null, 'data-session': s.id },
        h('div', { class: 'what' },
          h('div', {}, `Signed in ${when(s.created_ms)} `,
            s.current ? h('span', { class: 'badge current' }, 'this device') : null, ' ',
            s.connected ? h('span', { class: 'badge online' }, 'online') : null),
          h('div', { class: 'muted' }, seen),
          status),
        signOut);
    })));
  }

  tokensCard() {
    const label = h('input', { id: 'token-label', name: 'label', maxlength: 40, required: true, autocomplete: 'off', placeholder: 'my bot' });
    const submit = h('button', { type: 'submit' }, 'Make a token');
    this.madeEl = h('div', { 'aria-live': 'polite' });
    const form = h('form', { class: 'row', onsubmit: (e) => {
      e.preventDefault();
      const text = label.value.trim();
      if (!text) return;
      this.send(form, submit, { type: 'token_create', label: text }, (msg) => {
        label.value = '';
        this.showToken(msg);
        this.askTokens();
      });
    } }, label, submit);
    return h('div', { class: 'card' },
      h('h2', {}, 'API tokens'),
      h('p', { class: 'muted' }, 'For bots and scripts: ', h('code', {}, '{"type":"login","api_token":"cst_…"}'),
        ' signs in as this account, on any connection, until the token is revoked.'),
      this.tokensEl,
      h('h3', {}, h('label', { for: 'token-label' }, 'Make a token named')),
      form, note(form), this.madeEl);
  }

  askTokens() {
    this.ask({ type: 'tokens' }, (msg) => {
      if (msg.type === 'error') fill(this.tokensEl, problem(msg));
      else this.renderTokens(msg.tokens);
    });
  }

  renderTokens(tokens) {
    if (!tokens.length) { fill(this.tokensEl, h('p', { class: 'muted', id: 'tokens' }, 'No API tokens.')); return; }
    fill(this.tokensEl, h('ul', { class: 'itemlist', id: 'tokens' }, tokens.map((t) => {
      const status = h('span', { class: 'error', role: 'alert' });
      const revoke = h('button', { 'aria-label': `revoke the token ${t.label}`, onclick: () => {
        revoke.disabled = true;
        const sent = this.ask({ type: 'token_revoke', label: t.label }, (msg) => {
          if (msg.type === 'error') { revoke.disabled = false; fill(status, msg.message); } else this.askTokens();
        });
        if (!sent) revoke.disabled = false;
      } }, 'Revoke');
      return h('li', { 'data-label': t.label },
        h('div', { class: 'what' },
          h('div', { class: 'label' }, t.label),
          h('div', { class: 'muted' }, `made ${when(t.created_ms)} · ${t.last_used_ms === null ? 'not used since the server started' : `last used ${when(t.last_used_ms)}`}`),
          status),
        revoke);
    })));
  }

  /** The new token, this once: the server keeps only its hash, so it cannot be shown again. */
  showToken(msg) {
    const field = h('input', { id: 'new-token', readonly: true, value: msg.token, spellcheck: 'false', 'aria-label': `the token ${msg.label}` });
    const said = h('span', { class: 'muted', 'aria-live': 'polite' });
    fill(this.madeEl, h('div', { class: 'shown-once' },
      h('p', {}, `Your token “${msg.label}”:`),
      h('div', { class: 'row' }, field,
        h('button', { id: 'copy-token', onclick: () => copyField(field, (text) => fill(said, text)) }, 'Copy'),
        h('button', { onclick: () => fill(this.madeEl) }, 'Done')),
      said,
      h('p', { class: 'warn' }, 'Copy it now: it will not be shown again. Anyone who has it can play as you until you revoke it.')));
    field.focus();
    field.select();
  }

  passwordCard(account) {
    const old = h('input', { id: 'pw-old', name: 'current-password', type: 'password', required: true, maxlength: 256, autocomplete: 'current-password' });
    const next = h('input', { id: 'pw-new', name: 'new-password', type: 'password', required: true, minlength: 8, maxlength: 256, autocomplete: 'new-password' });
    const submit = h('button', { type: 'submit' }, 'Change the password');
    const form = h('form', { onsubmit: (e) => {
      e.preventDefault();
      this.send(form, submit, { type: 'password_change', old: old.value, new: next.value }, () => {
        old.value = ''; next.value = '';
        fill(form.note, h('p', { class: 'good', role: 'status' }, 'Password changed. Your other sessions are signed out; API tokens keep working.'));
        this.askSessions();
      });
    } },
    // The account's name, for the browser's password manager to file the new password under.
    h('input', { type: 'text', name: 'username', autocomplete: 'username', value: account.name, readonly: true, hidden: true }),
    h('div', { class: 'field' }, h('label', { for: 'pw-old' }, 'Current password'), old),
    h('div', { class: 'field' }, h('label', { for: 'pw-new' }, 'New password (8 or more characters)'), next),
    submit);
    return h('div', { class: 'card' },
      h('h2', {}, 'Change the password'),
      h('p', { class: 'muted' }, 'Every other session of the account is signed out; this one stays.'),
      form, note(form));
  }

  deleteCard(account) {
    const password = h('input', { id: 'delete-password', name: 'password', type: 'password', required: true, maxlength: 256, autocomplete: 'current-password' });
    const submit = h('button', { type: 'submit', class: 'danger' }, 'Delete the account…');
    const confirmEl = h('div');
    const form = h('form', { onsubmit: (e) => {
      e.preventDefault();
      if (submit.disabled) return; // its answer is awaited
      fill(form.note);
      // A second step, as nothing brings the account back.
      fill(confirmEl, h('div', { class: 'confirm', role: 'alert' },
        h('p', {}, `Delete ${account.name} for good? This cannot be undone.`),
        h('div', { class: 'row' },
          h('button', { type: 'button', class: 'danger', id: 'delete-confirm', onclick: () => {
            fill(confirmEl);
            this.send(form, submit, { type: 'account_delete', password: password.value }, () => this.ways.deleted(account.name));
          } }, `Yes, delete ${account.name}`),
          h('button', { type: 'button', onclick: () => fill(confirmEl) }, 'Keep it'))));
    } },
    h('input', { type: 'text', name: 'username', autocomplete: 'username', value: account.name, readonly: true, hidden: true }),
    h('div', { class: 'field' }, h('label', { for: 'delete-password' }, 'Password'), password),
    submit, confirmEl);
    return h('div', { class: 'card' },
      h('h2', {}, 'Delete the account'),
      h('p', { class: 'muted' }, `Its password, sessions and API tokens go for good. The results stay under the name ${account.name}, which no one can take again. Leave any room first.`),
      form, note(form));
  }

  /**
   * Sends a form's command: its button waits for the answer, which `done` gets; an error
   * shows under the form. The form's password fields are cleared once sent either way
   * (a password is typed again rather than kept in the page).
   */
  send(form, button, msg, done) {
    if (button.disabled) return; // Enter in a field submits again while the answer is awaited
    fill(form.note);
    const text = button.textContent;
    button.disabled = true;
    fill(button, 'Wait…');
    const sent = this.ask(msg, (reply) => {
      button.disabled = false;
      fill(button, text);
      if (reply.type === 'error') fill(form.note, problem(reply));
      else done(reply);
    });
    for (const input of form.querySelectorAll('input[type=password]')) input.value = '';
    if (!sent) { button.disabled = false; fill(button, text); }
  }
}

const TRANSPORTS = { websocket: 'browser or WebSocket', tcp: 'TCP' };

/** The place under a form for what its command answered. */
function note(form) {
  form.note = h('div', { class: 'formnote', 'aria-live': 'polite' });
  return form.note;
}

/** An error as the server said it, with how long to wait when it said so. */
function problem(msg) {
  const wait = msg.retry_after_ms ? ` (try again in ${Math.ceil(msg.retry_after_ms / 1000)} s)` : '';
  return h('p', { class: 'error', role: 'alert' }, `${msg.message}${wait}`);
}

function when(ms) {
  return new Date(ms).toLocaleString();
}

/** Copies a field: by the clipboard where the page may use it, else selected for the reader to copy. */
function copyField(field, say) {
  const select = () => {
    field.focus();
    field.select();
    say('Selected: copy it with Ctrl+C or ⌘C (on a phone, press and hold it, then Copy).');
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(() => say('Copied.'), select);
  } else {
    select();
  }
}
