import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN } from '../helpers/test-app';
import { errorOf, setUpApp, type AppSetup } from '../helpers/setup';
import { albumFolder, libraries } from './library-fixture';

/**
 * The library routes as an attacker and a busy administrator spell them: odd paths and ids get
 * a 4xx and change nothing; the same folder added at once on two app servers (one database)
 * becomes one library, the others told it already is.
 */
describe('library routes under odd input and at once', () => {
  let music: Awaited<ReturnType<typeof albumFolder>>;
  let extra: Awaited<ReturnType<typeof albumFolder>>;
  let setup: AppSetup;
  let other: TestClient;

  beforeAll(async () => {
    music = await albumFolder('probe-first', 'Home', 'One');
    extra = await albumFolder('probe-extra', 'Extra', 'Two');
    setup = await setUpApp({ env: { MUSIC_DIR: music.root, SCAN_INTERVAL: '0' } });
    // A second app server on the same database.
    other = new TestClient(await setup.t.rebuild());
    await other.login(ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await setup.close();
    await music.remove();
    await extra.remove();
  });

  it('answers 4xx to odd paths and ids and keeps the libraries as they were', async () => {
    const paths = [
      '',
      '\u0000',
      `${extra.root}\u0000/x`,
      '../../etc',
      `${extra.root}/../${'x'.repeat(300)}`,
      'x'.repeat(5000),
    ];
    for (const path of paths) {
      const response = await setup.admin.put('/api/library', { name: 'Odd', path });
      expect(response.statusCode, JSON.stringify(path).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    for (const body of [{ path: extra.root }, { name: '', path: extra.root }, [], 'text']) {
      const response = await setup.admin.put('/api/library', body);
      // A bare string is not JSON the route takes: 415 (its content type) or 400.
      expect([400, 415]).toContain(response.statusCode);
    }
    for (const id of ['0', '-1', '1.5', '1%2F..', 'abc', '99999999999999999999']) {
      expect((await setup.admin.post(`/api/library/${id}`, { name: 'x' })).statusCode).toBe(400);
      expect((await setup.admin.delete(`/api/library/${id}`)).statusCode).toBe(400);
    }
    expect((await new TestClient(setup.t.app).get('/api/libraries')).statusCode).toBe(401);
    expect((await libraries(setup.admin)).map((one) => one.path)).toEqual([music.root]);
  });

  it('adds a folder sent to two servers at once exactly once', async () => {
    const body = { name: 'Twice', path: extra.root };
    const answers = await Promise.all(
      [setup.admin, other, setup.admin, other].map((client) => client.put('/api/library', body)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(errorOf(refused)).toMatch(/already the library "Twice"/);
    expect((await libraries(other)).filter((one) => one.path === extra.root)).toHaveLength(1);
  });
});
