import { FIRST_LOAD_GOAL } from '../scripts/client-budget';
import { sectionMarkers, writeBenchSection } from './report-section';
import type { FirstLoad } from './client-bench';
import type { LighthouseFigure } from './lighthouse-bench';

const MARKERS = sectionMarkers('client-bench');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const msOf = (value: number) => `${Math.round(value)} ms`;
const spreadOf = (page: LighthouseFigure) =>
  page.runs && page.runs.length > 1
    ? `${page.runs.map((r) => r.performance.toFixed(2)).join(', ')} (TBT ${page.runs.map((r) => Math.round(r.tbt)).join(', ')} ms)`
    : '';

function render(firstLoad: FirstLoad, pages: LighthouseFigure[]): string {
  const date = new Date().toISOString().slice(0, 10);
  const encodings = [...new Set(firstLoad.files.map((f) => f.encoding))].join(', ');
  const rows = pages.map(
    (p) =>
      `| ${p.name} \`${p.path}\` | ${p.performance.toFixed(2)} | ${spreadOf(p)} | ${p.accessibility.toFixed(2)} | ${msOf(p.fcp)} | ${msOf(p.lcp)} | ${msOf(p.tbt)} | ${p.cls.toFixed(3)} | ${msOf(p.mainThread)} | ${msOf(p.scriptTime)} | ${Math.round(p.benchmarkIndex)} |`,
  );
  return [
    MARKERS.begin,
    `## Client (\`npm run bench\` or \`npx tsx bench/client-run.ts\`, ${date})`,
    '',
    'Production build served by the real server (its own process, demo library), measured over HTTP.',
    `First load: \`index.html\` and every script, modulepreload and stylesheet it names, requested with \`Accept-Encoding: br, gzip\`; body bytes as received (${encodings}).`,
    '',
    '| measure | figure | target |',
    '|---|---|---|',
    `| first load on the wire (${firstLoad.files.length} files) | ${kb(firstLoad.wireBytes)} | < ${kb(FIRST_LOAD_GOAL)} (npm test: scripts/client-budget.ts) |`,
    `| the same files uncompressed | ${kb(firstLoad.plainBytes)} | |`,
    `| plus what the first render waits for (${firstLoad.renderGating.map((f) => f.path.split('/').pop()).join(', ') || 'nothing'}) | ${kb(firstLoad.renderGating.reduce((sum, f) => sum + f.wireBytes, 0))}, so ${kb(firstLoad.wireBytes + firstLoad.renderGating.reduce((sum, f) => sum + f.wireBytes, 0))} before the first paint | |`,
    '',
    "Lighthouse 12 mobile defaults (simulated 150 ms RTT, 1.6 Mbps, 4× CPU slowdown), fresh Chromium profile per run, median of the runs by performance score; every run's score (lowest first) and TBT beside it. Targets: performance ≥ 0.95 and TBT < 200 ms on sign-in, home and the collection page, quiet and with one core kept busy by another process (a loop, `bench/busy-core.ts`: a listener's machine doing something else; issue 47); ≥ 0.95 for the share page (issue 33); accessibility ≥ 0.98. Main thread and scripts are CPU time under the 4× slowdown (mainthread-work-breakdown, bootup-time); like TBT they grow when other jobs share the cores. CPU index is Lighthouse's own benchmark of the machine in that run (higher is faster; below 1000 Lighthouse warns that the host is slower than its 4× slowdown assumes), so runs on different days compare only at similar indices. Since decision 0036 the service worker installs after each page has settled, so LCP includes the page's covers as a user sees them; since decision 0037 a signed-in first visit of home or a collection page gets its answer and a drawing of its top (the covers) in the HTML.",
    '',
    '| page | performance | all runs | accessibility | FCP | LCP | TBT | CLS | main thread | scripts | CPU index |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    MARKERS.end,
  ].join('\n');
}

export async function writeClientReport(figures: {
  firstLoad: FirstLoad;
  lighthouse: LighthouseFigure[];
}): Promise<void> {
  const section = render(figures.firstLoad, figures.lighthouse);
  await writeBenchSection(MARKERS, section);
}
