/**
 * `npx tsx bench/listener-bench.ts` (also part of `npm run bench`): how many listeners the real
 * server holds on the demo library (issue 31 §5). Steps up the number of listeners (each reading
 * a track at 320 kbps, see listener-load.ts) beside 10 searchers, 30 s a step, and prints the
 * largest number with no read stalled over 1 s, no error and search p99 under 100 ms.
 * BENCH_LISTENERS="500,1000" picks the steps (each of them runs); BENCH_LISTENER_SECONDS the
 * length of each.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadFigures, LoadTarget } from './listener-load';
import { RAMP_SECONDS, runSplitLoad } from './listener-split';
import { cpuBetween, treeCpu } from './process-tree-cpu';
import { treeMemory } from './process-tree-memory';
import { sectionMarkers, writeBenchSection } from './report-section';
import { startServer, type RunningServer } from './server-process';

const STEPS = (process.env.BENCH_LISTENERS ?? '500,1000,2000,3000,4000,5000')
  .split(',')
  .map(Number);
const SECONDS = Number(process.env.BENCH_LISTENER_SECONDS ?? 30);
const PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 1);
/** Streams read at full speed (as wrk does) beside the searchers, after the steps; 0 skips. */
const FULL_SPEED = Number(process.env.BENCH_FULL_SPEED ?? 200);
const MARKERS = sectionMarkers('listener-bench');

interface Step extends LoadFigures {
  serverCpu: number;
  /** Each node process of the server (with PROCESSES, the primary and its workers). */
  serverCpuPerProcess: number[];
  serverRssMb: number;
  /** The machine's 1-minute load average at the step's end: other work on the two cores. */
  machineLoad: number;
}

const holds = (s: Step) =>
  s.stallsOver1s === 0 && s.streamErrors === 0 && s.searchErrors === 0 && s.searchP99 < 100;

async function targetOf(server: RunningServer): Promise<LoadTarget> {
  const headers = { cookie: server.cookie };
  const found = (await fetch(`${server.base}/api/audio_collection/search`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      'x-xsrf-token': /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '',
    },
    body: JSON.stringify({ limit: 500 }),
  }).then((r) => r.json())) as { data: { collectionId: number; collectionName: string }[] };
  const fileIds: number[] = [];
  for (const { collectionId } of found.data) {
    const res = await fetch(`${server.base}/api/audio_collection/${collectionId}`, { headers });
    const page = (await res.json()) as {
      files?: { file: { fileId: number }; audio: object | null }[];
    };
    if (page.files === undefined) throw new Error(`collection ${collectionId}: ${res.status}`);
    fileIds.push(...page.files.filter((f) => f.audio !== null).map((f) => f.file.fileId));
  }
  const queries = [
    ...new Set(found.data.flatMap((c) => c.collectionName.toLowerCase().split(/\s+/))),
  ].filter((w) => w.length > 2);
  return {
    base: server.base,
    cookie: server.cookie,
    xsrf: /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '',
    fileIds,
    queries: queries.length > 0 ? queries : ['a'],
  };
}

/** How many server processes answer (PROCESSES, decision 0069): 1 unless set. */
const SERVER_PROCESSES = process.env.PROCESSES ?? '1';

