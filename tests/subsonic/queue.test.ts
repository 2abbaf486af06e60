import { beforeAll, describe, expect, it } from 'vitest';
import { PlayQueueAnswerSchema } from '../../domain/play-queue';
import { TestClient } from '../helpers/client';
import { fileIdsOf } from '../helpers/playlists';
import { perFile } from '../helpers/setup';
import {
  setUpSubsonic,
  subsonicMemberWithRole,
  type SubsonicUser,
  codeOf,
} from '../helpers/subsonic';

const s = perFile(setUpSubsonic);

let member: SubsonicUser;
let ola: number;
let espuma: number;
let piston: number;
let roomTone: number;
let demo: number;

beforeAll(async () => {
  member = s.member;
  [ola, espuma] = (await fileIdsOf(s, s.fx.ids.free)).audio as [number, number];
  [piston] = (await fileIdsOf(s, s.fx.ids.paid)).audio as [number];
  [roomTone] = (await fileIdsOf(s, s.fx.ids.single)).audio as [number];
  [demo] = (await fileIdsOf(s, s.fx.ids.hidden)).audio as [number];
});

/** savePlayQueue as an app named `c` sends it (the typed client always says "subsonic-api"). */
async function save(api: SubsonicUser, params: Record<string, unknown>, c = 'Phone') {
  const answer = (await api.api.customJSON('savePlayQueue.view', { ...params, c })) as {
    status: string;
  };
  return answer;
}

async function playQueue(api = member.api) {
  const answer = await api.getPlayQueue();
  expect(answer.status).toBe('ok');
  return answer.playQueue;
}

/** GET /api/play_queue as the web app reads it. */
async function webQueue(client: TestClient = s.user) {
  const response = await client.get('/api/play_queue');
  expect(response.statusCode, response.body).toBe(200);
  return PlayQueueAnswerSchema.parse(response.json()).playQueue;
}

describe('savePlayQueue and getPlayQueue', () => {
  it('has nothing saved at first', async () => {
    expect(await playQueue()).toBeUndefined();
    expect(await webQueue()).toBeNull();
  });

  it('keeps the queue, the current song, the position and the app that saved it', async () => {
    const saved = await save(member, {
      id: [String(roomTone), String(ola), String(espuma), String(ola)],
      current: String(espuma),
      position: 83_500,
    });
    expect(saved.status).toBe('ok');
    const queue = await playQueue();
    expect(queue).toMatchObject({
      current: String(espuma),
      position: 83_500,
      username: 'member',
      changedBy: 'Phone',
    });
    expect(queue?.entry?.map((e) => e.id)).toEqual([
      String(roomTone),
      String(ola),
      String(espuma),
      String(ola),
    ]);
    expect(Date.parse(String(queue?.changed))).toBeGreaterThan(Date.now() - 60_000);
    // The same through token auth and a form POST.
    expect((await member.tokenApi.getPlayQueue()).playQueue?.position).toBe(83_500);
    expect((await member.postApi.getPlayQueue()).playQueue?.changedBy).toBe('Phone');
  });

  it('answers in XML too, the queue an element with its entries', async () => {
    const response = await fetch(
      `${s.url}/rest/getPlayQueue.view?apiKey=${encodeURIComponent(member.password)}&c=test&v=1.16.1`,
    );
    const xml = await response.text();
    expect(xml).toMatch(
      new RegExp(
        `<playQueue current="${espuma}" position="83500" username="member" changed="[^"]+" changedBy="Phone"><entry id="${roomTone}" `,
      ),
    );
    expect(xml.match(/<entry /g)).toHaveLength(4);
  });

  it('answers the same queue to the web app, in the player’s entry shape', async () => {
    const queue = await webQueue();
    expect(queue).toMatchObject({ currentFileId: espuma, positionMs: 83_500, changedBy: 'Phone' });
    expect(queue?.entries.map((e) => [e.file.fileId, e.audio.audioTitle])).toEqual([
      [roomTone, 'Room Tone'],
      [ola, 'Ola'],
      [espuma, 'Espuma'],
      [ola, 'Ola'],
    ]);
    expect(queue?.entries.every((e) => e.playableInFull)).toBe(true);
  });

  it('is one queue per user: a save replaces it, another user has their own', async () => {
    await save(member, { id: [String(piston)], current: String(piston), position: 0 }, 'Car');
    expect(await playQueue()).toMatchObject({ current: String(piston), changedBy: 'Car' });
    const web = await webQueue();
    // A paid track plays as its preview for this member, as in a playlist.
    expect(web?.entries.map((e) => [e.file.fileId, e.playableInFull])).toEqual([[piston, false]]);
    expect(await playQueue(s.adminApi.api)).toBeUndefined();
  });

  it('leaves out songs the caller may not see, when saved and when read later', async () => {
    await save(member, { id: [String(demo), String(ola)], current: String(demo), position: 5 });
    const queue = await playQueue();
    expect(queue?.entry?.map((e) => e.id)).toEqual([String(ola)]);
    expect(queue?.current).toBeUndefined();

    const blocked = await subsonicMemberWithRole(s, {
      blacklisted_tags: JSON.stringify(['chill']),
    });
    await save(blocked, { id: [String(ola), String(roomTone)], current: String(roomTone) });
    expect((await playQueue(blocked.api))?.entry?.map((e) => e.id)).toEqual([String(ola)]);
    // Hidden after it was saved: gone from the answers, on /rest and in the web app.
    await save(member, { id: [String(roomTone), String(ola)], current: String(roomTone) });
    await s.t.db
      .updateTable('collections')
      .set({ hidden: 1 })
      .where('collection_id', '=', s.fx.ids.single)
      .execute();
    try {
      const later = await playQueue();
      expect(later?.entry?.map((e) => e.id)).toEqual([String(ola)]);
      expect(later?.current).toBeUndefined();
      const web = await webQueue();
      expect(web?.entries.map((e) => e.file.fileId)).toEqual([ola]);
      expect(web?.currentFileId).toBeNull();
    } finally {
      await s.t.db
        .updateTable('collections')
        .set({ hidden: 0 })
        .where('collection_id', '=', s.fx.ids.single)
        .execute();
    }
  });

  it('clears the saved queue when saved without songs', async () => {
    expect((await save(member, { position: 0 })).status).toBe('ok');
    expect(await playQueue()).toBeUndefined();
    expect(await webQueue()).toBeNull();
  });

  it('refuses a malformed id with 70 and a role without the browse right with 50', async () => {
    expect(codeOf(await save(member, { id: ['al-1'] }))).toBe(70);
    const noBrowse = await subsonicMemberWithRole(s, { enable_browse: 0 });
    expect(codeOf(await save(noBrowse, { id: [String(ola)] }))).toBe(50);
    expect(codeOf(await noBrowse.api.getPlayQueue())).toBe(50);
  });
});

describe('GET /api/play_queue', () => {
  it('answers 401 without a session', async () => {
    expect((await new TestClient(s.t.app).get('/api/play_queue')).statusCode).toBe(401);
  });
});
