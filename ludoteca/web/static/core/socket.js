// @ts-check
/**
 * A table socket that speaks the envelope {"t", "v", "d"} (docs/protocol.md)
 * and reconnects by itself with a growing delay; on every (re)connection it
 * sends "hello" with the last version it saw, so the server replays what was
 * missed or sends the full state.
 */

export class TableSocket {
  /**
   * @param {string} path  e.g. "/ws/play/12/"
   * @param {{onFrame: (f: {t: string, v: number|null, d: any}) => void,
   *          onStatus?: (s: "open"|"closed"|"connecting") => void,
   *          lastVersion: () => number|null}} handlers
   */
  constructor(path, handlers) {
    this.path = path;
    this.handlers = handlers;
    this.delay = 500;
    this.closedByUs = false;
    /** @type {WebSocket|null} */
    this.ws = null;
    this.pingTimer = 0;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.handlers.onStatus?.("connecting");
    const ws = new WebSocket(`${scheme}//${location.host}${this.path}`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.handlers.onStatus?.("open");
      this.send("hello", this.handlers.lastVersion(), {});
      clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.send("ping", null, {}), 20000);
    };
    ws.onmessage = (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handlers.onFrame(frame);
    };
    ws.onclose = (event) => {
      clearInterval(this.pingTimer);
      this.handlers.onStatus?.("closed");
      if (this.closedByUs || event.code === 4403 || event.code === 4404) return;
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  /** @param {string} t @param {number|null} v @param {object} d */
  send(t, v, d) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ t, v, d }));
      return true;
    }
    return false;
  }

  close() {
    this.closedByUs = true;
    this.ws?.close();
  }
}
