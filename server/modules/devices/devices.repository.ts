import type { DevicePlaying, DeviceQueue } from '../../../domain/devices';
import { parseJson, type Db } from '../../db/database';

export interface DeviceRow {
  userId: number;
  deviceId: string;
  name: string;
  lastSeenAt: string;
  playing: DevicePlaying | null;
  queue: DeviceQueue | null;
  reportedAt: string | null;
  onlineUntil: string | null;
}

type Selected = {
  user_id: number;
  device_id: string;
  name: string;
  last_seen_at: string;
  playing: string | null;
  queue: string | null;
  reported_at: string | null;
  online_until: string | null;
};

const toRow = (r: Selected): DeviceRow => ({
  userId: Number(r.user_id),
  deviceId: r.device_id,
  name: r.name,
  lastSeenAt: r.last_seen_at,
  playing: parseJson<DevicePlaying | null>(r.playing, null),
  queue: parseJson<DeviceQueue | null>(r.queue, null),
  reportedAt: r.reported_at,
  onlineUntil: r.online_until,
});

const COLUMNS = [
  'user_id',
  'device_id',
  'name',
  'last_seen_at',
  'playing',
  'queue',
  'reported_at',
  'online_until',
] as const;

/** A user's devices: names, last reports and the online lease of their live channels. */
export class DevicesRepository {
  constructor(private readonly db: Db) {}

  async listOf(userId: number): Promise<DeviceRow[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('last_seen_at', 'desc')
      .execute();
    return rows.map(toRow);
  }

  async find(userId: number, deviceId: string): Promise<DeviceRow | undefined> {
    const row = await this.db
      .selectFrom('devices')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /** A channel opened: the device is known from now on (named `name` the first time). */
  async connected(userId: number, deviceId: string, name: string, now: string, until: string) {
    await this.db
      .insertInto('devices')
      .values({
        user_id: userId,
        device_id: deviceId,
        name,
        created_at: now,
        last_seen_at: now,
        online_until: until,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'device_id'])
          .doUpdateSet({ last_seen_at: now, online_until: until }),
      )
      .execute();
  }

  /** The leases of the channels one app server holds, renewed together. */
  async renew(userId: number, deviceIds: readonly string[], now: string, until: string) {
    if (deviceIds.length === 0) return;
    await this.db
      .updateTable('devices')
      .set({ last_seen_at: now, online_until: until })
      .where('user_id', '=', userId)
      .where('device_id', 'in', deviceIds)
      .execute();
  }

  async disconnected(userId: number, deviceId: string, now: string): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ last_seen_at: now, online_until: null })
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .execute();
  }

  async report(
    userId: number,
    deviceId: string,
    playing: DevicePlaying | null,
    queue: DeviceQueue | null,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({
        playing: playing === null ? null : JSON.stringify(playing),
        queue: queue === null ? null : JSON.stringify(queue),
        reported_at: now,
        last_seen_at: now,
      })
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .execute();
  }

  async rename(userId: number, deviceId: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('devices')
      .set({ name })
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Which of these session hashes still belong to a live session of a user not banned. */
  async liveSessions(hashes: readonly string[], now: string): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .select('sessions.token_hash')
      .where('sessions.token_hash', 'in', hashes)
      .where('sessions.expires_at', '>', now)
      .where('users.is_banned', '=', 0)
      .execute();
    return new Set(rows.map((r) => r.token_hash));
  }
}
