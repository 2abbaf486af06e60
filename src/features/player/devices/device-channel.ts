import type { DeviceChannelMessage, DeviceReport } from '../../../../domain/devices';

/** Close code of a channel whose session ended: no retry until the next sign-in. */
const SIGNED_OUT = 4401;
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 30_000;

export interface ChannelEvents {
  /** Open (again): the device says where it is first. */
  opened(): void;
  message(message: DeviceChannelMessage): void;
}

/**
 * The device's live channel (decision 0064): a WebSocket that comes back after a drop. Closed
 * by the network or the server, it tries again after 1, 2, 4 … up to 30 s with jitter, and at
 * once when the browser is back online or the page visible again; never after "signed out".
 */
export class DeviceChannel {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly now = () => this.reconnectNow();
  private readonly visible = () => {
    if (document.visibilityState === 'visible') this.reconnectNow();
  };

  constructor(
    private readonly url: string,
    private readonly events: ChannelEvents,
  ) {}

  start(): void {
    this.stopped = false;
    window.addEventListener('online', this.now);
    document.addEventListener('visibilitychange', this.visible);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.now);
    document.removeEventListener('visibilitychange', this.visible);
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
  }

  get open(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  send(report: DeviceReport): void {
    if (this.open) this.socket?.send(JSON.stringify(report));
  }

  private reconnectNow(): void {
    if (this.stopped || this.socket !== null) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.connect();
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.events.opened();
    };
    socket.onmessage = (event: MessageEvent<string>) => {
      try {
        this.events.message(JSON.parse(event.data) as DeviceChannelMessage);
      } catch {
        // Not ours: ignored.
      }
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.socket = null;
      if (this.stopped || event.code === SIGNED_OUT) return;
      const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => this.reconnectNow(), delay * (0.75 + Math.random() / 2));
    };
  }
}
