import { readdir, readFile, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACE_TIMES_REAL_TIME, playbackPace } from '../../server/media/stream-pace';
import { writeTone } from '../helpers/audio';
import { audioFile } from '../helpers/library-files';
import { memberWithRole, perFile, setUpLibrary } from '../helpers/setup';
import { listen } from '../helpers/subsonic';

/*
 * A playback stream goes out as a head start, then at a multiple of its own bit rate (decision
 * 0054); the app's offline copy (`whole=true`) and downloads are not paced. The track below is
 * a real 60 s WAV (16 kB/s) whose row says it plays for an hour, so its pace is slow enough
 * (about 1 kB/s) that sending it unpaced, or paced, cannot be mistaken for the other.
 */
const s = perFile(async () => {
  const setup = await setUpLibrary();
  const file = await audioFile(setup.t, setup.fx.ids.free);
  const wav = join(setup.t.config.dataDir, 'paced.wav');
  await writeTone(wav, { seconds: 60, args: ['-ar', '8000', '-ac', '1'] });
  const size = (await stat(wav)).size;
  await setup.t.db
    .updateTable('files')
    .set({ path: wav, size, relative_path: 'paced.wav' })
    .where('file_id', '=', file.fileId)
    .execute();
  await setup.t.db
    .updateTable('audio')
    .set({ duration: 3600, format: 'WAV' })
    .where('file_id', '=', file.fileId)
    .execute();
  return {
    ...setup,
    wav,
    fileId: file.fileId,
    bytes: await readFile(wav),
    base: await listen(setup),
  };
});

/** How many of this process's file descriptors hold `path` open (the app runs in it). */
const openCount = async (path: string): Promise<number> => {
  const links = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return links.filter((link) => link === path).length;
};

const cookie = () => [...s.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('the pace of a playback stream', () => {
  it('computes a head start of 10 s (at least 512 KiB) and 4 times real time', () => {
    expect(PACE_TIMES_REAL_TIME).toBe(4);
    expect(playbackPace(960_000, 60)).toEqual({ bytesPerSecond: 64_000, burstBytes: 524_288 });
    expect(playbackPace(60_000_000, 300)).toEqual({
      bytesPerSecond: 800_000,
      burstBytes: 2_000_000,
    });
    // An unknown playing time sends at full speed.
    expect(playbackPace(960_000, 0)).toBeNull();
    expect(playbackPace(960_000, null)).toBeNull();
  });

  it('sends the head start, then no faster than the pace', async () => {
    const pace = playbackPace(s.bytes.length, 3600)!;
    const abort = new AbortController();
    const sent = Date.now();
    const res = await fetch(`${s.base}/downloader/file/${s.fileId}?playback=true`, {
      headers: { cookie: cookie() },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBe(s.bytes.length);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    // The head start arrives whole, however slow the machine...
    while (received < pace.burstBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
    }
    expect(received).toBeGreaterThanOrEqual(pace.burstBytes);
    // ...and then bytes come no faster than the pace allows since the request was sent (plus
    // one tenth-of-a-second slice and one read), so most of the file is still to come.
    const until = Date.now() + 1500;
    let pending = reader.read();
    while (Date.now() < until) {
      const step = await Promise.race([
        pending,
        new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, until - Date.now()))),
      ]);
      if (step === null || step.done) break;
      chunks.push(step.value);
      received += step.value.byteLength;
      pending = reader.read();
    }
    const elapsed = (Date.now() - sent) / 1000;
    expect(received).toBeLessThanOrEqual(
      pace.burstBytes + pace.bytesPerSecond * (elapsed + 0.1) + 64 * 1024,
    );
    expect(received).toBeLessThan(s.bytes.length);
    expect(Buffer.concat(chunks).equals(s.bytes.subarray(0, received))).toBe(true);
    // The listener leaves: the paced file is closed, not left open until its next read.
    expect(await openCount(s.wav)).toBe(1);
    abort.abort();
    await expect.poll(() => openCount(s.wav)).toBe(0);
  });

  it('sends the whole file at once for the offline copy (paced it would take minutes)', async () => {
    const res = await fetch(`${s.base}/downloader/file/${s.fileId}?playback=true&whole=true`, {
      headers: { cookie: cookie() },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(s.bytes)).toBe(true);
  });

  it('sends a download at once', async () => {
    const res = await fetch(`${s.base}/downloader/file/${s.fileId}`, {
      headers: { cookie: cookie() },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(s.bytes)).toBe(true);
  });

  it('refuses a whole copy as it refuses the stream: a bad flag, and a track the caller may only preview', async () => {
    const bad = await s.admin.get(`/downloader/file/${s.fileId}?playback=true&whole=yes`);
    expect(bad.statusCode).toBe(400);
    const paid = await audioFile(s.t, s.fx.ids.paid, 'MP3');
    const user = await memberWithRole(s.t, { download_limit: 5 });
    const refused = await user.get(`/downloader/file/${paid.fileId}?playback=true&whole=true`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This track can only be previewed' });
  });
});
