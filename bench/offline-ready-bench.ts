/**
 * How soon a first visit is offline-ready (issue 30: within 5 s of the first page settling).
 * A signed-in Chromium context that has never seen the app opens home, as a phone would (CPU
 * slowed 4x like Lighthouse's mobile profile); the page's own "settled" mark and the moment the
 * service worker is active (its precache complete: workbox activates only after every shell
 * file is cached) are read on the page's clock.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { sectionMarkers, writeBenchSection } from './report-section';

export interface OfflineReadyRun {
  /** 1: this machine's CPU; 4: slowed like Lighthouse's mobile profile. */
  cpuSlowdown: number;
  /** Navigation start to the page-settled mark. */
  settledMs: number;
  /** Page settled to the worker active with the shell precached: the figure with the target. */
  readyAfterSettledMs: number;
  /** Whether the page never settled and the fallback deadline started the worker. */
  byDeadline: boolean;
}

/** This machine as it is, and slowed 4x like Lighthouse's mobile profile (a mid-range phone). */
const CPU_SLOWDOWNS = [1, 4];

async function signedInContext(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  base: string,
  cookie: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const url = new URL(base);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        domain: url.hostname,
        path: '/',
      };
    }),
  );
  return context;
}

export async function measureOfflineReady(
  base: string,
  cookie: string,
  runs = 5,
): Promise<OfflineReadyRun[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const results: OfflineReadyRun[] = [];
  try {
    for (let run = 0; run < runs * CPU_SLOWDOWNS.length; run += 1) {
      const cpuSlowdown = CPU_SLOWDOWNS[run % CPU_SLOWDOWNS.length]!;
      // A fresh context each run: no worker, no caches, no HTTP cache, like a first visit.
      const context = await signedInContext(browser, base, cookie);
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        await page.goto(`${base}/`);
        // No named functions inside: tsx's keepNames would wrap them in a helper the page lacks.
        const measured = await page.evaluate(async () => {
          let settled = performance.getEntriesByName('musicbox:page-settled')[0];
          while (settled === undefined) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            settled = performance.getEntriesByName('musicbox:page-settled')[0];
          }
          await navigator.serviceWorker.ready;
          return {
            settledMs: settled.startTime,
            readyAfterSettledMs: performance.now() - settled.startTime,
            byDeadline:
              ((settled as PerformanceMark).detail as { byDeadline?: boolean } | null)
                ?.byDeadline ?? false,
          };
        });
        results.push({ cpuSlowdown, ...measured });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

const MARKERS = sectionMarkers('offline-ready');
const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function rows(runs: OfflineReadyRun[], cpuSlowdown: number): string[] {
  const these = runs.filter((r) => r.cpuSlowdown === cpuSlowdown);
  const ready = these.map((r) => r.readyAfterSettledMs).sort((a, b) => a - b);
  const cpu = cpuSlowdown === 1 ? "this machine's CPU" : `CPU slowed ${cpuSlowdown}×`;
  return [
    `| offline-ready after the first page settles, ${cpu}: median (all runs) | ${ms(median(ready))} (${ready.map(Math.round).join(', ')} ms) | < 5000 ms |`,
    `| page settled after navigation start, ${cpu}: median | ${ms(median(these.map((r) => r.settledMs)))} | |`,
  ];
}

export async function writeOfflineReadyReport(runs: OfflineReadyRun[]): Promise<void> {
  const section = [
    MARKERS.begin,
    `## Offline-ready after a first visit (\`npm run bench\` or \`npx tsx bench/offline-ready-run.ts\`, ${new Date().toISOString().slice(0, 10)})`,
    '',
    `Production build served by the real server (demo library). A signed-in Chromium context that never saw the app opens home at 412×915, ${runs.length / CPU_SLOWDOWNS.length} runs as the machine is and as many with the CPU slowed 4× (Lighthouse's mobile profile); measured on the page's clock from its own "settled" mark (src/app/page-settled.ts) to the service worker active, which workbox reaches only once every shell file is precached.`,
    '',
    '| measure | figure | target |',
    '|---|---|---|',
    ...CPU_SLOWDOWNS.flatMap((slowdown) => rows(runs, slowdown)),
    `| runs where the fallback deadline, not a settled page, started the worker | ${runs.filter((r) => r.byDeadline).length} of ${runs.length} | 0 |`,
    MARKERS.end,
  ].join('\n');
  await writeBenchSection(MARKERS, section);
}
