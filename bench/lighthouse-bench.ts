/**
 * Lighthouse (mobile defaults: Moto G Power screen, simulated 150 ms RTT / 1.6 Mbps, 4x CPU
 * slowdown) against the real server, each run in a fresh Chromium profile so nothing is
 * cached and no service worker answers. Signed-in pages get the session cookie as a header.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';

export interface LighthousePage {
  name: string;
  url: string;
  /** "name=value; ..." sent with every request of the page, or none for a signed-out page. */
  cookie?: string;
}

export interface LighthouseFigure {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Main-thread time of all kinds (Lighthouse's mainthread-work-breakdown), in ms. */
  mainThread: number;
  /** Of that, script evaluation, parse and compile (bootup-time), in ms. */
  scriptTime: number;
  /** Lighthouse's benchmark of the machine's CPU during the run (higher is faster). */
  benchmarkIndex: number;
  /** Failed audits worth looking at, for the console only. */
  findings: string[];
  /** Every run's performance score and TBT, lowest score first: how far one run can stray. */
  runs?: { performance: number; tbt: number }[];
}

/**
 * The full browser (new headless), as a user's draws its frames, not the tests' headless shell;
 * with the tests' flags but their autoplay permission, which a visitor's browser does not give.
 */
const FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--autoplay-policy')),
];

/** The elements an audit names (e.g. which text fails contrast), as short HTML snippets. */
function nodesOf(details: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (found.length >= 4 || value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.type === 'node' && typeof record.snippet === 'string') {
      found.push(`\n      ${record.snippet.slice(0, 160)}`);
      return;
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(details);
  return found;
}

async function runOnce(page: LighthousePage): Promise<LighthouseFigure> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: FLAGS,
  });
  try {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${page.url}`);
    const { lhr } = result;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const findings = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id}: ${a.displayValue ?? a.title}${nodesOf(a.details).join(' ')}`);
    return {
      name: page.name,
      path: new URL(page.url).pathname,
      performance: lhr.categories.performance?.score ?? 0,
      accessibility: lhr.categories.accessibility?.score ?? 0,
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndex: metric('speed-index'),
      mainThread: metric('mainthread-work-breakdown'),
      scriptTime: metric('bootup-time'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      findings,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * The median run by performance score, with the spread of all runs: one noisy run on a shared
 * machine decides nothing, and the spread says whether a target holds by a margin or by luck.
 */
export async function runLighthouse(
  pages: LighthousePage[],
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5),
): Promise<LighthouseFigure[]> {
  const figures: LighthouseFigure[] = [];
  for (const page of pages) {
    const results: LighthouseFigure[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await runOnce(page));
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)];
    const spread = results.map(({ performance, tbt }) => ({ performance, tbt }));
    if (median) figures.push({ ...median, runs: spread });
  }
  return figures;
}
