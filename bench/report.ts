import { sectionMarkers, writeBenchSection } from './report-section';
import type { SearchFigure } from './search-bench';
import { ms, type Timing } from './stats';

export interface ServerFigures {
  machine: string;
  collections: number;
  files: number;
  generateSeconds: number;
  dbSize: number;
  searches: SearchFigure[];
  homepage: Timing;
  rss: number;
  fileSize: number;
  rawSpeed: number;
  streamed: number;
  cold: { raw: number; streamed: number } | null;
  ranges: Timing;
  firstByte: Timing;
  imported: { tracks: number; seconds: number; rate: number };
}

const MARKERS = sectionMarkers('server-bench');

function render(f: ServerFigures): string {
  const date = new Date().toISOString().slice(0, 10);
  const rows = f.searches.map(
    (s) =>
      `| search: ${s.name} | ${ms(s.api.p50)} | ${ms(s.api.p95)} | ${ms(s.rawSql.p95)} | ${s.ratio.toFixed(2)}x | p95 < 25 ms, ≤ 1.5x |`,
  );
  return [
    MARKERS.begin,
    `## Server (\`npm run bench\`, ${date})`,
    '',
    `Machine: ${f.machine}. Catalogue: ${f.collections.toLocaleString('en')} collections, ${f.files.toLocaleString('en')} files (rows only, generated in ${f.generateSeconds.toFixed(1)} s; database ${(f.dbSize / 2 ** 20).toFixed(0)} MiB).`,
    'Latencies go through the whole HTTP stack (Fastify inject, session lookup, validation, JSON); "raw SQL" replays the same statements through better-sqlite3.',
    '',
    '| measure | p50 | p95 | raw SQL p95 | ratio | target |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| homepage | ${ms(f.homepage.p50)} | ${ms(f.homepage.p95)} | | | |`,
    `| 64 KiB Range request on a ${(f.fileSize / 1e6).toFixed(0)} MB file (HTTP, server process) | ${ms(f.ranges.p50)} | ${ms(f.ranges.p95)} | | | |`,
    `| MP3_320 transcode, time to first byte (HTTP) | ${ms(f.firstByte.p50)} | ${ms(f.firstByte.p95)} | | | < 300 ms |`,
    '',
    '| measure | figure | target |',
    '|---|---|---|',
    `| streaming a ${(f.fileSize / 1e6).toFixed(0)} MB file from the disk (page cache dropped) | ${f.cold ? `${f.cold.streamed.toFixed(0)} MB/s (${((f.cold.streamed / f.cold.raw) * 100).toFixed(0)}% of a raw read, ${f.cold.raw.toFixed(0)} MB/s)` : 'not measured (needs root)'} | ≥ 80% |`,
    `| streaming the same file from the page cache | ${f.streamed.toFixed(0)} MB/s (${((f.streamed / f.rawSpeed) * 100).toFixed(0)}% of a raw read, ${f.rawSpeed.toFixed(0)} MB/s) | |`,
    `| import without waveforms | ${f.imported.rate.toFixed(0)} tracks/s (${f.imported.tracks} tracks in ${f.imported.seconds.toFixed(1)} s) | ≥ 200 tracks/s |`,
    `| server process RSS after serving searches and the homepage | ${(f.rss / 2 ** 20).toFixed(0)} MiB | |`,
    MARKERS.end,
  ].join('\n');
}

export async function writeReport(figures: ServerFigures): Promise<void> {
  const section = render(figures);
  await writeBenchSection(MARKERS, section);
}
