// Challenges: the ones asked of this player (Accept / Not now / Decline), the one this player
// sent (waiting, Cancel), on every screen, in a bar under the status line.

import { h, fill } from './dom.js';
import { ratingText } from './ratings.js';

const REASONS = {
  later: 'not now', too_fast: 'too fast for them', casual: 'they would play it casual', rated: 'they would play it rated',
  no_bots: 'they do not play bots', generic: 'no reason given',
};

const ENDED = {
  canceled: 'was taken back', expired: 'expired: nobody answered within a minute', gone: 'ended: a player left',
  busy: 'ended: its challenger sat down elsewhere', answered: 'was answered elsewhere',
};

export class ChallengeBar {
  constructor(app, anchor) {
    this.app = app;
    this.incoming = [];   // offers, oldest first
    this.outgoing = [];   // {challenge, to}
    this.el = h('div', { id: 'challenges', class: 'challenges', 'aria-live': 'polite' });
    anchor.after(this.el);
  }

  /** Takes a server message; true when it was a challenge's. */
  message(msg) {
    const app = this.app;
    switch (msg.type) {
      case 'challenge':
        this.incoming = this.incoming.filter((c) => c.challenge !== msg.challenge).concat([msg]);
        break;
      case 'challenge_sent':
        this.outgoing.push({ challenge: msg.challenge, to: msg.to });
        app.notice(`challenge sent to ${msg.to}: waiting for an answer`);
        break;
      case 'challenge_declined':
        this.outgoing = this.outgoing.filter((c) => c.challenge !== msg.challenge);
        app.notice(`${msg.by} declined your challenge: ${REASONS[msg.reason] || msg.reason}`);
        break;
      case 'challenge_closed': {
        const mine = this.outgoing.some((c) => c.challenge === msg.challenge);
        const asked = this.incoming.some((c) => c.challenge === msg.challenge);
        this.outgoing = this.outgoing.filter((c) => c.challenge !== msg.challenge);
        this.incoming = this.incoming.filter((c) => c.challenge !== msg.challenge);
        if (mine || asked) app.notice(`the challenge ${ENDED[msg.reason] || 'ended'}`);
        break;
      }
      case 'paired':
        if (!msg.challenge) return false;
        this.outgoing = this.outgoing.filter((c) => c.challenge !== msg.challenge);
        this.incoming = this.incoming.filter((c) => c.challenge !== msg.challenge);
        break;
      default:
        return false;
    }
    this.render();
    return msg.type !== 'paired';
  }

  /** Everything ends with the session (signed out, a new login). */
  clear() {
    this.incoming = [];
    this.outgoing = [];
    this.render();
  }

  answer(offer, accept, reason) {
    const sent = accept
      ? this.app.send({ type: 'challenge_accept', challenge: offer.challenge })
      : this.app.send({ type: 'challenge_decline', challenge: offer.challenge, reason });
    if (!sent) return;
    this.incoming = this.incoming.filter((c) => c.challenge !== offer.challenge);
    this.render();
  }

  render() {
    const app = this.app;
    const title = (game) => { const g = (app.catalog || []).find((c) => c.name === game); return g ? g.title : game; };
    fill(this.el,
      this.incoming.map((c) => h('div', { class: 'challenge card', 'data-challenge': c.challenge },
        h('span', { class: 'what' },
          h('strong', {}, c.from),
          typeof c.rating === 'number' ? ` (${ratingText(c.rating, c.provisional)})` : '',
          c.bot ? ' (bot)' : '',
          ` challenges you to ${title(c.game)}, ${c.rated ? 'rated' : 'casual'}`),
        h('span', { class: 'buttons' },
          h('button', { class: 'primary accept', onclick: () => this.answer(c, true) }, 'Accept'),
          h('button', { class: 'later', onclick: () => this.answer(c, false, 'later') }, 'Not now'),
          h('button', { class: 'decline', onclick: () => this.answer(c, false, 'generic') }, 'Decline')))),
      this.outgoing.map((c) => h('div', { class: 'challenge card outgoing', 'data-challenge': c.challenge },
        h('span', { class: 'what' }, `Waiting for ${c.to} to answer your challenge…`),
        h('span', { class: 'buttons' },
          h('button', { class: 'cancel', onclick: () => app.send({ type: 'challenge_cancel', challenge: c.challenge }) }, 'Cancel')))));
  }
}
