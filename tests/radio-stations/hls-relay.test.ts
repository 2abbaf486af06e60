import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { FetchRefused } from '../../server/net/guarded-fetch';
import { openHlsStream } from '../../server/modules/radio-stations/hls-relay';
import type { TestClient } from '../helpers/client';
import { errorOf, perFile } from '../helpers/setup';
import { setUpPodcasts, type PodcastSetup } from '../podcasts/podcast-setup';
import { startHlsHost, type HlsHost } from './hls-host';

/**
 * HLS stations (issue 49): the relay plays a live .m3u8 as one continuous audio stream, every
 * playlist and segment fetched through the guarded fetcher; MPEG-TS segments demuxed by ffmpeg
 * from a pipe, ADTS segments passed on; the fetching stops when the listener leaves.
 */
const s = perFile(async (): Promise<PodcastSetup & { hls: HlsHost }> => {
  const setup = await setUpPodcasts();
  const hls = await startHlsHost();
  return {
    ...setup,
    hls,
    close: async () => {
      await hls.close();
      await setup.close();
    },
  };
});

async function addStation(name: string, streamUrl: string): Promise<number> {
  const response = await s.admin.put('/api/radio_station', { name, streamUrl });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ stationId: number }>().stationId;
}

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Reads `bytes` of the relayed station over a real connection (or until it ends), then leaves. */
function listenTo(client: TestClient, stationId: number, bytes: number) {
  return new Promise<{ status: number; type: string | undefined; body: Buffer }>(
    (resolve, reject) => {
      const request = http.get(`${s.url}/api/radio_station/${stationId}/stream`, {
        headers: { cookie: cookieOf(client) },
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let got = 0;
        const finish = () =>
          resolve({
            status: response.statusCode ?? 0,
            type: response.headers['content-type'],
            body: Buffer.concat(chunks),
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          got += chunk.length;
          if (got >= bytes) {
            request.destroy();
            finish();
          }
        });
        response.on('end', finish);
      });
    },
  );
}

