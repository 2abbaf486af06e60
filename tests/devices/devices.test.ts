import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_ROLE } from '../helpers/base-role';
import {
  DeviceCommandAnswerSchema,
  DevicesAnswerSchema,
  type DeviceChannelMessage,
} from '../../domain/devices';
import {
  errorOf,
  registerMember,
  setUpLibrary,
  type LibrarySetup,
  type Member,
} from '../helpers/setup';
import { listenOnLoopback } from '../security/raw-http';
import { cookieOf, deviceId, openChannel, refusal, type Channel } from './channel';

let c: LibrarySetup;
/** Three tracks of the fixture library, as a device's queue. */
let tracks: number[];
let port: number;
let alice: Member;
let bob: Member;
const A = deviceId('a');
const B = deviceId('b');
let a: Channel;
let b: Channel;

beforeAll(async () => {
  c = await setUpLibrary();
  const trackIn = async (collectionId: number) => {
    const row = await c.t.db
      .selectFrom('files')
      .innerJoin('audio', 'audio.file_id', 'files.file_id')
      .select('files.file_id')
      .where('files.collection_id', '=', collectionId)
      .orderBy('files.file_id')
      .executeTakeFirstOrThrow();
    return Number(row.file_id);
  };
  // The middle one is of the hidden album: a member's "play here" never receives it.
  const rows = [
    { file_id: await trackIn(c.fx.ids.free) },
    { file_id: await trackIn(c.fx.ids.hidden) },
    { file_id: await trackIn(c.fx.ids.single) },
  ];
  tracks = rows.map((r) => Number(r.file_id));
  port = await listenOnLoopback(c.t.app);
  alice = await registerMember(c.t, 'alice');
  bob = await registerMember(c.t, 'bobby');
  a = await openChannel(port, alice, A);
  b = await openChannel(port, alice, B);
}, 60_000);
afterAll(() => c.close());

const devicesOf = async (member: Member, current?: string) => {
  const response = await member.get('/api/devices', {
    headers: current === undefined ? {} : { 'x-device-id': current },
  });
  expect(response.statusCode, response.body).toBe(200);
  return DevicesAnswerSchema.parse(response.json()).devices;
};
const command = (member: Member, target: string, body: unknown, from?: string) =>
  member.post(`/api/devices/${target}/command`, body, {
    headers: from === undefined ? {} : { 'x-device-id': from },
  });
const isDevices = (m: DeviceChannelMessage) => m.type === 'devices';

