import { createStore, get, set } from 'idb-keyval';
import { REPEAT_MODES, type RepeatMode } from '../../../../domain/queue';
import { TrackSchema, type Track } from '../../../../domain/track';

/** What survives a reload or a restart (issue 5): restored paused, never autoplayed. */
export interface SavedPlayer {
  queue: Track[];
  index: number;
  repeat: RepeatMode;
  position: number;
}

const KEY = 'player-state';
// A store of its own so the query cache persister and the player never share a key space.
const store =
  typeof indexedDB === 'undefined' ? undefined : createStore('musicbox-player', 'state');

export async function loadPlayer(): Promise<SavedPlayer | null> {
  if (!store) return null;
  const raw = (await get<unknown>(KEY, store).catch(() => undefined)) as
    Partial<SavedPlayer> | undefined;
  if (!raw || !Array.isArray(raw.queue)) return null;
  // Stored data is external input: validate it once at the boundary.
  const queue = raw.queue.flatMap((item) => {
    const parsed = TrackSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  if (queue.length === 0) return null;
  const index = Number.isInteger(raw.index)
    ? Math.min(Math.max(raw.index ?? 0, 0), queue.length - 1)
    : 0;
  const repeat = REPEAT_MODES.includes(raw.repeat as RepeatMode)
    ? (raw.repeat as RepeatMode)
    : 'none';
  const position = Number.isFinite(raw.position) ? Math.max(0, raw.position ?? 0) : 0;
  return { queue, index, repeat, position };
}

export async function savePlayer(state: SavedPlayer): Promise<void> {
  if (!store) return;
  await set(KEY, state, store).catch(() => undefined);
}
