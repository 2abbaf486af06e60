import { basename, dirname, extname, join } from 'node:path';
import type { Lyrics, LyricsLine } from '../../domain/lyrics';
import { parseLyricsText } from '../../domain/lyrics-lrc';
import { listNames, readSmall } from '../storage/folder-reads';

/** Null when the lyrics hold no line with text (an empty tag, a blank sidecar). */
function nonEmpty(lyrics: Lyrics): Lyrics | null {
  return lyrics.lines.some((line) => line.text.trim() !== '') ? lyrics : null;
}

// ID3v2 SYLT timestamp formats (ID3v2.4 section 4.9): MPEG frames need the stream's frame
// length, which varies with VBR, so only milliseconds are read.
const SYLT_MILLISECONDS = 2;
// SYLT content types kept: other (0), lyrics (1), text transcription (2); not movements,
// events, chords, trivia or URLs.
const SYLT_TEXT_TYPES = new Set([0, 1, 2]);

interface SyncedText {
  syncText: Array<{ text: string; timestamp?: number }>;
  timeStampFormat?: number;
  contentType?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isSyncedText(value: unknown): value is SyncedText {
  return isRecord(value) && Array.isArray(value.syncText) && value.syncText.length > 0;
}

/**
 * SYLT entries are lines, or syllables when the writer starts each new line with a line
 * break (the frame's convention for karaoke text): those are joined into lines.
 */
function syltLines(frame: SyncedText): LyricsLine[] {
  const entries = frame.syncText.filter((entry) => typeof entry.timestamp === 'number');
  const bySyllable = entries.some((entry, i) => i > 0 && /^[\r\n]/.test(entry.text));
  const lines: LyricsLine[] = [];
  for (const entry of entries) {
    const startMs = Math.max(0, Math.round(entry.timestamp ?? 0));
    const last = lines[lines.length - 1];
    if (bySyllable && last !== undefined && !/^[\r\n]/.test(entry.text)) last.text += entry.text;
    else lines.push({ startMs, text: entry.text.replace(/^[\r\n]+/, '') });
  }
  return lines
    .map((line) => ({ startMs: line.startMs, text: line.text.trim().slice(0, 2000) }))
    .sort((a, b) => (a.startMs ?? 0) - (b.startMs ?? 0))
    .slice(0, 10_000);
}

/** One embedded lyrics value, as music-metadata gives it natively, read as lyrics. */
function lyricsOfTag(value: unknown): Lyrics | null {
  // Vorbis LYRICS/UNSYNCEDLYRICS, MP4 ©lyr, APE Lyrics: the text itself, maybe LRC.
  if (typeof value === 'string') return nonEmpty(parseLyricsText(value));
  if (isSyncedText(value)) {
    if (value.timeStampFormat !== SYLT_MILLISECONDS) return null;
    if (value.contentType !== undefined && !SYLT_TEXT_TYPES.has(value.contentType)) return null;
    return nonEmpty({ synced: true, lines: syltLines(value) });
  }
  // USLT (language, descriptor, text): plain, unless the text is itself LRC.
  if (isRecord(value) && typeof value.text === 'string')
    return nonEmpty(parseLyricsText(value.text));
  return null;
}

/**
 * The embedded lyrics among a file's lyrics tags (USLT, SYLT, LYRICS, ©lyr...): the first
 * synced ones, else the first plain ones, else null.
 */
export function embeddedLyrics(values: readonly unknown[]): Lyrics | null {
  let plain: Lyrics | null = null;
  for (const value of values) {
    const lyrics = lyricsOfTag(value);
    if (lyrics?.synced) return lyrics;
    plain ??= lyrics;
  }
  return plain;
}

/** Sidecars bigger than this are not lyrics (or not for us to hold in memory). */
export const MAX_SIDECAR_BYTES = 512 * 1024;

/**
 * Sidecar text by its byte-order mark: UTF-8, UTF-16 LE or BE; without one UTF-8, or latin1
 * (what old Windows LRC editors wrote) when the bytes are not valid UTF-8.
 */
export function decodeLyricsBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    // Node's TextDecoder has no utf-16be: swap each pair and read it as LE.
    const swapped = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
    return new TextDecoder('utf-16le').decode(swapped.swap16());
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * Folder listings, by folder, for a moment: an import reads a folder's tracks together, so one
 * `readdir` answers every track's sidecar question, and a changed folder is seen again soon.
 */
const LISTING_TTL_MS = 2000;
const MAX_LISTINGS = 64;
const listings = new Map<string, { at: number; names: Promise<Map<string, string>> }>();

/** The folder's file names by their lower case (the sidecar match ignores case). */
function folderNames(dir: string): Promise<Map<string, string>> {
  const now = Date.now();
  const cached = listings.get(dir);
  if (cached !== undefined && now - cached.at < LISTING_TTL_MS) return cached.names;
  const names = listNames(dir).then(
    (entries) => new Map(entries.map((name) => [name.toLowerCase(), name])),
    () => new Map<string, string>(),
  );
  listings.delete(dir);
  listings.set(dir, { at: now, names });
  // Maps iterate in insertion order: the first key is the listing read longest ago.
  if (listings.size > MAX_LISTINGS) listings.delete(listings.keys().next().value ?? '');
  return names;
}

/** The sidecar beside `audioPath` with its base name, any case: `.lrc` before `.txt`. */
export async function findLyricsSidecar(audioPath: string): Promise<string | null> {
  const dir = dirname(audioPath);
  const base = basename(audioPath, extname(audioPath)).toLowerCase();
  const names = await folderNames(dir);
  for (const extension of ['.lrc', '.txt']) {
    const name = names.get(base + extension);
    if (name !== undefined) return join(dir, name);
  }
  return null;
}

/** A sidecar's lyrics; null when it is empty, too big or unreadable. */
export async function readLyricsFile(path: string): Promise<Lyrics | null> {
  try {
    const bytes = await readSmall(path, MAX_SIDECAR_BYTES);
    return bytes === null ? null : nonEmpty(parseLyricsText(decodeLyricsBytes(bytes)));
  } catch {
    return null;
  }
}

/** The lyrics in the sidecar beside `audioPath`, if it has one. */
export async function sidecarLyrics(audioPath: string): Promise<Lyrics | null> {
  const sidecar = await findLyricsSidecar(audioPath);
  return sidecar === null ? null : readLyricsFile(sidecar);
}
