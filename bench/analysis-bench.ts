/**
 * `npx tsx bench/analysis-bench.ts` (also run by `npm run bench`): an import's analysis of new
 * files (waveform peaks and loudness), the two decodes it ran until issue 46 against the one
 * it runs now, and search latency over HTTP while it runs. BENCH_ANALYSIS_TRACKS sets how many
 * 30 s tracks; BENCH_ANALYSIS_SEARCH=0 skips the search part. It leaves its process at nice 10
 * (the cost part runs both analyses at the priority imports now use), so `npm run bench` runs it last.
 */
import { execFile, fork } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mapLimited } from '../server/jobs/map-limited';
import { ANALYSIS_NICE, analyseAudio } from '../server/media/analysis';
import { currentFfmpeg, ffmpegPath } from '../server/media/ffmpeg-binary';
import { measureLoudness } from '../server/media/loudness';
import { computeWaveform } from '../server/media/waveform';
import { sectionMarkers, writeBenchSection } from './report-section';
import { searchDuringLoad, type SearchSteps } from './analysis-search';

const run = promisify(execFile);
const MARKERS = sectionMarkers('analysis-bench');
const TRACKS = Number(process.env.BENCH_ANALYSIS_TRACKS ?? 12);
const CORES = availableParallelism();

type Mode = 'old' | 'new';

/** Both passes as the import ran them until issue 46: the waveform's decode, then the meter's. */
async function analyseOld(path: string): Promise<void> {
  await computeWaveform(path);
  await measureLoudness(path);
}

const analyse = (mode: Mode, path: string) =>
  mode === 'old' ? analyseOld(path) : analyseAudio(path).then(() => undefined);

/** CPU seconds of this process and of its reaped children (the ffmpeg runs), from /proc. */
async function cpuSeconds(): Promise<{ self: number; children: number }> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const f = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { self: (f[11]! + f[12]!) / 100, children: (f[13]! + f[14]!) / 100 };
}

interface PerTrack {
  wall: number;
  ffmpegCpu: number;
  nodeCpu: number;
}

/** One file at a time: what a track costs, in wall time and CPU. */
async function perTrack(mode: Mode, files: string[]): Promise<PerTrack> {
  const before = await cpuSeconds();
  const started = performance.now();
  for (const file of files) await analyse(mode, file);
  const wall = (performance.now() - started) / 1000;
  const after = await cpuSeconds();
  return {
    wall: wall / files.length,
    ffmpegCpu: (after.children - before.children) / files.length,
    nodeCpu: (after.self - before.self) / files.length,
  };
}

/** As the import runs it: one file per core at once (old: all waveforms, then all meters). */
async function importLike(mode: Mode, files: string[]): Promise<number> {
  const started = performance.now();
  if (mode === 'old') {
    await mapLimited(files, CORES, computeWaveform);
    await mapLimited(files, CORES, measureLoudness);
  } else {
    await mapLimited(files, CORES, (file) => analyseAudio(file));
  }
  return (performance.now() - started) / 1000;
}

