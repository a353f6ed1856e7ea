// A countdown from a state's time_left_ms, drawn between states by the room's tick.
// It counts only while the page is connected: a paused server is not a running clock.

import { clock } from '../dom.js';

export class Countdown {
  constructor(el, connected) {
    this.el = el;
    this.connected = connected;
    this.deadline = null;
    this.left = null;
  }

  set(ms) {
    this.left = ms;
    this.deadline = ms === null || ms === undefined ? null : performance.now() + ms;
    this.draw();
  }

  draw() {
    if (this.deadline === null) { this.el.textContent = ''; return; }
    if (!this.connected()) { this.el.textContent = 'paused: the server is away'; return; }
    const left = this.deadline - performance.now();
    this.el.textContent = `${clock(left)} left`;
    this.el.classList.toggle('urgent', left < 5000);
  }
}
