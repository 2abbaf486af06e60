import type { RawData, WebSocket } from 'ws';
import {
  DeviceReportSchema,
  type Device,
  type DeviceCommand,
  type DeviceCommandAnswer,
  type DevicePlaying,
} from '../../../domain/devices';
import type { PlaylistEntry } from '../../../domain/playlist';
import type { Caller } from '../../access/caller';
import { mayNameDeviceTracks, requireOwnDevice } from '../../access/devices';
import { BadRequest } from '../../errors';
import { CLOSE_TOO_MANY, type DeviceConnection, type DeviceHub } from './device-hub';
import type { DeviceRow, DevicesRepository } from './devices.repository';

/** A channel counts as open for this long after its server last renewed it. */
const LEASE_MS = 45_000;
const RENEW_MS = 15_000;
/** How soon a channel of a session that ended (a ban, a sign-out elsewhere) is closed. */
const SWEEP_MS = 2_000;
/** Open channels one user may hold on one server: a few devices, each with a reload overlap. */
const MAX_CHANNELS_PER_USER = 20;
/** Reports a channel may send per second, on average over a burst of twice that. */
const REPORTS_PER_SECOND = 5;

const PING_MS = 25_000;

/** A message a channel sent before it was ready to take it. */
export interface HeldMessage {
  data: RawData;
  isBinary: boolean;
}

const rawText = (data: RawData): string => {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString('utf8');
};

const iso = (ms: number) => new Date(ms).toISOString();

/** Where a device's playback is now: its report, moved on by the time since while it played. */
export function playingNow(row: DeviceRow, now: number): DevicePlaying | null {
  if (row.playing === null) return null;
  if (row.playing.paused || row.reportedAt === null) return row.playing;
  const elapsed = Math.max(0, now - Date.parse(row.reportedAt));
  return { ...row.playing, positionMs: row.playing.positionMs + elapsed };
}

