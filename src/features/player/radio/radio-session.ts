import { getDefaultStore } from 'jotai';
import { parseRadioSeed, type RadioSeed } from '../../../../domain/radio';
import type { Track } from '../../../../domain/track';
import { getRadioPage } from '../api/radio';
import { getPlayerEngine } from '../engine/engine';
import { indexAtom, queueAtom } from '../state/player-atoms';
import { radioSeedAtom } from '../state/radio-atoms';

/** Tracks per page, and how few may remain after the current one before the next page. */
const PAGE = 50;
const LOW_WATER = 10;
/** The most ids sent back as "already queued" (the server's cap). */
const EXCLUDE_CAP = 500;

interface Session {
  seed: RadioSeed;
  /** The files the radio queued, in order, the last EXCLUDE_CAP (exclude's older part). */
  ids: number[];
  /** The radio's own track objects: a queue not starting with one is no longer the radio's. */
  own: WeakSet<Track>;
  fetching: boolean;
  unsubscribe: () => void;
}

let session: Session | null = null;

const fileIdsOf = (tracks: readonly Track[]): number[] =>
  tracks.flatMap((track) => (track.fileId === undefined ? [] : [track.fileId]));

/**
 * The ids the server must not answer again, in queue order: what the radio queued and the
 * queue no longer holds, then the queue itself, so its tail is what the next page follows.
 */
function excludeOf(current: Session, queue: readonly Track[]): number[] {
  const queued = fileIdsOf(queue);
  const inQueue = new Set(queued);
  const older = current.ids.filter((id) => !inQueue.has(id));
  return [...older, ...queued].slice(-EXCLUDE_CAP);
}

/**
 * The radio outlives a reload (the queue is restored from IndexedDB, paused): its seed, the ids
 * it queued and the queue's first file are kept in localStorage beside the queue.
 */
const SAVED_KEY = 'radio-session';

interface SavedRadio {
  seed: string;
  ids: number[];
  first: number;
}

const seedText = (seed: RadioSeed): string =>
  seed.kind === 'genre' ? `genre:${seed.name}` : `${seed.kind}:${seed.id}`;

function saveSession(current: Session, queue: readonly Track[]): void {
  const first = queue[0]?.fileId;
  if (first === undefined) return;
  const saved: SavedRadio = { seed: seedText(current.seed), ids: current.ids, first };
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the radio still runs, it just will not survive a reload.
  }
}

/** The saved radio, checked like any stored input; null when absent or not one. */
function loadSaved(): { seed: RadioSeed; ids: number[]; first: number } | null {
  try {
    const raw = JSON.parse(localStorage.getItem(SAVED_KEY) ?? 'null') as Partial<SavedRadio> | null;
    if (raw === null || typeof raw.seed !== 'string' || !Number.isInteger(raw.first)) return null;
    const seed = parseRadioSeed(raw.seed);
    if (typeof seed === 'string') return null;
    const ids = Array.isArray(raw.ids) ? raw.ids.filter(Number.isInteger).slice(-EXCLUDE_CAP) : [];
    return { seed, ids, first: raw.first! };
  } catch {
    return null;
  }
}

/** Ends the radio: the queue stays as it is, nothing more is added. */
export function stopRadio(): void {
  localStorage.removeItem(SAVED_KEY);
  if (session === null) return;
  session.unsubscribe();
  session = null;
  getDefaultStore().set(radioSeedAtom, null);
}

async function refill(current: Session): Promise<void> {
  if (session !== current) return;
  const store = getDefaultStore();
  const queue = store.get(queueAtom);
  const first = queue[0];
  // Something else took the queue (other tracks played, the queue cleared): the radio ends.
  if (first === undefined || !current.own.has(first)) {
    stopRadio();
    return;
  }
  saveSession(current, queue);
  const remaining = queue.length - 1 - store.get(indexAtom);
  if (current.fetching || remaining >= LOW_WATER) return;
  current.fetching = true;
  try {
    const exclude = excludeOf(current, queue);
    let page = await getRadioPage(current.seed, PAGE, exclude, true);
    // A small library played through: the older half of the session may come round again.
    if (page.length === 0 && exclude.length > 1)
      page = await getRadioPage(current.seed, PAGE, exclude.slice(-(exclude.length >> 1)), true);
    if (session !== current || page.length === 0) return;
    for (const track of page) current.own.add(track);
    current.ids = [...current.ids, ...fileIdsOf(page)].slice(-EXCLUDE_CAP);
    getPlayerEngine().enqueue(page);
    saveSession(current, store.get(queueAtom));
  } catch {
    // Offline or refused: the next move in the queue asks again.
  } finally {
    current.fetching = false;
  }
}

/** Replaces the queue with the seed's first page and plays it; the queue refills itself. */
export async function startRadio(seed: RadioSeed): Promise<void> {
  const tracks = await getRadioPage(seed, PAGE, []);
  if (tracks.length === 0) return;
  stopRadio();
  getPlayerEngine().playTracks(tracks);
  follow(seed, fileIdsOf(tracks), tracks);
}

/**
 * After a reload, once the engine restored the queue: the saved radio goes on when the queue
 * is still the one it filled (same first file), else it is forgotten.
 */
export function resumeRadio(): void {
  const saved = loadSaved();
  const queue = getDefaultStore().get(queueAtom);
  if (saved === null || session !== null || queue[0]?.fileId !== saved.first) {
    if (session === null) localStorage.removeItem(SAVED_KEY);
    return;
  }
  follow(saved.seed, saved.ids, queue);
}

/** The session over `tracks` (the queue's, as played): refills whenever the queue moves. */
function follow(seed: RadioSeed, ids: number[], tracks: readonly Track[]): void {
  const store = getDefaultStore();
  const current: Session = {
    seed,
    ids,
    own: new WeakSet(tracks),
    fetching: false,
    unsubscribe: () => undefined,
  };
  session = current;
  store.set(radioSeedAtom, seed);
  const check = () => void refill(current);
  const fromQueue = store.sub(queueAtom, check);
  const fromIndex = store.sub(indexAtom, check);
  current.unsubscribe = () => {
    fromQueue();
    fromIndex();
  };
  check();
}

/** The queue dialog's "Start radio": a radio from the track playing now. */
export function startRadioFromCurrent(): void {
  const store = getDefaultStore();
  const track = store.get(queueAtom)[store.get(indexAtom)];
  if (track?.fileId !== undefined) void startRadio({ kind: 'file', id: track.fileId });
}
