/** The listener bench's other clients: searchers back to back, and the /healthz probe. */
import { Agent, request } from 'node:http';
import type { LoadFigures, LoadTarget } from './listener-load';

/** One search on `agent`; true when it was answered 200. */
export function searchOnce(target: LoadTarget, agent: Agent, query: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const body = JSON.stringify({ query, limit: 24 });
    const req = request(
      `${target.base}/api/audio_collection/search`,
      {
        method: 'POST',
        agent,
        headers: {
          cookie: target.cookie,
          'x-xsrf-token': target.xsrf,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

export async function searchLoop(
  target: LoadTarget,
  agent: Agent,
  until: number,
  samples: number[],
  figures: LoadFigures,
): Promise<void> {
  let n = 0;
  while (performance.now() < until) {
    const query = target.queries[n % target.queries.length]!;
    n += 1;
    const started = performance.now();
    const ok = await searchOnce(target, agent, query);
    if (ok) samples.push(performance.now() - started);
    else figures.searchErrors += 1;
  }
}

/** GET /healthz back to back with 100 ms between, on one kept-alive connection. */
const probeOnce = (target: LoadTarget, agent: Agent): Promise<void> =>
  new Promise<void>((resolve) => {
    const req = request(`${target.base}/healthz`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve());
      res.on('error', () => resolve());
    });
    req.on('error', () => resolve());
    req.end();
  });

/**
 * Opens the searchers' and the probe's connections before the listeners start, as a browser's
 * are open before it searches: their times are then the server's handling of a request, while
 * the wait of a new connection under load shows in the streams' first bytes.
 */
export async function openConnections(
  target: LoadTarget,
  searchAgent: Agent,
  probeAgent: Agent,
  searchers: number,
): Promise<void> {
  await Promise.all([
    probeOnce(target, probeAgent),
    ...Array.from({ length: searchers }, () => searchOnce(target, searchAgent, 'a')),
  ]);
}

export async function probeLoop(
  target: LoadTarget,
  agent: Agent,
  until: number,
  probes: number[],
): Promise<void> {
  while (performance.now() < until) {
    const started = performance.now();
    await probeOnce(target, agent);
    probes.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
}