async function makeTrack(path: string, seconds: number, seed: number): Promise<void> {
  // Pink noise under a tone in stereo MP3: the format and shape of a real library's tracks.
  // prettier-ignore
  await run(ffmpegPath(), [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:a=0.2:seed=${seed}`,
    '-f', 'lavfi', '-i', `sine=f=${220 + seed * 20}:d=${seconds}`,
    '-filter_complex', 'amix=inputs=2', '-ac', '2', '-ar', '44100',
    '-codec:a', 'libmp3lame', '-b:a', '192k', path,
  ]);
}

/** The load process of the search part: analyses the files over and over until killed. */
async function loadProcess(mode: Mode, files: string[]): Promise<void> {
  for (;;) await mapLimited(files, CORES, (file) => analyse(mode, file));
}

const s = (seconds: number) => `${seconds.toFixed(2)} s`;
const ratio = (before: number, after: number) => `${(before / after).toFixed(2)}x`;

function render(
  short: { old: PerTrack; new: PerTrack },
  long: { old: PerTrack; new: PerTrack },
  batch: { old: number; new: number },
  search: SearchSteps | string,
): string {
  const date = new Date().toISOString().slice(0, 10);
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const row = (name: string, f: { old: PerTrack; new: PerTrack }) =>
    `| ${name} | ${s(f.old.wall)} / ${s(f.old.ffmpegCpu)} | ${s(f.new.wall)} / ${s(f.new.ffmpegCpu)} | ${ratio(f.old.ffmpegCpu, f.new.ffmpegCpu)} CPU, ${ratio(f.old.wall, f.new.wall)} wall | ≥ 2x |`;
  const searchLines =
    typeof search === 'string'
      ? [`Search during the analysis: ${search}.`]
      : [
          `Search during the analysis: \`POST /api/audio_collection/search\` back to back over HTTP from this process to the server in its own process (${search.collections.toLocaleString('en')} generated collections), ${search.seconds} s a step, while a load process analyses the 30 s tracks ${CORES} at a time, over and over.`,
          '',
          '| step | searches | p50 | p95 | p95 against idle | target |',
          '|---|---|---|---|---|---|',
          ...search.steps.map(
            (step) =>
              `| ${step.name} | ${step.count} | ${step.p50.toFixed(1)} ms | ${step.p95.toFixed(1)} ms | ${(step.p95 / search.steps[0]!.p95).toFixed(2)}x | ${step.target} |`,
          ),
        ];
  return [
    MARKERS.begin,
    `## Import analysis: one decode for waveform and loudness (\`npx tsx bench/analysis-bench.ts\`, ${date})`,
    '',
    `Machine: ${CORES} × ${cpus()[0]?.model ?? 'CPU'}, ffmpeg ${currentFfmpeg()?.version ?? '?'}, load average ${load} at the end. Old: \`computeWaveform\` then \`measureLoudness\` (two decodes). New: \`analyseAudio\` (one decode, \`asplit\` into \`ebur128=peak=sample\` and 4 kHz mono PCM; decision 0065). Tracks: stereo 192 kbps MP3 of pink noise and a tone. Per track: one file at a time, wall / ffmpeg CPU (user + system of the reaped ffmpeg processes), both at nice 10 so the machine's other work weighs on them alike; Node's own CPU per track was ${s(short.old.nodeCpu)} old, ${s(short.new.nodeCpu)} new.`,
    '',
    '| per track | old: wall / CPU | new: wall / CPU | faster | target |',
    '|---|---|---|---|---|',
    row(`${TRACKS} tracks of 30 s`, short),
    row('one track of 4 minutes', long),
    `| ${TRACKS} tracks of 30 s, ${CORES} at once (as the import) | ${s(batch.old)} | ${s(batch.new)} | ${ratio(batch.old, batch.new)} wall | ≥ 2x |`,
    '',
    "One decode saves the second decode and the second process start; the meter's sample peak in place of its true peak saves the 4-times oversampling of every channel, which was about 0.7 of a 4-minute track's 1.2 CPU seconds (decision 0065). What remains is the MP3 decode and the meter's K-weighting.",
    '',
    ...searchLines,
    MARKERS.end,
  ].join('\n');
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'musicbox-analysis-bench-'));
  try {
    console.log(`generating ${TRACKS} tracks of 30 s and one of 4 minutes...`);
    const files = Array.from({ length: TRACKS }, (_, i) => join(dir, `track-${i}.mp3`));
    await mapLimited(files, CORES, (file) => makeTrack(file, 30, files.indexOf(file)));
    const longFile = join(dir, 'long.mp3');
    await makeTrack(longFile, 240, 99);
    // First, while this process and the old analysis it forks still run at nice 0, as today.
    let search: SearchSteps | string = 'not measured (BENCH_ANALYSIS_SEARCH=0)';
    if (process.env.BENCH_ANALYSIS_SEARCH !== '0') {
      console.log('search during the analysis...');
      search = await searchDuringLoad((mode) =>
        fork(import.meta.filename, ['--load', mode, ...files], { stdio: 'ignore' }),
      ).catch((error: unknown) => `not measured (${(error as Error).message})`);
    }
    // The cost of each: both at the analysis' nice (the old runs inherit this process's), so
    // other work on the machine weighs on both alike and the wall times compare.
    setPriority(0, ANALYSIS_NICE);
    // Warm the page cache and the dynamic loader once, so the first mode pays nothing extra.
    await analyse('old', files[0]!);
    await analyse('new', files[0]!);
    console.log('per track...');
    const short = { old: await perTrack('old', files), new: await perTrack('new', files) };
    const long = { old: await perTrack('old', [longFile]), new: await perTrack('new', [longFile]) };
    console.log('as the import...');
    const batch = { old: await importLike('old', files), new: await importLike('new', files) };
    await writeBenchSection(MARKERS, render(short, long, batch, search));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--load') {
  await loadProcess(process.argv[3] as Mode, process.argv.slice(4));
} else if (import.meta.filename === process.argv[1]) {
  await main();
}

export { main as runAnalysisBench };
