/** One of a user's web apps (migration 0031, domain/devices.ts). */
export interface DevicesTable {
  user_id: number;
  device_id: string;
  name: string;
  created_at: string;
  last_seen_at: string;
  /** JSON DevicePlaying, or null. */
  playing: string | null;
  /** JSON DeviceQueue, or null. */
  queue: string | null;
  reported_at: string | null;
  /** Its live channel counts as open until then (renewed while the socket lives). */
  online_until: string | null;
}

export interface DeviceTables {
  devices: DevicesTable;
}
