/**
 * Where the first screen's main-thread time goes: loads a page of the built app in Chromium
 * with the CPU profiler on and prints self time by script and by function. For finding what
 * to cut; Lighthouse's TBT says how much, this says where. `npx tsx bench/startup-profile.ts`
 * (after `npx vite build`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from './server-process';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-profile-'));
const server = await startServer(dataDir, 'bench-password-1', { DEMO: '1' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH });
try {
  const home = await fetch(`${server.base}/api/homepage`, {
    headers: { cookie: server.cookie },
  }).then((r) => r.text());
  const collectionId = /"collectionId":(\d+)/.exec(home)?.[1] ?? '1';
  const pages = [
    { path: '/login', cookie: '' },
    { path: '/', cookie: server.cookie },
    { path: `/collection/${collectionId}`, cookie: server.cookie },
  ];
  for (const { path, cookie } of pages) {
    for (let run = 0; run < 2; run += 1) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (cookie) await context.setExtraHTTPHeaders({ cookie });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      await context.close();
      if (run === 0) continue; // the first run warms the server's caches
      const byNode = new Map<number, number>();
      profile.samples.forEach((id, i) =>
        byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
      );
      const byUrl = new Map<string, number>();
      const byFn = new Map<string, number>();
      for (const node of profile.nodes) {
        const us = byNode.get(node.id) ?? 0;
        const { url, functionName, lineNumber, columnNumber } = node.callFrame;
        if (['(idle)', '(program)', '(root)'].includes(functionName)) continue;
        const file = url.replace(/^.*\/assets\//, '') || functionName;
        byUrl.set(file, (byUrl.get(file) ?? 0) + us);
        const fn = `${functionName || '(anon)'} ${file}:${lineNumber}:${columnNumber}`;
        byFn.set(fn, (byFn.get(fn) ?? 0) + us);
      }
      const total = [...byUrl.values()].reduce((a, b) => a + b, 0);
      console.log(`\n${path}: ${(total / 1000).toFixed(0)} ms script self time`);
      const top = (m: Map<string, number>, n: number) =>
        [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
      for (const [k, v] of top(byUrl, 12)) console.log(`  ${(v / 1000).toFixed(1)} ms  ${k}`);
      console.log('  functions:');
      for (const [k, v] of top(byFn, 25)) console.log(`  ${(v / 1000).toFixed(1)} ms  ${k}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