function render(steps: Step[], fullSpeed: Step | null, logLevel: string): string {
  const best = steps.filter(holds).at(-1);
  const first = steps.find((s) => !holds(s));
  const row = (s: Step) =>
    `| ${s.listeners} | ${s.streamsStarted} | ${s.streamErrors} | ${s.stallsOver1s} / ${s.stallsBeforeFirstByte} / ${s.stallsAfterRamp} | ${Math.round(s.longestWaitMs)} ms | ${s.firstByteP50.toFixed(0)} / ${s.firstByteP99.toFixed(0)} ms | ${((s.bytes / (s.seconds + RAMP_SECONDS) / 1e6) * 8).toFixed(0)} Mbit/s | ${s.searches} | ${s.searchP50.toFixed(1)} / ${s.searchP99.toFixed(1)} ms | ${s.probeP99.toFixed(0)} / ${s.probeMax.toFixed(0)} ms | ${Math.round(s.serverCpu * 100)}% (${s.serverCpuPerProcess.map((c) => `${Math.round(c * 100)}%`).join(' + ')}) | ${Math.round(s.serverRssMb)} MB | ${Math.round(s.clientCpu * 100)}% / ${s.clientLagP99.toFixed(0)} ms | ${s.machineLoad.toFixed(1)} | ${holds(s) ? 'yes' : 'no'} |`;
  return [
    MARKERS.begin,
    `## Listeners (\`npx tsx bench/listener-bench.ts\`, ${new Date().toISOString().slice(0, 10)})`,
    '',
    `The real server in its own process on the demo library (request logging at \`${logLevel}\`, the loudness backfill held), the load over HTTP from ${PROCESSES === 1 ? 'this process' : `${PROCESSES} load processes (searchers and the /healthz probe in this one)`} on the same two cores, which other work shares (machine load: the 1-minute load average at the step's end). Each listener holds a Range request on a demo track's playback stream (which the server sends as a head start, then at 4 times the track's bit rate: decision 0054), buffers 256 KB, then reads at 320 kbps and starts the next track at the end; 10 searchers send \`POST /api/audio_collection/search\` back to back; ${SECONDS} s a step after a ${RAMP_SECONDS} s ramp. A stall is a listener waiting over 1 s for bytes it wants: counted in all, those before a stream's first byte (the server's answer), and those that began after the ramp. /healthz is asked every 100 ms on a connection of its own: the server's own delay as a client sees it. Server CPU is of one core (200% = both), for the whole server: every process of it together (ffmpeg included), then each node process (with PROCESSES, the primary and its workers); server RSS is the whole tree's. Server processes: PROCESSES=${SERVER_PROCESSES}${process.env.DATABASE_URL?.startsWith('postgres') === true ? ', on PostgreSQL' : ', on SQLite'}. Load CPU is the load processes' own, lag their event-loop delay.`,
    '',
    `Target: **5,000 listeners with no read stalled over 1 s, search p99 < 100 ms, no error**. Largest number that held: **${best ? best.listeners : 'none'}**${first ? `; the first that did not: ${first.listeners}` : ''}.`,
    '',
    '| listeners | streams started | stream errors | stalls > 1 s: all / before first byte / after ramp | longest wait | first byte p50 / p99 | delivered | searches | search p50 / p99 | /healthz p99 / max | server CPU | server RSS | load CPU / lag p99 | machine load | holds |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...steps.map(row),
    ...(fullSpeed === null
      ? []
      : [
          '',
          `Beside ${fullSpeed.listeners} streams read at full speed (as wrk does, the issue's "busy evening" with 200 connections; each asks the unpaced whole file, \`whole=true\`, as the app's offline copy does) by a load process of their own, the same 10 searchers from this one: search p50 / p99 **${fullSpeed.searchP50.toFixed(1)} / ${fullSpeed.searchP99.toFixed(1)} ms** (target p99 < 100 ms), ${fullSpeed.searches} searches, ${fullSpeed.streamsStarted} streams started, ${fullSpeed.streamErrors} errors, ${((fullSpeed.bytes / (fullSpeed.seconds + 5) / 1e6) * 8).toFixed(0)} Mbit/s delivered, /healthz p99 / max ${fullSpeed.probeP99.toFixed(0)} / ${fullSpeed.probeMax.toFixed(0)} ms, server CPU ${Math.round(fullSpeed.serverCpu * 100)}%, load CPU ${Math.round(fullSpeed.clientCpu * 100)}% / lag p99 ${fullSpeed.clientLagP99.toFixed(0)} ms, machine load ${fullSpeed.machineLoad.toFixed(1)}.`,
        ]),
    MARKERS.end,
  ].join('\n');
}

export async function runListenerBench(): Promise<void> {
  // BENCH_DATA_DIR keeps the generated demo library between runs (skips a minute of set-up).
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ?? (await mkdtemp(join(tmpdir(), 'musicbox-listener-bench-')));
  const logLevel = process.env.LOG_LEVEL ?? 'info';
  const server = await startServer(dataDir, 'bench-password-1', {
    DEMO: '1',
    LOG_LEVEL: logLevel,
    // The loudness backfill (ffmpeg over the whole demo library) would share the cores with
    // the measured steps; it is held past the bench.
    LOUDNESS_BACKFILL_DELAY_MS: '3600000',
  });
  try {
    console.log('listeners: waiting for the background jobs of a first start...');
    await server.untilIdle();
    const target = await targetOf(server);
    const pid = server.child.pid ?? 0;
    const measure = async (listeners: number, fullSpeed: boolean): Promise<Step> => {
      // Monotonic microseconds, the clock of a --cpu-prof profile: the step's window in it.
      console.log(`listeners: ${listeners}... (from ${process.hrtime.bigint() / 1000n} µs)`);
      const cpuBefore = await treeCpu(pid);
      const wallBefore = performance.now();
      const figures = fullSpeed
        ? await runSplitLoad(target, listeners, SECONDS, PROCESSES, true)
        : await runSplitLoad(target, listeners, SECONDS, PROCESSES);
      const cpu = cpuBetween(
        cpuBefore,
        await treeCpu(pid),
        (performance.now() - wallBefore) / 1000,
      );
      const step: Step = {
        ...figures,
        serverCpu: cpu.total,
        serverCpuPerProcess: cpu.perProcess,
        serverRssMb: (await treeMemory(pid)).rss / 1e6,
        machineLoad: loadavg()[0] ?? NaN,
      };
      console.log(`  ${JSON.stringify(step)} (to ${process.hrtime.bigint() / 1000n} µs)`);
      // Let the sockets of the last step close before the next.
      await new Promise((r) => setTimeout(r, 5000));
      return step;
    };
    const steps: Step[] = [];
    for (const listeners of STEPS) {
      const step = await measure(listeners, false);
      steps.push(step);
      // The default ladder stops after two steps that do not hold; steps asked for by name
      // (BENCH_LISTENERS) all run, so a report can show 5,000 beside 1,000 and 2,000.
      const asked = process.env.BENCH_LISTENERS !== undefined;
      if (!asked && !holds(step) && steps.filter((s) => !holds(s)).length >= 2) break;
    }
    const fullSpeed = FULL_SPEED > 0 ? await measure(FULL_SPEED, true) : null;
    await writeBenchSection(MARKERS, render(steps, fullSpeed, logLevel));
  } finally {
    await server.stop();
    if (kept === undefined) await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runListenerBench();
