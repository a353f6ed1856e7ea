// A short line where the eyes are: the log is below the board on a phone and in the
// sidebar on a desk, so what just happened (a claim and why it was wrong, a throw, a pair,
// a move) is also said at the board's edge for a few seconds.

import { h, fill } from './dom.js';

const MARGIN = 8;

export class Toast {
  constructor() {
    // A status region: read out once, without taking the reader away from the board.
    this.el = h('div', { class: 'toast', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.timer = null;
  }

  /**
   * Shows `text` just below `anchor` (the board), or at the bottom of the window when the
   * board reaches past it; above the board instead when below it would hide a button (a
   * phone's Resign and Leave sit just under the board). It goes after a time long enough
   * to read it. `kind` colours it: 'good', 'bad' or 'info'.
   */
  show(text, kind, anchor) {
    clearTimeout(this.timer);
    fill(this.el, text);
    this.el.className = `toast shown ${kind}`;
    this.el.style.left = '0px'; // measured at the window's left, where nothing narrows it
    const board = anchor.getBoundingClientRect();
    const width = Math.min(this.el.offsetWidth, window.innerWidth - 2 * MARGIN);
    const centre = board.width ? board.left + board.width / 2 : window.innerWidth / 2;
    const left = Math.max(MARGIN, Math.min(centre - width / 2, window.innerWidth - width - MARGIN));
    const height = this.el.offsetHeight;
    let top = Math.max(MARGIN, Math.min(board.bottom + MARGIN, window.innerHeight - height - MARGIN));
    const above = board.top - height - MARGIN;
    if (above >= MARGIN && hidesAControl(left, top, width, height)) top = above;
    this.el.style.left = `${left}px`;
    this.el.style.top = `${top}px`;
    this.timer = setTimeout(() => this.hide(), Math.min(8000, 2500 + 50 * text.length));
  }

  hide() {
    clearTimeout(this.timer);
    this.el.className = 'toast';
  }
}

/** Whether a toast at this place in the window would lie over a button, link or field. */
function hidesAControl(left, top, width, height) {
  return [...document.querySelectorAll('button, a[href], input, select, textarea')].some((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left < left + width && r.right > left && r.top < top + height && r.bottom > top;
  });
}