/** A user's devices: listed, named, commanded, and "play here" (issue 50). */
export class DevicesService {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly repo: DevicesRepository,
    private readonly hub: DeviceHub,
    /** The play-queue module's entries for file ids, as the caller may see them now. */
    private readonly queueEntries: (caller: Caller, fileIds: number[]) => Promise<PlaylistEntry[]>,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    await this.hub.start();
    const every = (ms: number, work: () => Promise<void>) => {
      const timer = setInterval(() => void work().catch(this.onError), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(RENEW_MS, () => this.renewLeases());
    every(SWEEP_MS, () => this.sweepSessions());
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.hub.close();
  }

  async list(caller: Caller, currentDeviceId: string | null, now = Date.now()): Promise<Device[]> {
    const rows = await this.repo.listOf(caller.userId);
    const online = (row: DeviceRow) =>
      row.onlineUntil !== null && Date.parse(row.onlineUntil) > now;
    const playingIds = rows.flatMap((row) =>
      online(row) && row.playing !== null ? [row.playing.fileId] : [],
    );
    // Titles through the caller's own visibility: a track hidden since shows as nothing.
    const named = mayNameDeviceTracks(caller) ? [...new Set(playingIds)] : [];
    const found = named.length === 0 ? [] : await this.queueEntries(caller, named);
    const entries = new Map(found.map((e) => [e.file.fileId, e]));
    return rows.map((row) => {
      // An app that is gone plays nothing, whatever it last said.
      const playing = online(row) ? playingNow(row, now) : null;
      const entry = playing === null ? undefined : entries.get(playing.fileId);
      return {
        deviceId: row.deviceId,
        name: row.name,
        current: row.deviceId === currentDeviceId,
        online: online(row),
        playing,
        track:
          entry === undefined
            ? null
            : {
                title: entry.audio.audioTitle,
                artists: entry.audio.audioArtists,
                collectionName: entry.collectionName,
                duration: entry.audio.audioDuration,
              },
        lastSeenAt: row.lastSeenAt,
      };
    });
  }

  /** A session ended here (signed out): its channels close on every server. */
  sessionEnded(tokenHash: string): Promise<void> {
    return this.hub.dropSession(tokenHash);
  }

  async rename(caller: Caller, deviceId: string, name: string): Promise<void> {
    requireOwnDevice(caller, await this.repo.find(caller.userId, deviceId));
    await this.repo.rename(caller.userId, deviceId, name);
    await this.hub.send(caller.userId, null, { type: 'devices' });
  }

  async command(
    caller: Caller,
    deviceId: string,
    command: DeviceCommand,
    senderDeviceId: string | null,
    now = Date.now(),
  ): Promise<DeviceCommandAnswer> {
    const target = requireOwnDevice(caller, await this.repo.find(caller.userId, deviceId));
    const delivered = target.onlineUntil !== null && Date.parse(target.onlineUntil) > now;
    if (command.command !== 'transfer') {
      const { command: name, positionMs, volume } = command;
      await this.hub.send(caller.userId, deviceId, {
        type: 'command',
        command: name,
        positionMs,
        volume,
      });
      return { ok: true, delivered };
    }
    if (senderDeviceId === null)
      throw new BadRequest('Play here needs the asking device (the x-device-id header)');
    if (senderDeviceId === deviceId) throw new BadRequest('A device cannot take over from itself');
    await this.hub.send(caller.userId, deviceId, { type: 'stop', reason: 'transferred' });
    const playing = delivered ? playingNow(target, now) : target.playing;
    const fileIds = target.queue?.fileIds ?? [];
    const currentId = target.queue?.fileIds[target.queue.index] ?? playing?.fileId ?? null;
    const entries = await this.queueEntries(caller, fileIds);
    let index = entries.findIndex((entry) => entry.file.fileId === currentId);
    const sameTrack = index >= 0 && playing?.fileId === currentId;
    // Its track was hidden since: the rest starts with the next entry the caller may see.
    if (index < 0) {
      const later = new Set(fileIds.slice((target.queue?.index ?? 0) + 1));
      index = entries.findIndex((entry) => later.has(entry.file.fileId));
    }
    return {
      ok: true,
      delivered,
      transfer: {
        entries,
        index: Math.max(0, index),
        // A current track hidden since (or none): start the rest from its beginning.
        positionMs: sameTrack && playing !== null ? Math.round(playing.positionMs) : 0,
        paused: playing?.paused ?? true,
        volume: playing?.volume ?? null,
      },
    };
  }

  /**
   * A channel opened (the caller is signed in and the Origin checked by the route). `held`:
   * what the device sent before its caller was loaded, which the route kept (a socket's
   * messages are not queued for a listener that comes later).
   */
  async open(
    caller: Caller,
    tokenHash: string,
    deviceId: string,
    name: string,
    socket: WebSocket,
    held: HeldMessage[],
  ): Promise<void> {
    if (this.hub.countOf(caller.userId) >= MAX_CHANNELS_PER_USER) {
      socket.close(CLOSE_TOO_MANY, 'too many open channels');
      return;
    }
    const now = Date.now();
    // Known before its first report is taken: a report updates the device's row.
    await this.repo.connected(caller.userId, deviceId, name, iso(now), iso(now + LEASE_MS));
    // Closed while it was being recorded (a reload, a dropped network): it is not online.
    if (socket.readyState !== socket.OPEN) {
      if (!this.hub.hasLocal(caller.userId, deviceId))
        await this.repo.disconnected(caller.userId, deviceId, iso(Date.now()));
      return;
    }
    const connection: DeviceConnection = { userId: caller.userId, deviceId, tokenHash, socket };
    this.hub.add(connection);
    let tokens = REPORTS_PER_SECOND * 2;
    let refilled = Date.now();
    const onMessage = (data: RawData, isBinary: boolean) => {
      const at = Date.now();
      tokens = Math.min(
        REPORTS_PER_SECOND * 2,
        tokens + ((at - refilled) / 1000) * REPORTS_PER_SECOND,
      );
      refilled = at;
      if ((tokens -= 1) < 0) return socket.close(1008, 'too many messages');
      if (isBinary) return socket.close(1003, 'text only');
      void this.report(connection, rawText(data)).catch(this.onError);
    };
    // From here on, this handler alone: the route's holding listener goes.
    socket.removeAllListeners('message');
    socket.on('message', onMessage);
    for (const message of held.splice(0)) onMessage(message.data, message.isBinary);
    // A phone that lost its network leaves a socket that never closes: ping it, and drop it
    // when the previous ping went unanswered.
    let answered = true;
    socket.on('pong', () => (answered = true));
    const ping = setInterval(() => {
      if (!answered) return socket.terminate();
      answered = false;
      socket.ping();
    }, PING_MS);
    ping.unref();
    socket.on('close', () => {
      clearInterval(ping);
      this.hub.remove(connection);
      void this.closed(connection).catch(this.onError);
    });
    await this.hub.send(caller.userId, null, { type: 'devices' }, deviceId);
  }

  private async report(connection: DeviceConnection, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return connection.socket.close(1007, 'not JSON');
    }
    const parsed = DeviceReportSchema.safeParse(json);
    if (!parsed.success) return connection.socket.close(1007, 'not a device report');
    const { userId, deviceId } = connection;
    await this.repo.report(
      userId,
      deviceId,
      parsed.data.playing,
      parsed.data.queue,
      iso(Date.now()),
    );
    await this.hub.send(userId, null, { type: 'devices' }, deviceId);
  }

  private async closed(connection: DeviceConnection): Promise<void> {
    const { userId, deviceId } = connection;
    // A reload opens the new channel before the old one closes: the device stays online.
    if (this.hub.hasLocal(userId, deviceId)) return;
    await this.repo.disconnected(userId, deviceId, iso(Date.now()));
    await this.hub.send(userId, null, { type: 'devices' }, deviceId);
  }

  private async renewLeases(): Promise<void> {
    const now = Date.now();
    for (const [userId, deviceIds] of this.hub.localDevices())
      await this.repo.renew(userId, deviceIds, iso(now), iso(now + LEASE_MS));
  }

  private async sweepSessions(): Promise<void> {
    const open = this.hub.all();
    if (open.length === 0) return;
    const hashes = [...new Set(open.map((c) => c.tokenHash))];
    this.hub.closeUnless(await this.repo.liveSessions(hashes, iso(Date.now())));
  }
}
