// The one connection to the server: protocol 1 over WebSocket at /ws, one message
// per text frame. Reconnects by itself with a growing wait, and says so.

const WAITS_S = [1, 2, 4, 8, 15];

export class Connection {
  /**
   * @param {(msg: object) => void} onMessage every message from the server, parsed
   * @param {(status: {state: string, retryIn?: number, attempt?: number}) => void} onStatus
   */
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.countdown = null;
    this.nextId = 1;
  }

  get url() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/ws`;
  }

  get isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    this.clearRetry();
    this.onStatus({ state: 'connecting', attempt: this.attempt });
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.onStatus({ state: 'open' });
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return; // Not a message of the protocol: nothing to do with it.
      }
      if (msg && typeof msg === 'object' && typeof msg.type === 'string') this.onMessage(msg);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.scheduleRetry(event.code);
    };
    ws.onerror = () => { /* onclose follows and retries */ };
  }

  /** Sends one message; false when the connection is down (the caller says so). */
  send(msg) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Tries again now, as the "retry now" button asks. */
  retryNow() {
    if (this.ws) return;
    this.attempt += 1;
    this.connect();
  }

  clearRetry() {
    clearTimeout(this.retryTimer);
    clearInterval(this.countdown);
    this.retryTimer = null;
    this.countdown = null;
  }

  /** Stops for good: another tab or device took this session over (`replaced`). */
  stop() {
    this.stopped = true;
    this.clearRetry();
  }

  scheduleRetry(code) {
    this.clearRetry();
    if (this.stopped) return;
    const wait = WAITS_S[Math.min(this.attempt, WAITS_S.length - 1)];
    this.attempt += 1;
    let left = wait;
    this.onStatus({ state: 'closed', retryIn: left, attempt: this.attempt, code });
    this.countdown = setInterval(() => {
      left -= 1;
      if (left > 0) this.onStatus({ state: 'closed', retryIn: left, attempt: this.attempt, code });
    }, 1000);
    this.retryTimer = setTimeout(() => this.connect(), wait * 1000);
  }
}
