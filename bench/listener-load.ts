/**
 * Listeners as a browser is one (issue 31 §5): each holds an open Range request on a track and
 * reads it at 320 kbps after a first buffer, as an <audio> element does, starting the next track
 * when one ends. A read "stalls" when the listener wants bytes and none come for over 1 s.
 * Beside them, searchers send POST /api/audio_collection/search back to back.
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openConnections, probeLoop, searchLoop } from './listener-searchers';

const BYTES_PER_SECOND = 320_000 / 8;
/** What a media element buffers ahead before it settles to the stream's rate. */
const FIRST_BUFFER = 256 * 1024;
const STALL_MS = 1000;

export interface LoadTarget {
  base: string;
  cookie: string;
  xsrf: string;
  fileIds: number[];
  queries: string[];
}

export interface LoadFigures {
  listeners: number;
  seconds: number;
  streamsStarted: number;
  streamErrors: number;
  bytes: number;
  stallsOver1s: number;
  longestWaitMs: number;
  searches: number;
  searchErrors: number;
  searchP50: number;
  searchP99: number;
  /** The load generator's own event-loop delay (p99): high means the client, not the server, lags. */
  clientLagP99: number;
  /** Stalls before a stream's first byte (the server's answer), the rest came mid-stream. */
  stallsBeforeFirstByte: number;
  /** Time from a stream's request to its first body byte. */
  firstByteP50: number;
  firstByteP99: number;
  /** CPU the load generator used, in cores (1 = one core all the time). */
  clientCpu: number;
  /** Stalls once every listener had started (the ramp's own are the rest). */
  stallsAfterRamp: number;
  /**
   * GET /healthz every 100 ms on a connection of its own: how long the server takes to answer
   * the cheapest request, i.e. its own event-loop delay as a client sees it.
   */
  probeP99: number;
  probeMax: number;
}

/** When the ramp ended (performance.now()), shared by a load process's listeners. */
interface Phase {
  steadyFrom: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

class Listener {
  private stopped = false;
  private response: IncomingMessage | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly target: LoadTarget,
    private readonly agent: Agent,
    private readonly figures: LoadFigures,
    private readonly index: number,
    private readonly firstBytes: number[],
    private readonly phase: Phase,
    /** Reads as fast as the server sends (wrk-like), never pausing at the stream's rate. */
    private readonly fullSpeed = false,
  ) {}

  start(track = this.index): void {
    if (this.stopped) return;
    const { base, cookie, fileIds } = this.target;
    const fileId = fileIds[track % fileIds.length]!;
    const began = performance.now();
    let received = 0;
    // Since when the listener has wanted bytes and had none (null while it is paused, full).
    let waitingSince: number | null = began;
    // A full-speed reader asks what is sent unpaced (the app's offline copy, decision 0054); a
    // listener asks the paced playback stream, as the player does.
    const req = request(
      `${base}/downloader/file/${fileId}?playback=true${this.fullSpeed ? '&whole=true' : ''}`,
      { agent: this.agent, headers: { cookie, range: 'bytes=0-' } },
      (res) => {
        this.response = res;
        if (res.statusCode !== 206 && res.statusCode !== 200) {
          this.figures.streamErrors += 1;
          res.resume();
          res.on('end', () => this.retry(track));
          return;
        }
        res.on('data', (chunk: Buffer) => {
          const now = performance.now();
          if (received === 0) this.firstBytes.push(now - began);
          if (waitingSince !== null) this.noteWait(now - waitingSince, received === 0);
          received += chunk.length;
          this.figures.bytes += chunk.length;
          // Read ahead of the playhead by the first buffer, then at the stream's rate.
          const allowed = FIRST_BUFFER + ((now - began) / 1000) * BYTES_PER_SECOND;
          if (!this.fullSpeed && received > allowed) {
            res.pause();
            waitingSince = null;
            this.timer = setTimeout(
              () => {
                waitingSince = performance.now();
                res.resume();
              },
              ((received - allowed) / BYTES_PER_SECOND) * 1000,
            );
          } else {
            waitingSince = now;
          }
        });
        res.on('end', () => {
          if (waitingSince !== null)
            this.noteWait(performance.now() - waitingSince, received === 0);
          this.start(track + 1);
        });
        res.on('error', () => this.fail(track));
      },
    );
    this.figures.streamsStarted += 1;
    req.on('error', () => this.fail(track));
    req.end();
  }

