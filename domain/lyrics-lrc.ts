import type { Lyrics, LyricsLine } from './lyrics';

// The schema's limits (domain/lyrics.ts): longer input is cut, never refused, so a tag or a
// sidecar with a runaway line still shows.
const MAX_LINES = 10_000;
const MAX_LINE_LENGTH = 2000;

/** `[mm:ss]`, `[mm:ss.x]`, `[mm:ss.xx]` or `[mm:ss.xxx]`; some writers put a colon before the fraction. */
const TIMESTAMP = /\[(\d{1,3}):([0-5]\d)(?:[.:](\d{1,3}))?\]/y;
/** The one ID tag that matters (`[ar:..]`, `[length:..]` and the others are dropped). */
const OFFSET = /^\s*\[offset:\s*([+-]?\d+)\s*\]\s*$/i;
/** Enhanced LRC's per-word times (`<00:12.34>`) inside a line's text. */
const WORD_TIME = /<\d{1,3}:[0-5]\d(?:[.:]\d{1,3})?>/g;

const cut = (text: string): string => text.slice(0, MAX_LINE_LENGTH);

function fractionMs(digits: string | undefined): number {
  if (digits === undefined) return 0;
  // ".5" is tenths, ".50" hundredths, ".500" milliseconds.
  return Number(digits) * 10 ** (3 - digits.length);
}

/** The line's leading timestamps in ms and the text after them; null for an untimed line. */
function timedLine(line: string): { times: number[]; text: string } | null {
  const times: number[] = [];
  let at = 0;
  while (at < line.length && line[at] === ' ') at += 1;
  for (;;) {
    TIMESTAMP.lastIndex = at;
    const match = TIMESTAMP.exec(line);
    if (!match) break;
    times.push((Number(match[1]) * 60 + Number(match[2])) * 1000 + fractionMs(match[3]));
    at = TIMESTAMP.lastIndex;
  }
  return times.length === 0 ? null : { times, text: line.slice(at) };
}

function parseLrc(rows: string[]): Lyrics {
  let offset = 0;
  const lines: LyricsLine[] = [];
  for (const row of rows) {
    const timed = timedLine(row);
    if (timed === null) {
      // A positive offset makes the lyrics come sooner (the LRC convention).
      const shift = OFFSET.exec(row);
      if (shift) offset = Number(shift[1]);
      continue;
    }
    const text = cut(timed.text.replace(WORD_TIME, '').trim());
    for (const time of timed.times) lines.push({ startMs: time, text });
  }
  const shifted = lines.map((line) => ({
    startMs: Math.max(0, Math.round((line.startMs ?? 0) - offset)),
    text: line.text,
  }));
  // Array.prototype.sort is stable: lines sharing a time keep their order in the file.
  shifted.sort((a, b) => a.startMs - b.startMs);
  return { synced: true, lines: shifted.slice(0, MAX_LINES) };
}

function parsePlain(rows: string[]): Lyrics {
  const lines = rows.map((row) => row.trimEnd());
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start += 1;
  while (end > start && lines[end - 1] === '') end -= 1;
  return {
    synced: false,
    lines: lines
      .slice(start, end)
      .slice(0, MAX_LINES)
      .map((text) => ({ text: cut(text) })),
  };
}

/**
 * Reads lyrics text: LRC when at least one line starts with a timestamp (then untimed lines and
 * ID tags are dropped, `[offset:]` is applied and lines are in time order), else plain lines.
 */
export function parseLyricsText(text: string): Lyrics {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  return rows.some((row) => timedLine(row) !== null) ? parseLrc(rows) : parsePlain(rows);
}

function lrcTime(ms: number): string {
  const hundredths = Math.round(ms / 10);
  const minutes = Math.floor(hundredths / 6000);
  const seconds = Math.floor(hundredths / 100) % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `[${pad(minutes)}:${pad(seconds)}.${pad(hundredths % 100)}]`;
}

/** Lyrics as the tag editor shows them: `[mm:ss.xx]text` lines when synced, else the lines. */
export function formatLyricsText(lyrics: Lyrics): string {
  return lyrics.lines
    .map((line) =>
      lyrics.synced && line.startMs !== undefined
        ? `${lrcTime(line.startMs)}${line.text}`
        : line.text,
    )
    .join('\n');
}
