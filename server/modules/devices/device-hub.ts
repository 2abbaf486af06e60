import type { WebSocket } from 'ws';
import type { DeviceChannelMessage } from '../../../domain/devices';
import type { NotifyBus } from '../../db/notify-bus';

/** One open channel: a device of a user, signed in with one session. */
export interface DeviceConnection {
  userId: number;
  deviceId: string;
  /** sha256 of the session cookie the channel was opened with. */
  tokenHash: string;
  socket: WebSocket;
}

/** What travels on the bus between app servers. */
type BusMessage =
  | { userId: number; deviceId: string | null; except?: string; message: DeviceChannelMessage }
  | { drop: 'session'; tokenHash: string };

/** WebSocket close codes of ours (4000-4999 are the application's). */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_TOO_MANY = 4429;

/**
 * The live channels this app server holds, and the bus that carries messages to the ones other
 * servers hold: a message for a user's device is published once and every server hands it to
 * the sockets it has for that device (decision 0064).
 */
export class DeviceHub {
  private readonly byUser = new Map<number, Set<DeviceConnection>>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly bus: NotifyBus,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = this.bus.subscribe((raw) => this.deliver(raw));
    await this.bus.ready();
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    for (const connection of this.all()) connection.socket.terminate();
    this.byUser.clear();
    await this.bus.close();
  }

  add(connection: DeviceConnection): void {
    let set = this.byUser.get(connection.userId);
    if (set === undefined) this.byUser.set(connection.userId, (set = new Set()));
    set.add(connection);
  }

  remove(connection: DeviceConnection): void {
    const set = this.byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) this.byUser.delete(connection.userId);
  }

  countOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** This server's open channels of one device (a device may have two: a reload overlapping). */
  hasLocal(userId: number, deviceId: string): boolean {
    for (const c of this.byUser.get(userId) ?? []) if (c.deviceId === deviceId) return true;
    return false;
  }

  /** Every user's devices with a channel on this server, for renewing their leases. */
  localDevices(): Map<number, string[]> {
    const out = new Map<number, string[]>();
    for (const [userId, set] of this.byUser)
      out.set(userId, [...new Set([...set].map((c) => c.deviceId))]);
    return out;
  }

  all(): DeviceConnection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /** To one device of the user (null: every device of the user but `except`). */
  send(
    userId: number,
    deviceId: string | null,
    message: DeviceChannelMessage,
    except?: string,
  ): Promise<void> {
    return this.publish({ userId, deviceId, except, message });
  }

  /** Closes the channels of a session on every server (signed out). */
  dropSession(tokenHash: string): Promise<void> {
    return this.publish({ drop: 'session', tokenHash });
  }

  /** Closes this server's channels whose sessions are no longer live. */
  closeUnless(live: Set<string>): void {
    for (const connection of this.all())
      if (!live.has(connection.tokenHash)) connection.socket.close(CLOSE_SIGNED_OUT, 'signed out');
  }

  private publish(message: BusMessage): Promise<void> {
    return this.bus.publish(JSON.stringify(message)).catch(this.onError);
  }

  private deliver(raw: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    if ('drop' in message) {
      for (const c of this.all())
        if (c.tokenHash === message.tokenHash) c.socket.close(CLOSE_SIGNED_OUT, 'signed out');
      return;
    }
    const text = JSON.stringify(message.message);
    for (const c of this.byUser.get(message.userId) ?? []) {
      if (message.deviceId !== null && c.deviceId !== message.deviceId) continue;
      if (message.except !== undefined && c.deviceId === message.except) continue;
      if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
    }
  }
}
