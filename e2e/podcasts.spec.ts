import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ApiSession, registerUser } from './support/api';
import { scratchDir } from './support/audio-files';
import { activeAudio, audioState, expectPlaying } from './support/player-queue';
import { signInByApi } from './support/sign-in-by-api';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Podcasts and internet radio in the browser (issue 49): a loopback host serves a feed with a
 * 90-second episode and an endless station with ICY titles; the app reaches it because the
 * e2e server runs with FETCH_ALLOW_PRIVATE=1 (tests only).
 */
const TITLE = 'E2E Artist - Endless Song';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
let host: http.Server;
let base = '';
let episode: Buffer;
let dir: { dir: string; remove: () => Promise<void> };

function metadata(): Buffer {
  const text = Buffer.from(`StreamTitle='${TITLE}';`);
  const block = Buffer.alloc(1 + Math.ceil(text.length / 16) * 16);
  block[0] = Math.ceil(text.length / 16);
  text.copy(block, 1);
  return block;
}

function serve(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = req.url ?? '/';
  if (path === '/feed.xml') {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(`<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>E2E Show</title><itunes:author>E2E Host</itunes:author>
<item><guid>e2e-1</guid><title>Long talk</title><pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate>
<enclosure url="${base}/episode.mp3" type="audio/mpeg" length="${episode.length}"/>
<itunes:duration>90</itunes:duration></item></channel></rss>`);
    return;
  }
  if (path === '/episode.mp3') {
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), episode.length - 1) : episode.length - 1;
    res.writeHead(range ? 206 : 200, {
      'content-type': 'audio/mpeg',
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${episode.length}` } : {}),
    });
    res.end(episode.subarray(start, end + 1));
    return;
  }
  if (path === '/station') {
    const metaint = 4000;
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'icy-metaint': String(metaint) });
    let at = 0;
    const timer = setInterval(() => {
      const audio = Buffer.alloc(metaint);
      for (let i = 0; i < metaint; i += 1) audio[i] = episode[(at + i) % episode.length]!;
      at += metaint;
      res.write(Buffer.concat([audio, metadata()]));
    }, 100);
    res.on('close', () => clearInterval(timer));
    return;
  }
  res.writeHead(404);
  res.end();
}

test.beforeAll(async () => {
  dir = await scratchDir();
  const file = join(dir.dir, 'episode.mp3');
  // prettier-ignore
  await promisify(execFile)(FFMPEG, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=90',
    '-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '32k', file,
  ]);
  episode = await readFile(file);
  host = http.createServer(serve);
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
  await dir.remove();
});

test('subscribe, play an episode, leave at 1:00 and continue there in a new context', async ({
  browser,
}) => {
  const user = await registerUser('podcaster');
  const first = await browser.newContext();
  const page = await first.newPage();
  await signInByApi(page, user.username, user.password);
  await page.goto('/podcasts');
  await page.getByLabel('Feed address').fill(`${base}/feed.xml`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('link', { name: 'E2E Show' }).click();
  await page.getByRole('button', { name: 'Play Long talk' }).click();
  await expectPlaying(page);
  expect((await audioState(page)).src).toContain('/api/podcast/episode/');
  // Leave at 1:00: the player is moved there, then its position is kept on the server.
  await activeAudio(page).evaluate((el) => {
    el.currentTime = 60;
  });
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(60.2);
  await activeAudio(page).evaluate((el) => el.pause());
  const id = Number(/\/podcast\/(\d+)/.exec(page.url())![1]);
  const api = await ApiSession.signIn(user.username, user.password);
  await expect
    .poll(
      async () => {
        const podcast = await api.call<{ episodes: Array<{ positionMs: number }> }>(
          'GET',
          `/api/podcast/${id}`,
        );
        return podcast.episodes[0]!.positionMs;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(59_000);
  const kept = await api.call<{ episodes: Array<{ positionMs: number }> }>(
    'GET',
    `/api/podcast/${id}`,
  );
  expect(kept.episodes[0]!.positionMs).toBeLessThanOrEqual(62_000);
  await first.close();

  const second = await browser.newContext();
  const again = await second.newPage();
  await signInByApi(again, user.username, user.password);
  await again.goto(`/podcast/${id}`);
  await expect(again.getByText(/Resume at 1:0\d/)).toBeVisible();
  await again.getByRole('button', { name: 'Play Long talk' }).click();
  await expectPlaying(again);
  const at = (await audioState(again)).currentTime;
  // 1:00 ± 2 s, with the moment of playing it took to see it playing.
  expect(at).toBeGreaterThanOrEqual(58);
  expect(at).toBeLessThanOrEqual(63);
  await api.dispose();
  await second.close();
});

test('plays a station and shows its ICY title', async ({ page }) => {
  const admin = await ApiSession.signIn();
  const name = `E2E FM ${Date.now()}`;
  await admin.call('PUT', '/api/radio_station', { name, streamUrl: `${base}/station` });
  await admin.dispose();
  const user = await registerUser('radio');
  await signInByApi(page, user.username, user.password);
  await page.goto('/radio-stations');
  await page.getByRole('button', { name: `Play ${name}` }).click();
  await expect(page.getByTestId('station-now-playing')).toHaveText(`Now playing: ${TITLE}`, {
    timeout: 20_000,
  });
});