  private noteWait(ms: number, beforeFirstByte: boolean): void {
    if (this.stopped) return;
    if (ms > STALL_MS) {
      this.figures.stallsOver1s += 1;
      if (beforeFirstByte) this.figures.stallsBeforeFirstByte += 1;
      if (performance.now() - ms >= this.phase.steadyFrom) this.figures.stallsAfterRamp += 1;
    }
    this.figures.longestWaitMs = Math.max(this.figures.longestWaitMs, ms);
  }

  private fail(track: number): void {
    if (this.stopped) return;
    this.figures.streamErrors += 1;
    this.retry(track);
  }

  private retry(track: number): void {
    this.timer = setTimeout(() => this.start(track + 1), 1000);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.response?.destroy();
  }
}

/** Runs `listeners` listeners (started over `rampSeconds`) and `searchers` searchers for `seconds`. */
export async function runListenerLoad(
  target: LoadTarget,
  listeners: number,
  seconds = 30,
  rampSeconds = 5,
  searchers = 10,
  offset = 0,
  fullSpeed = false,
): Promise<LoadFigures> {
  const figures: LoadFigures = {
    listeners,
    seconds,
    streamsStarted: 0,
    streamErrors: 0,
    bytes: 0,
    stallsOver1s: 0,
    longestWaitMs: 0,
    searches: 0,
    searchErrors: 0,
    searchP50: NaN,
    searchP99: NaN,
    clientLagP99: NaN,
    stallsBeforeFirstByte: 0,
    firstByteP50: NaN,
    firstByteP99: NaN,
    clientCpu: NaN,
    stallsAfterRamp: 0,
    probeP99: NaN,
    probeMax: NaN,
  };
  const phase: Phase = { steadyFrom: Infinity };
  const streamAgent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const searchAgent = new Agent({ keepAlive: true, maxSockets: Math.max(1, searchers) });
  const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  if (searchers > 0) await openConnections(target, searchAgent, probeAgent, searchers);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const firstBytes: number[] = [];
  const started: Listener[] = [];
  for (let i = 0; i < listeners; i += 1) {
    const listener = new Listener(
      target,
      streamAgent,
      figures,
      offset + i,
      firstBytes,
      phase,
      fullSpeed,
    );
    started.push(listener);
    listener.start();
    // Spread over the ramp, in steps of 10 ms.
    if (i % Math.max(1, Math.ceil(listeners / (rampSeconds * 100))) === 0) {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  // Searchers alone (beside load processes) wait out the listeners' ramp.
  if (listeners === 0) await new Promise((r) => setTimeout(r, rampSeconds * 1000));
  phase.steadyFrom = performance.now();
  const samples: number[] = [];
  const probes: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all([
    new Promise((r) => setTimeout(r, seconds * 1000)),
    searchers > 0 ? probeLoop(target, probeAgent, until, probes) : Promise.resolve(),
    ...Array.from({ length: searchers }, () =>
      searchLoop(target, searchAgent, until, samples, figures),
    ),
  ]);
  for (const listener of started) listener.stop();
  lag.disable();
  const cpu = process.cpuUsage(cpuBefore);
  figures.clientCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
  streamAgent.destroy();
  searchAgent.destroy();
  probeAgent.destroy();
  samples.sort((a, b) => a - b);
  firstBytes.sort((a, b) => a - b);
  figures.searches = samples.length;
  figures.searchP50 = quantile(samples, 0.5);
  figures.searchP99 = quantile(samples, 0.99);
  figures.firstByteP50 = quantile(firstBytes, 0.5);
  figures.firstByteP99 = quantile(firstBytes, 0.99);
  figures.clientLagP99 = lag.percentile(99) / 1e6;
  probes.sort((a, b) => a - b);
  figures.probeP99 = quantile(probes, 0.99);
  figures.probeMax = probes.at(-1) ?? NaN;
  return figures;
}
