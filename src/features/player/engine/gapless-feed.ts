import {
  GAPLESS_MIME,
  GAPLESS_TRIM_HEADER,
  decoderShift,
  type DecoderStart,
  parseTrim,
} from '../../../../domain/gapless';
import type { Track } from '../../../../domain/track';

/**
 * Append no more than this many seconds ahead of the play position (memory on a phone): 30 s of
 * FLAC is about 3 MB. A lossy original's own frames are a third of that or less, so more of the
 * track is at hand when the network goes (5 minutes of 320 kbit/s MP3: 12 MB, Chromium's quota
 * for one audio SourceBuffer; above it, `append` waits for the play position to move on).
 */
const AHEAD_SECONDS = { lossless: 30, lossy: 300 };
/** Keep this many seconds behind the play position (a short seek back needs no refetch). */
const BEHIND_SECONDS = 10;
const WAIT_MS = 500;

/** One track on the MediaSource timeline. */
export interface Segment {
  track: Track;
  url: string;
  /** Timeline seconds of its first sample (set when its first byte is appended). */
  start: number;
  /** Timeline seconds where its last sample ends; null until all of it is appended. */
  end: number | null;
  /** Track seconds before which nothing is appended (a start or a seek mid-track). */
  from: number;
  begun: boolean;
  dropped: boolean;
  /** The server refused it for the role's speed limit (409): no other track would do better. */
  refused: boolean;
  controller: AbortController;
  reader: ReadableStreamDefaultReader<Uint8Array> | null;
  /** Timeline seconds where its last sample ends, when the server said so (a lossy original). */
  stated: number | null;
}