describe('the live channel (issue 50)', () => {
  it('opens only from this site, for a signed-in user, with a device id', async () => {
    const own = `http://127.0.0.1:${port}`;
    const cookie = cookieOf(alice);
    expect(await refusal(port, { cookie })).toBe(403);
    expect(await refusal(port, { cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await refusal(port, { origin: own })).toBe(401);
    expect(await refusal(port, { cookie, origin: own }, 'deviceId=short')).toBe(400);
  });

  it("lists the user's devices, online, with what each reported playing", async () => {
    b.send({
      type: 'state',
      playing: { fileId: tracks[1], positionMs: 30_000, paused: false, volume: 0.5 },
      queue: { fileIds: tracks, index: 1 },
    });
    await expect
      .poll(async () => (await devicesOf(alice)).find((d) => d.deviceId === B)?.playing)
      .not.toBeNull();
    const devices = await devicesOf(alice, A);
    expect(devices.map((d) => [d.deviceId, d.current, d.online]).sort()).toEqual([
      [A, true, true],
      [B, false, true],
    ]);
    const playing = devices.find((d) => d.deviceId === B)?.playing;
    expect(playing).toMatchObject({ fileId: tracks[1], paused: false, volume: 0.5 });
    // Playing on: the position moves on from the report.
    expect(playing?.positionMs).toBeGreaterThanOrEqual(30_000);
    // Its track is of the hidden album: the member's list names no track.
    expect(devices.find((d) => d.deviceId === B)?.track).toBeNull();
    expect(await devicesOf(bob)).toEqual([]);
  });

  it('lists the devices of a role without browsing too, their tracks untitled', async () => {
    b.send({
      type: 'state',
      playing: { fileId: tracks[0], positionMs: 1_000, paused: true, volume: 1 },
      queue: { fileIds: tracks, index: 0 },
    });
    await expect
      .poll(async () => (await devicesOf(alice)).find((d) => d.deviceId === B)?.track)
      .not.toBeNull();
    const role = await c.t.db
      .insertInto('roles')
      .values({ ...BASE_ROLE, role_name: 'Devices only', enable_browse: 0 })
      .returning('role_id')
      .executeTakeFirstOrThrow();
    const before = await c.t.db
      .selectFrom('users')
      .select('role_id')
      .where('user_id', '=', alice.userId)
      .executeTakeFirstOrThrow();
    await c.t.db
      .updateTable('users')
      .set({ role_id: role.role_id })
      .where('user_id', '=', alice.userId)
      .execute();
    try {
      const devices = await devicesOf(alice, A);
      const other = devices.find((d) => d.deviceId === B);
      expect(other).toMatchObject({ online: true, playing: { fileId: tracks[0] }, track: null });
    } finally {
      // Back as the test before left it: the tests after it start from that state.
      b.send({
        type: 'state',
        playing: { fileId: tracks[1], positionMs: 30_000, paused: false, volume: 0.5 },
        queue: { fileIds: tracks, index: 1 },
      });
      await c.t.db
        .updateTable('users')
        .set({ role_id: before.role_id })
        .where('user_id', '=', alice.userId)
        .execute();
      await expect
        .poll(async () => (await devicesOf(alice)).find((d) => d.deviceId === B)?.playing?.fileId)
        .toBe(tracks[1]);
    }
  });

  it('carries play, pause, next, previous, seek and volume to the named device only', async () => {
    for (const body of [
      { command: 'pause' },
      { command: 'play' },
      { command: 'next' },
      { command: 'previous' },
      { command: 'seek', positionMs: 30_000 },
      { command: 'volume', volume: 0.25 },
    ]) {
      const response = await command(alice, B, body, A);
      expect(response.json(), response.body).toEqual({ ok: true, delivered: true });
      expect(await b.next((m) => m.type === 'command')).toEqual({ type: 'command', ...body });
    }
    expect(a.messages.some((m) => m.type === 'command')).toBe(false);
  });

  it('refuses bad commands with a message, and another user’s device as unknown', async () => {
    expect(errorOf(await command(alice, B, { command: 'seek' }))).toMatch(/seek needs positionMs/);
    expect(errorOf(await command(alice, B, { command: 'volume', volume: 2 }))).toMatch(/volume/);
    expect(errorOf(await command(alice, B, { command: 'dance' }))).toMatch(/command must be/);
    expect((await command(bob, B, { command: 'pause' })).statusCode).toBe(404);
    expect((await command(alice, deviceId('unknown'), { command: 'pause' })).statusCode).toBe(404);
    expect((await bob.post(`/api/devices/${B}`, { name: 'mine now' })).statusCode).toBe(404);
  });

  it('moves the queue and position to the asking device on "play here", and stops the other', async () => {
    const answer = await command(alice, B, { command: 'transfer' }, A);
    expect(answer.statusCode, answer.body).toBe(200);
    const { transfer } = DeviceCommandAnswerSchema.parse(answer.json());
    expect(transfer?.entries.map((e) => e.file.fileId)).toEqual([tracks[0], tracks[2]]);
    // The device was on the hidden track: the rest starts from the next visible one's start.
    expect(transfer).toMatchObject({ index: 1, positionMs: 0, paused: false, volume: 0.5 });
    expect(await b.next((m) => m.type === 'stop')).toEqual({ type: 'stop', reason: 'transferred' });
    b.send({
      type: 'state',
      playing: { fileId: tracks[2], positionMs: 30_000, paused: true, volume: 1 },
      queue: { fileIds: tracks, index: 2 },
    });
    await expect
      .poll(async () => (await devicesOf(alice)).find((d) => d.deviceId === B)?.playing?.paused)
      .toBe(true);
    const single = (await devicesOf(alice)).find((d) => d.deviceId === B)?.track;
    expect(single?.title).toMatch(/\S/);
    const again = DeviceCommandAnswerSchema.parse(
      (await command(alice, B, { command: 'transfer' }, A)).json(),
    );
    // Paused: the position stays where it was reported.
    expect(again.transfer).toMatchObject({ index: 1, positionMs: 30_000, paused: true });
    expect(errorOf(await command(alice, B, { command: 'transfer' }))).toMatch(/x-device-id/);
    expect(errorOf(await command(alice, B, { command: 'transfer' }, B))).toMatch(/itself/);
  });

  it('renames a device, and tells the other devices', async () => {
    const response = await alice.post(`/api/devices/${B}`, { name: '  Kitchen speaker ' });
    expect(response.statusCode, response.body).toBe(200);
    await a.next(isDevices);
    expect((await devicesOf(alice)).find((d) => d.deviceId === B)?.name).toBe('Kitchen speaker');
    expect((await alice.post(`/api/devices/${B}`, { name: '' })).statusCode).toBe(400);
  });

  it('shows a device offline once its channel closes', async () => {
    const c2 = await openChannel(port, alice, deviceId('c'));
    c2.socket.close();
    await a.next((m) => m.type === 'devices');
    await expect
      .poll(async () => (await devicesOf(alice)).find((d) => d.deviceId === deviceId('c'))?.online)
      .toBe(false);
  });

  it('closes a channel that sends more than it may', async () => {
    const noisy = await openChannel(port, bob, deviceId('noisy'));
    for (let i = 0; i < 40; i++) noisy.send({ type: 'state', playing: null, queue: null });
    expect(await noisy.closed()).toBe(1008);
    const odd = await openChannel(port, bob, deviceId('odd'));
    odd.send({ type: 'state', playing: { fileId: -1 } });
    expect(await odd.closed()).toBe(1007);
  });

  it('closes the channels of a session that signs out, and of a user who is banned', async () => {
    const carol = await registerMember(c.t, 'carol');
    const carols = await openChannel(port, carol, deviceId('carol'));
    const bobs = await openChannel(port, bob, deviceId('bob'));
    expect((await bob.get('/api/logout')).statusCode).toBe(200);
    expect(await bobs.closed()).toBe(4401);
    const ban = await c.admin.put(`/api/user/${carol.userId}/ban`);
    expect(ban.statusCode, ban.body).toBe(200);
    expect(await carols.closed()).toBe(4401);
    expect(carols.messages).toEqual([]);
  });
});