/** Walks ADTS frames from the start: how many, and whether every header was a valid one. */
function adtsFrames(data: Buffer): { frames: number; valid: boolean } {
  let at = 0;
  let frames = 0;
  while (at + 7 <= data.length) {
    if (data[at] !== 0xff || (data[at + 1]! & 0xf6) !== 0xf0) return { frames, valid: false };
    const length = ((data[at + 3]! & 0x03) << 11) | (data[at + 4]! << 3) | (data[at + 5]! >> 5);
    if (length < 7) return { frames, valid: false };
    at += length;
    frames += 1;
  }
  return { frames, valid: true };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('an HLS station', () => {
  it('relays MPEG-TS segments as one continuous ADTS stream, reloading the playlist', async () => {
    const id = await addStation('TS FM', `${s.hls.url}/live/ts.m3u8`);
    const member = await s.newMember('hlsts');
    const before = s.hls.log.length;
    // About five seconds of 64 kbit/s AAC: more than the three segments first listed.
    const heard = await listenTo(member, id, 40_000);
    expect(heard.status).toBe(200);
    expect(heard.type).toBe('audio/aac');
    expect(heard.body.length).toBeGreaterThanOrEqual(40_000);
    const walked = adtsFrames(heard.body);
    expect(walked.valid).toBe(true);
    expect(walked.frames).toBeGreaterThan(150);
    const asked = s.hls.log.slice(before);
    expect(asked.filter((l) => l.startsWith('/live/ts.m3u8 200')).length).toBeGreaterThan(1);
    expect(asked.filter((l) => l.startsWith('/live/seg/ts/')).length).toBeGreaterThan(3);
  });

  it('picks the lowest variant of at least 64 kbit/s and passes ADTS segments on', async () => {
    const id = await addStation('Master FM', `${s.hls.url}/master.m3u8`);
    const member = await s.newMember('hlsmaster');
    const before = s.hls.log.length;
    const heard = await listenTo(member, id, 20_000);
    expect(heard.status).toBe(200);
    expect(heard.type).toBe('audio/aac');
    expect(adtsFrames(heard.body).valid).toBe(true);
    const asked = s.hls.log.slice(before).map((l) => l.split(' ')[0]);
    expect(asked).toContain('/live/aac.m3u8');
    expect(asked).not.toContain('/high.m3u8');
    expect(asked).not.toContain('/low.m3u8');
  });

  it('is given to Subsonic apps as its own .m3u8 address (they play HLS themselves)', async () => {
    const id = await addStation('Rest HLS FM', `${s.hls.url}/master.m3u8`);
    const { internetRadioStations } = await s.member.api.getInternetRadioStations();
    const listed = internetRadioStations.internetRadioStation?.find((st) => st.id === String(id));
    expect(listed?.streamUrl).toBe(`${s.hls.url}/master.m3u8`);
  });

  it('stops fetching when the listener leaves', async () => {
    const id = await addStation('Leave FM', `${s.hls.url}/live/aac.m3u8`);
    const member = await s.newMember('hlsleave');
    await listenTo(member, id, 10_000);
    await sleep(500);
    const after = s.hls.log.length;
    await sleep(2500);
    expect(s.hls.log.slice(after)).toEqual([]);
  });

  it('refuses fragmented MP4 and a segment redirected to a private address (502)', async () => {
    const member = await s.newMember('hlsrefused');
    s.hls.playlists.set(
      '/fmp4.m3u8',
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:1.0,\nseg.m4s\n',
    );
    const fmp4 = await addStation('fMP4 FM', `${s.hls.url}/fmp4.m3u8`);
    const refused = await member.get(`/api/radio_station/${fmp4}/stream`);
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused)).toMatch(/fragmented MP4/);

    s.hls.redirects.set('/live/seg/aac/9.aac', 'http://169.254.169.254/latest/meta-data/');
    s.hls.playlists.set(
      '/metadata.m3u8',
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nlive/seg/aac/9.aac\n#EXT-X-ENDLIST\n',
    );
    const sneaky = await addStation('Sneaky FM', `${s.hls.url}/metadata.m3u8`);
    const blocked = await member.get(`/api/radio_station/${sneaky}/stream`);
    expect(blocked.statusCode).toBe(502);
    expect(errorOf(blocked)).toMatch(/private/);
  });

  it('refuses a segment or variant redirected to 127.0.0.1 without FETCH_ALLOW_PRIVATE', async () => {
    // Only the fixture's own 127.0.0.2 is let through, by name: 127.0.0.1 stays refused.
    const fixture = await startHlsHost('127.0.0.2');
    try {
      const policy = { allowLoopback: false, allowAddress: (a: string) => a === '127.0.0.2' };
      const target = `${s.hls.url}/live/seg/aac/0.aac`;
      fixture.redirects.set('/to-loopback.aac', target);
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nto-loopback.aac\n`;
      await expect(
        openHlsStream(playlist, `${fixture.url}/x.m3u8`, AbortSignal.timeout(10_000), policy),
      ).rejects.toThrow(FetchRefused);
      fixture.redirects.set('/variant.m3u8', `${s.hls.url}/live/aac.m3u8`);
      const master = `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=96000\nvariant.m3u8\n`;
      await expect(
        openHlsStream(master, `${fixture.url}/m.m3u8`, AbortSignal.timeout(10_000), policy),
      ).rejects.toThrow(/private/);
      // The same fixture plays when nothing leaves it.
      const ok = await openHlsStream(
        (await (await fetch(`${fixture.url}/live/aac.m3u8`)).text()) as string,
        `${fixture.url}/live/aac.m3u8`,
        AbortSignal.timeout(10_000),
        policy,
      );
      expect(ok.type).toBe('audio/aac');
      ok.body.destroy();
    } finally {
      await fixture.close();
    }
  });
});
