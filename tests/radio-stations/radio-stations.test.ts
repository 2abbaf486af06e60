import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { StationListSchema } from '../../domain/radio-stations';
import type { TestClient } from '../helpers/client';
import { STATION_AUDIO_BYTE, STATION_METAINT, STATION_TITLE } from '../helpers/fake-podcast-host';
import { errorOf, perFile } from '../helpers/setup';
import { setUpPodcasts } from '../podcasts/podcast-setup';

/** Internet radio (issue 49): stations, the relay, ICY titles, the /rest calls. */
const s = perFile(setUpPodcasts);

async function addStation(body: Record<string, unknown>): Promise<number> {
  const response = await s.admin.put('/api/radio_station', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ stationId: number }>().stationId;
}

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Reads `bytes` of the relayed stream over a real connection, then leaves. */
function listenTo(client: TestClient, stationId: number, bytes: number) {
  return new Promise<{ status: number; body: Buffer; type: string | undefined }>(
    (resolve, reject) => {
      const request = http.get(
        `${s.url}/api/radio_station/${stationId}/stream`,
        { headers: { cookie: cookieOf(client) } },
        (response) => {
          const chunks: Buffer[] = [];
          let got = 0;
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            got += chunk.length;
            if (got >= bytes) {
              request.destroy();
              resolve({
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).subarray(0, bytes),
                type: response.headers['content-type'],
              });
            }
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks),
              type: undefined,
            }),
          );
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    },
  );
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 30));
  expect(check()).toBe(true);
}

describe('stations', () => {
  it('lets administrators add, change and delete; members list without the address', async () => {
    const id = await addStation({
      name: 'Fake FM',
      streamUrl: `${s.host.url}/station`,
      homepageUrl: 'https://fake.example/',
    });
    const member = await s.newMember('radiolistener');
    const listed = StationListSchema.parse((await member.get('/api/radio_station')).json());
    expect(listed.stations).toContainEqual({
      stationId: id,
      name: 'Fake FM',
      homepageUrl: 'https://fake.example/',
    });
    const adminList = StationListSchema.parse((await s.admin.get('/api/radio_station')).json());
    expect(adminList.stations.find((st) => st.stationId === id)?.streamUrl).toBe(
      `${s.host.url}/station`,
    );
    expect(
      (await member.put('/api/radio_station', { name: 'x', streamUrl: 'http://a/' })).statusCode,
    ).toBe(403);
    expect((await member.delete(`/api/radio_station/${id}`)).statusCode).toBe(403);
    const renamed = await s.admin.post(`/api/radio_station/${id}`, { name: 'Renamed FM' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const again = StationListSchema.parse((await member.get('/api/radio_station')).json());
    expect(again.stations.find((st) => st.stationId === id)?.name).toBe('Renamed FM');
    expect((await s.admin.delete(`/api/radio_station/${id}`)).statusCode).toBe(200);
    expect((await s.admin.delete(`/api/radio_station/${id}`)).statusCode).toBe(404);
  });

  it('resolves .pls and .m3u playlists when a station is added', async () => {
    s.host.feeds.set(
      '/list.pls',
      `[playlist]\nNumberOfEntries=1\nFile1=${s.host.url}/station\nTitle1=Fake\n`,
    );
    s.host.feeds.set('/list.m3u', `#EXTM3U\n#EXTINF:-1,Fake\n${s.host.url}/station\n`);
    for (const path of ['/list.pls', '/list.m3u']) {
      const id = await addStation({ name: `From ${path}`, streamUrl: `${s.host.url}${path}` });
      const list = StationListSchema.parse((await s.admin.get('/api/radio_station')).json());
      expect(list.stations.find((st) => st.stationId === id)?.streamUrl).toBe(
        `${s.host.url}/station`,
      );
    }
  });

  it('refuses unsafe or invalid addresses and changes nothing', async () => {
    const before = (await s.admin.get('/api/radio_station')).json<{ stations: unknown[] }>();
    for (const streamUrl of ['file:///etc/passwd', 'gopher://x/', 'http://169.254.169.254/']) {
      const response = await s.admin.put('/api/radio_station', { name: 'Bad', streamUrl });
      expect(response.statusCode, streamUrl).toBe(400);
    }
    const missing = await s.admin.put('/api/radio_station', { streamUrl: `${s.host.url}/station` });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatch(/name/);
    const after = (await s.admin.get('/api/radio_station')).json<{ stations: unknown[] }>();
    expect(after.stations).toHaveLength(before.stations.length);
  });
});

describe('the relay', () => {
  it('relays the audio without ICY metadata, shows the title and stops when the listener leaves', async () => {
    const id = await addStation({ name: 'Relay FM', streamUrl: `${s.host.url}/station` });
    const member = await s.newMember('relayed');
    const heard = await listenTo(member, id, STATION_METAINT * 5);
    expect(heard.status).toBe(200);
    expect(heard.type).toBe('audio/mpeg');
    expect(heard.body.every((byte) => byte === STATION_AUDIO_BYTE)).toBe(true);
    const now = await member.get(`/api/radio_station/${id}/now-playing`);
    expect(now.json()).toEqual({ title: STATION_TITLE });
    await waitFor(() => s.host.stationListeners() === 0);
    expect((await member.get('/api/radio_station/999999/now-playing')).statusCode).toBe(404);
  });
});

describe('/rest internet radio', () => {
  it('lists stations and lets only administrators change them', async () => {
    await s.adminApi.api.createInternetRadioStation({
      name: 'Rest FM',
      streamUrl: `${s.host.url}/station`,
      homepageUrl: 'https://rest.example/',
    });
    const { internetRadioStations } = await s.member.api.getInternetRadioStations();
    const station = internetRadioStations.internetRadioStation?.find((st) => st.name === 'Rest FM');
    expect(station).toMatchObject({
      streamUrl: `${s.host.url}/station`,
      homePageUrl: 'https://rest.example/',
    });
    const refused = await s.member.api.custom('createInternetRadioStation', {
      name: 'No',
      streamUrl: `${s.host.url}/station`,
      f: 'json',
    });
    const body = (await refused.json()) as { 'subsonic-response': { error?: { code: number } } };
    expect(body['subsonic-response'].error?.code).toBe(50);
    await s.adminApi.api.updateInternetRadioStation({
      id: station!.id,
      name: 'Rest FM 2',
      streamUrl: `${s.host.url}/station`,
    });
    await s.adminApi.api.deleteInternetRadioStation({ id: station!.id });
    const after = await s.member.api.getInternetRadioStations();
    expect(
      after.internetRadioStations.internetRadioStation?.some((st) => st.id === station!.id) ??
        false,
    ).toBe(false);
  });
});
