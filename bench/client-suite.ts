/**
 * The client figures: builds the app, starts the real server on a fresh data dir with the
 * demo library (covers, several releases), measures the first load over HTTP, runs
 * Lighthouse on the sign-in page, the home page, a collection page and that collection's share
 * page (signed out, issue 33 §3), and times how soon a first visit is offline-ready.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { measureFirstLoad } from './client-bench';
import { measureOfflineReady, writeOfflineReadyReport } from './offline-ready-bench';
import { writeClientReport } from './client-report';
import { withBusyCore } from './busy-core';
import { runLighthouse } from './lighthouse-bench';
import { startServer } from './server-process';

export async function runClientSuite(): Promise<void> {
  if (process.env.BENCH_NO_BUILD !== '1') {
    console.log('client: vite build...');
    await build({ logLevel: 'warn' });
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-client-bench-'));
  const password = 'bench-password-1';
  console.log('client: server with the demo library...');
  const server = await startServer(dataDir, password, { DEMO: '1' });
  try {
    console.log('client: waiting for the background jobs of a first start...');
    await server.untilIdle();
    const firstLoad = await measureFirstLoad(server.base);
    const home = await fetch(`${server.base}/api/homepage`, {
      headers: { cookie: server.cookie },
    }).then((r) => r.text());
    const collectionId = /"collectionId":(\d+)/.exec(home)?.[1];
    if (!collectionId) throw new Error('the demo homepage lists no collection');
    const share = await fetch(`${server.base}/api/share`, {
      method: 'PUT',
      headers: {
        cookie: server.cookie,
        'content-type': 'application/json',
        // A cookie call: the XSRF rule wants the cookie's token echoed in the header.
        'x-xsrf-token': /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '',
      },
      body: JSON.stringify({ collectionId: Number(collectionId) }),
    });
    if (!share.ok) throw new Error(`PUT /api/share answered ${share.status}`);
    const { token } = (await share.json()) as { token: string };
    console.log('client: lighthouse...');
    const pages = [
      { name: 'sign-in (signed out)', url: `${server.base}/login` },
      { name: 'home (signed in)', url: `${server.base}/`, cookie: server.cookie },
      {
        name: 'collection page (signed in)',
        url: `${server.base}/collection/${collectionId}`,
        cookie: server.cookie,
      },
    ];
    const quiet = await runLighthouse([
      ...pages,
      // The link a label or a fan posts: opened by someone without an account.
      { name: 'share page (signed out)', url: `${server.base}/s/${token}` },
    ]);
    console.log('client: lighthouse with one core kept busy...');
    const busy = await withBusyCore(() =>
      runLighthouse(pages.map((page) => ({ ...page, name: `${page.name}, one core busy` }))),
    );
    const lighthouse = [...quiet, ...busy];
    for (const page of lighthouse) {
      console.log(`  ${page.name}: perf ${page.performance} a11y ${page.accessibility}`);
      for (const finding of page.findings) console.log(`    ${finding}`);
    }
    console.log('client: offline-ready after a first visit...');
    const offlineReady = await measureOfflineReady(server.base, server.cookie);
    await writeClientReport({ firstLoad, lighthouse });
    await writeOfflineReadyReport(offlineReady);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
