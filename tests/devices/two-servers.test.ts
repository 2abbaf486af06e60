import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicesAnswerSchema } from '../../domain/devices';
import { TestClient } from '../helpers/client';
import { registerMember, setUpApp, type AppSetup, type Member } from '../helpers/setup';
import { listenOnLoopback } from '../security/raw-http';
import { deviceId, openChannel } from './channel';

/**
 * Two app servers on one PostgreSQL database (decision 0064): a device whose channel is held
 * by one server is seen online and obeys a command sent through the other, by LISTEN/NOTIFY.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('devices across two app servers', () => {
  let c: AppSetup;
  let second: FastifyInstance;
  let alice: Member;
  let aliceOnSecond: TestClient;

  beforeAll(async () => {
    c = await setUpApp();
    second = await c.t.rebuild();
    alice = await registerMember(c.t, 'alice');
    aliceOnSecond = new TestClient(second);
    for (const [name, value] of alice.cookies) aliceOnSecond.cookies.set(name, value);
  }, 60_000);
  afterAll(async () => {
    await second.close();
    await c.close();
  });

  it('commands a device held by the other server, and lists it online there', async () => {
    const port = await listenOnLoopback(second);
    const held = await openChannel(port, alice, deviceId('phone'));
    // The socket opens before its server has recorded the device: the list shows it soon after.
    await expect
      .poll(async () => {
        const listed = await alice.get('/api/devices');
        const devices = DevicesAnswerSchema.parse(listed.json()).devices;
        return devices.map((d) => [d.deviceId, d.online]);
      })
      .toEqual([[deviceId('phone'), true]]);
    const sent = await alice.post(`/api/devices/${deviceId('phone')}/command`, {
      command: 'seek',
      positionMs: 30_000,
    });
    expect(sent.json(), sent.body).toEqual({ ok: true, delivered: true });
    expect(await held.next((m) => m.type === 'command')).toEqual({
      type: 'command',
      command: 'seek',
      positionMs: 30_000,
    });
    // Signing out through the first server closes the channel the second holds.
    expect((await alice.get('/api/logout')).statusCode).toBe(200);
    expect(await held.closed()).toBe(4401);
    expect((await aliceOnSecond.get('/api/devices')).statusCode).toBe(401);
  });
});