/** Seconds of a segment's track: exact once all appended, else as the server stated, else tagged. */
export function lengthOf(segment: Segment): number {
  if (segment.end !== null) return segment.end - segment.start;
  return segment.stated !== null ? segment.stated - segment.start : segment.track.duration;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One MediaSource with one SourceBuffer, fed track after track (decisions 0052 and 0060). Each
 * track's stream is appended with `timestampOffset` at the end of the one before, so the decoder
 * plays them as one stream: no gap and no overlap. A FLAC stream holds exactly the track's
 * samples; a lossy original's own frames come with where its samples lie (the trim header), and
 * the append window cuts its encoder delay and padding. A track of another type than the one
 * before changes the buffer's type (`changeType`). One loop (`pump`) does every SourceBuffer
 * operation, in order.
 */
export class SourceFeed {
  readonly segments: Segment[] = [];
  private readonly source = new MediaSource();
  private readonly opened: Promise<void>;
  private buffer: SourceBuffer | null = null;
  private type: string | null = null;
  private pumping = false;
  private closed = false;
  /** Timeline seconds from which appended data must go (a dropped next track). */
  private trimFrom: number | null = null;

  constructor(
    private readonly element: HTMLAudioElement,
    /** A track's stream could not be had (its request failed): the deck falls back. */
    private readonly failed: (segment: Segment) => void,
    /** A track was appended in full: its end (and the next track's start) is known. */
    private readonly completed: (segment: Segment) => void,
    /** Bytes were appended: the timeline may now hold a position it could not seek to. */
    private readonly appended: () => void = () => undefined,
  ) {
    const url = URL.createObjectURL(this.source);
    this.opened = new Promise((resolve) => {
      this.source.addEventListener(
        'sourceopen',
        () => {
          URL.revokeObjectURL(url);
          resolve();
        },
        { once: true },
      );
    });
    element.src = url;
  }

  /** Queues `track` after the last segment (or as the first, from `from` seconds). */
  add(track: Track, url: string, from = 0): Segment {
    const segment: Segment = {
      track,
      url,
      start: 0,
      end: null,
      from,
      begun: false,
      dropped: false,
      refused: false,
      controller: new AbortController(),
      reader: null,
      stated: null,
    };
    this.segments.push(segment);
    void this.pump();
    return segment;
  }

  /** Drops every segment after the first `keep`, and what of them was appended. */
  dropAfter(keep: number): void {
    const gone = this.segments.splice(keep);
    if (gone.length === 0) return;
    for (const segment of gone) {
      segment.dropped = true;
      segment.controller.abort();
    }
    const last = this.segments[keep - 1];
    if (gone.some((s) => s.begun)) this.trimFrom = last?.end ?? last?.start ?? 0;
    void this.pump();
  }

  /** The current track is over: the next becomes the first. */
  shift(): void {
    this.segments.shift();
  }

  close(): void {
    this.closed = true;
    for (const segment of this.segments) segment.controller.abort();
  }

  /** Whether the timeline has data at `time` (seconds). */
  holds(time: number): boolean {
    const ranges = this.element.buffered;
    for (let i = 0; i < ranges.length; i += 1)
      if (ranges.start(i) <= time && time < ranges.end(i)) return true;
    return false;
  }

  /** Keeps appending while there is something to append and room ahead of the play position. */
  private async pump(): Promise<void> {
    if (this.pumping || this.closed) return;
    this.pumping = true;
    try {
      await this.opened;
      for (;;) {
        if (this.closed) return;
        if (this.trimFrom !== null && this.buffer) await this.trim(this.buffer, this.trimFrom);
        const segment = this.segments.find((s) => s.end === null);
        if (!segment) return this.buffer ? this.finish(this.buffer) : undefined;
        if (!segment.begun && !(await this.begin(segment))) continue;
        const buffer = this.buffer!;
        const ahead = this.bufferedEnd(buffer) - this.element.currentTime;
        if (ahead > AHEAD_SECONDS[segment.stated === null ? 'lossless' : 'lossy']) {
          await sleep(WAIT_MS);
          continue;
        }
        const chunk = await segment.reader?.read().catch(() => null);
        if (this.closed || segment.dropped) continue;
        if (!chunk) {
          this.fail(segment);
          continue;
        }
        if (chunk.done) {
          const end = this.bufferedEnd(buffer);
          segment.end = Math.max(
            segment.start,
            segment.stated === null ? end : Math.min(end, segment.stated),
          );
          this.completed(segment);
          continue;
        }
        await this.append(buffer, chunk.value);
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Places the segment at the end of the one before and opens its stream. */
  private async begin(segment: Segment): Promise<boolean> {
    const before = this.segments[this.segments.indexOf(segment) - 1];
    segment.start = before?.end ?? 0;
    const response = await fetch(segment.url, {
      credentials: 'same-origin',
      signal: segment.controller.signal,
    }).catch(() => null);
    if (this.closed || segment.dropped) return false;
    if (!response?.ok || !response.body) {
      segment.refused = response?.status === 409;
      this.fail(segment);
      return false;
    }
    const type = response.headers.get('Content-Type') ?? GAPLESS_MIME;
    // A type this browser's Media Source does not take: the element deck plays the track.
    if (!MediaSource.isTypeSupported(type)) {
      this.fail(segment);
      return false;
    }
    const start: DecoderStart =
      this.buffer === null ? 'new' : this.type === type ? 'continued' : 'changed';
    const buffer = await this.bufferFor(type);
    const trim = parseTrim(response.headers.get(GAPLESS_TRIM_HEADER));
    // The original's first frame goes where its first real sample lands at the track's start,
    // allowing for what the browser's decoder shifts by itself.
    const shift = decoderShift(type, start);
    const lead = trim ? Math.max(0, trim.skip - shift.earlier) / trim.rate : 0;
    segment.stated = trim ? segment.start + (trim.valid + shift.longer) / trim.rate : null;
    buffer.timestampOffset = segment.start - lead;
    // End first: a start past the old end would throw.
    buffer.appendWindowEnd = Infinity;
    buffer.appendWindowStart = segment.start + segment.from;
    buffer.appendWindowEnd = segment.stated ?? Infinity;
    segment.reader = response.body.getReader();
    segment.begun = true;
    return true;
  }

  /**
   * The SourceBuffer, made for (or changed to) `type` once the one before is done. MPEG audio
   * has no timestamps of its own, which puts a buffer in `sequence` mode; the next track of a
   * container type goes back to `segments`, where each frame keeps its place.
   */
  private async bufferFor(type: string): Promise<SourceBuffer> {
    let buffer = this.buffer;
    if (!buffer) {
      buffer = this.source.addSourceBuffer(type);
      this.buffer = buffer;
    } else {
      await this.idle(buffer);
      if (type !== this.type) buffer.changeType(type);
    }
    this.type = type;
    if (type !== 'audio/mpeg' && buffer.mode !== 'segments') buffer.mode = 'segments';
    return buffer;
  }

  /** Reported while the segment is still in place (the deck asks whether it is current). */
  private fail(segment: Segment): void {
    const index = this.segments.indexOf(segment);
    this.failed(segment);
    if (index >= 0 && !this.closed) this.dropAfter(index);
  }

  private async append(buffer: SourceBuffer, bytes: Uint8Array): Promise<void> {
    for (;;) {
      await this.evict(buffer);
      try {
        buffer.appendBuffer(bytes as Uint8Array<ArrayBuffer>);
        await this.idle(buffer);
        this.appended();
        return;
      } catch (error) {
        // Full: wait for the play position to move on, then evict behind it and try again.
        if (!(error instanceof DOMException && error.name === 'QuotaExceededError')) throw error;
        await sleep(WAIT_MS);
        if (this.closed) return;
      }
    }
  }

  /** Removes what lies well behind the play position. */
  private async evict(buffer: SourceBuffer): Promise<void> {
    const behind = this.element.currentTime - BEHIND_SECONDS;
    if (buffer.buffered.length === 0 || buffer.buffered.start(0) >= behind - 1) return;
    await this.idle(buffer);
    buffer.remove(0, behind);
    await this.idle(buffer);
  }

  private async trim(buffer: SourceBuffer, from: number): Promise<void> {
    this.trimFrom = null;
    await this.idle(buffer);
    if (this.source.readyState === 'open') buffer.abort(); // a half-parsed fragment goes too
    if (this.bufferedEnd(buffer) > from) {
      buffer.remove(from, Infinity);
      await this.idle(buffer);
    }
  }

  /** Every track appended: the element may end (and fire `ended`) at the last sample. */
  private finish(buffer: SourceBuffer): void {
    if (this.source.readyState === 'open' && !buffer.updating) this.source.endOfStream();
  }

  private bufferedEnd(buffer: SourceBuffer): number {
    const ranges = buffer.buffered;
    return ranges.length ? ranges.end(ranges.length - 1) : 0;
  }

  private idle(buffer: SourceBuffer): Promise<void> {
    if (!buffer.updating) return Promise.resolve();
    return new Promise((resolve) =>
      buffer.addEventListener('updateend', () => resolve(), { once: true }),
    );
  }
}
