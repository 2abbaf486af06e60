import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicesAnswerSchema, type DeviceChannelMessage } from '../../domain/devices';
import { errorOf, registerMember, setUpApp, type AppSetup, type Member } from '../helpers/setup';
import { listenOnLoopback } from '../security/raw-http';
import { cookieOf, deviceId, openChannel, refusal, type Channel } from './channel';

let c: AppSetup;
let port: number;
let alice: Member;
let bob: Member;
const A = deviceId('a');
const B = deviceId('b');
let a: Channel;
let b: Channel;

beforeAll(async () => {
  c = await setUpApp();
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
      playing: { fileId: 7, positionMs: 30_000, paused: false, volume: 0.5 },
      queue: { fileIds: [5, 7, 9], index: 1 },
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
    expect(playing).toMatchObject({ fileId: 7, paused: false, volume: 0.5 });
    // Playing on: the position moves on from the report.
    expect(playing?.positionMs).toBeGreaterThanOrEqual(30_000);
    expect(await devicesOf(bob)).toEqual([]);
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
    const { transfer } = answer.json<{
      transfer: { queue: unknown; playing: { positionMs: number } };
    }>();
    expect(transfer.queue).toEqual({ fileIds: [5, 7, 9], index: 1 });
    expect(transfer.playing.positionMs).toBeGreaterThanOrEqual(30_000);
    expect(await b.next((m) => m.type === 'stop')).toEqual({ type: 'stop', reason: 'transferred' });
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
