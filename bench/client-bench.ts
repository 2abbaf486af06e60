/**
 * Client figures for docs/benchmarks.md: the first-load JavaScript (gzip) and a cold load of the
 * built app in Chromium. Builds nothing: run `npx vite build` and start a server first, then
 * `BENCH_URL=http://127.0.0.1:8095 npx tsx bench/client-bench.ts`.
 */
import { chromium, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8095';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const gzipSize = async (path: string) => gzipSync(await readFile(join(DIST, path))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The entry script and its modulepreloads, as index.html asks for them. */
async function htmlEntryJs(): Promise<string[]> {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const preloads = [
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ].map((m) => m[1] ?? '');
  return [...new Set([...scripts, ...preloads])];
}

interface Load {
  js: string[];
  ttfb: number;
  fcp: number;
  lcp: number;
  domContentLoaded: number;
  load: number;
}

/** Lighthouse's mobile defaults: 150 ms RTT, 1.6 Mbps down, 750 kbps up, 4x CPU slowdown. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function coldLoad(throttled: boolean): Promise<Load> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    // A fresh context: empty HTTP cache, no service worker, no IndexedDB.
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    if (throttled) await throttle(page);
    const js: string[] = [];
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js')) js.push(path.slice(1));
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(BASE, { waitUntil: 'networkidle' });
    // The page has painted once the app rendered its first landmark.
    await page.locator('main, form').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(500);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paints = performance.getEntriesByType('paint');
      const fcp = paints.find((p) => p.name === 'first-contentful-paint')?.startTime ?? 0;
      return {
        ttfb: nav.responseStart,
        fcp,
        lcp: (window as unknown as { __lcp: number }).__lcp,
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
      };
    });
    await context.close();
    return { js, ...timing };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const entry = await htmlEntryJs();
  let entryGzip = 0;
  for (const file of entry) entryGzip += await gzipSize(file);
  console.log(`entry JS named in index.html (${entry.length} files): ${kb(entryGzip)} gzip`);

  for (const throttled of [false, true]) {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i += 1) loads.push(await coldLoad(throttled));
    const files = [...new Set(loads.flatMap((l) => l.js))];
    let loadedGzip = 0;
    for (const file of files) loadedGzip += await gzipSize(file);
    const label = throttled ? 'cold load, Lighthouse mobile throttling' : 'cold load, unthrottled';
    console.log(`${label} (${RUNS} runs, median) of ${BASE}/`);
    console.log(`  JS fetched on first load: ${files.length} files, ${kb(loadedGzip)} gzip`);
    for (const key of ['ttfb', 'fcp', 'lcp', 'domContentLoaded', 'load'] as const)
      console.log(`  ${key}: ${median(loads.map((l) => l[key])).toFixed(0)} ms`);
  }
}

await main();
