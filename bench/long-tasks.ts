/**
 * The long tasks of a first visit, and what each spent its time on: loads a page of the built
 * app in Chromium at Lighthouse's mobile size with the CPU slowed 4x, takes a trace and a CPU
 * profile together, and prints every task over 50 ms (what Lighthouse's total blocking time
 * counts) with the browser's own work in it (style, layout, module evaluation) and the functions
 * that ran longest in it. startup-profile.ts sums the whole load; this says which task to split
 * or shorten. Names are readable with `npx vite build --minify false` (decision 0074).
 *
 * `npx tsx bench/long-tasks.ts [collection|home|login]`, RUNS=n (default 2), TOP=n functions a
 * task (default 8).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { startServer } from './server-process';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const LONG_US = 50_000;
const page = process.argv[2] ?? 'collection';
const runs = Number(process.env.RUNS ?? 2);

/** Self time of the trace events inside `task`, by name: the browser's share of it. */
function browserWork(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const self = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const event of events) {
    if (event === task || event.ts < task.ts || event.ts + (event.dur ?? 0) > end) continue;
    while (open.length > 0 && open.at(-1)!.ts + (open.at(-1)!.dur ?? 0) <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0));
    self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0));
    open.push(event);
  }
  return [...self]
    .filter(([, us]) => us > 3000)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, us]) => `${name} ${Math.round(us / 1000)}`)
    .join(' | ');
}

/** The app's functions that were on the stack longest between `from` and `to` (inclusive time). */
function scriptWork(profile: Profile, from: number, to: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inclusive = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((sample, index) => {
    time += profile.timeDeltas[index] ?? 0;
    const spent = profile.timeDeltas[index + 1] ?? 0;
    if (time < from || time > to) return;
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) {
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      if (!url.includes('/assets/')) continue;
      const file = url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
      seen.add(`${functionName || '(top level)'}@${file}:${lineNumber}`);
    }
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + spent);
  });
  return [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 8))
    .map(([key, us]) => `${key} ${Math.round(us / 1000)}`)
    .join(' | ');
}

async function traced(cdp: CDPSession, load: () => Promise<void>) {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await load();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.send('Tracing.end');
  await complete;
  return { events, profile };
}

const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-long-tasks-'));
const server = await startServer(dataDir, 'bench-password-1', { DEMO: '1' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new'],
});
try {
  await server.untilIdle();
  const home = await fetch(`${server.base}/api/homepage`, {
    headers: { cookie: server.cookie },
  }).then((r) => r.text());
  const id = /"collectionId":(\d+)/.exec(home)?.[1];
  const path = page === 'home' ? '/' : page === 'login' ? '/login' : `/collection/${id}`;
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (page !== 'login')
      await context.addCookies(
        server.cookie.split('; ').map((pair) => {
          const [name = '', ...value] = pair.split('=');
          return { name, value: value.join('='), url: server.base };
        }),
      );
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const { events, profile } = await traced(cdp, async () => {
      await tab.goto(server.base + path, { waitUntil: 'load' });
      await tab.waitForTimeout(4000);
    });
    const parse = events.find((event) => event.name === 'ParseHTML');
    const main = events
      .filter((e) => e.pid === parse?.pid && e.tid === parse.tid && e.ph === 'X')
      .sort((a, b) => a.ts - b.ts);
    // Times from the start of the HTML's parse: the navigation's own marks vary by version.
    const start = parse?.ts ?? 0;
    console.log(`${path}, run ${run + 1} (times from the start of parsing the HTML):`);
    for (const task of main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_US)) {
      const at = Math.round((task.ts - start) / 1000);
      console.log(
        `  at ${at} ms, ${Math.round((task.dur ?? 0) / 1000)} ms: ${browserWork(task, main)}`,
      );
      const scripts = scriptWork(profile, task.ts, task.ts + (task.dur ?? 0));
      if (scripts) console.log(`    ${scripts}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
