import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { measure, summarize, type Timing } from './stats';

const run = promisify(execFile);

export async function makeWav(path: string, seconds: number): Promise<void> {
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-ac',
    '2',
    '-ar',
    '44100',
    '-metadata',
    'title=Bench Tone',
    '-metadata',
    'album=Bench',
    '-metadata',
    'artist=Bench',
    path,
  ]);
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.length;
  return bytes;
}

/** MB/s of reading the file from disk, the baseline streaming is compared with. */
export async function rawReadSpeed(path: string, rounds = 5): Promise<number> {
  let best = 0;
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    const bytes = await readAll(createReadStream(path, { highWaterMark: 1 << 20 }));
    best = Math.max(best, bytes / 1e6 / ((performance.now() - started) / 1000));
  }
  return best;
}

export async function streamSpeed(url: string, cookie: string, rounds = 5): Promise<number> {
  let best = 0;
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`stream failed: ${res.status}`);
    const bytes = await readAll(res.body as unknown as AsyncIterable<Uint8Array>);
    best = Math.max(best, bytes / 1e6 / ((performance.now() - started) / 1000));
  }
  return best;
}

export function rangeLatency(
  url: string,
  cookie: string,
  size: number,
  runs: number,
): Promise<Timing> {
  let n = 0;
  return measure(runs, async () => {
    const start = (n++ * 7_919_993) % (size - 65_536);
    const res = await fetch(url, {
      headers: { cookie, range: `bytes=${start}-${start + 65_535}` },
    });
    if (res.status !== 206) throw new Error(`range answered ${res.status}`);
    await res.arrayBuffer();
  });
}

/** Time to the first body byte of an uncached MP3_320 transcode (the cache is emptied each time). */
export async function transcodeFirstByte(
  url: string,
  cookie: string,
  cacheDir: string,
  runs: number,
): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs + 2; i += 1) {
    await rm(cacheDir, { recursive: true, force: true });
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`transcode answered ${res.status}`);
    const reader = res.body.getReader();
    await reader.read();
    if (i >= 2) samples.push(performance.now() - started);
    await reader.cancel();
    // Let the server notice the disconnect and end its ffmpeg before the next round.
    await new Promise((r) => setTimeout(r, 100));
  }
  return summarize(samples);
}

/** Empties the kernel page cache so the next read comes from the disk (root only). */
export async function dropPageCache(): Promise<boolean> {
  try {
    await run('sync');
    await writeFile('/proc/sys/vm/drop_caches', '1');
    return true;
  } catch {
    return false;
  }
}

/** Raw and streamed MB/s with the file read from the disk each time, when the cache can be dropped. */
export async function coldSpeeds(
  path: string,
  url: string,
  cookie: string,
): Promise<{ raw: number; streamed: number } | null> {
  if (!(await dropPageCache())) return null;
  const raw = await rawReadSpeed(path, 1);
  await dropPageCache();
  const streamed = await streamSpeed(url, cookie, 1);
  return { raw, streamed };
}
