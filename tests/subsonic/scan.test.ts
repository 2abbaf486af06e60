import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from '../helpers/audio';
import { registerMember, setUpApp, type AppSetup } from '../helpers/setup';
import { createAppPassword, subsonicClients, type SubsonicUser } from '../helpers/subsonic';

/** An app on a port with MUSIC_DIR holding one album, not imported yet. */
describe('getScanStatus and startScan', () => {
  let music: string;
  let setup: AppSetup;
  let member: SubsonicUser;
  let admin: SubsonicUser;

  beforeAll(async () => {
    music = await mkdtemp(join(tmpdir(), 'musicbox-rest-scan-'));
    await mkdir(join(music, 'Album'));
    for (const track of [1, 2])
      await writeFile(
        join(music, 'Album', `0${track}.mp3`),
        await makeMp3({ title: `Song ${track}`, album: 'Scanned', artist: 'Rest', track }),
      );
    setup = await setUpApp({ env: { MUSIC_DIR: music, SCAN_INTERVAL: '0' } });
    await setup.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = setup.t.app.server.address();
    if (address === null || typeof address !== 'object') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}`;
    const listener = await registerMember(setup.t, 'listener');
    member = subsonicClients(url, 'listener', await createAppPassword(listener));
    admin = subsonicClients(url, 'admin', await createAppPassword(setup.admin));
  });
  afterAll(async () => {
    await setup.t.close();
    await rm(music, { recursive: true, force: true });
  });

  it('answers that nothing scans before the first scan', async () => {
    expect(await member.api.getScanStatus()).toMatchObject({
      status: 'ok',
      scanStatus: { scanning: false, count: 0 },
    });
  });

  it('refuses startScan to a member (50)', async () => {
    expect(await member.api.startScan()).toMatchObject({ status: 'failed', error: { code: 50 } });
    const jobs = await setup.t.db.selectFrom('import_jobs').select('job_id').execute();
    expect(jobs).toEqual([]);
  });

  it('starts a scan for an administrator, then reports it done with the files it went through', async () => {
    const started = await admin.api.startScan();
    expect(started).toMatchObject({ status: 'ok', scanStatus: { scanning: true } });
    let status = await admin.api.getScanStatus();
    for (let i = 0; i < 100 && status.scanStatus.scanning; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await admin.api.getScanStatus();
    }
    expect(status.scanStatus).toEqual({ scanning: false, count: 2 });
    // The same scan as the admin screen's, with what it found.
    const [job] = await setup.admin
      .get('/api/library/import')
      .then((response) => response.json<Array<Record<string, unknown>>>());
    expect(job).toMatchObject({
      state: 'done',
      imported: 2,
      summary: { seen: 2, new: 2, moved: 0, missing: 0 },
      secondsLeft: null,
    });
  });

  it('is a JSON and XML answer by its OpenSubsonic name', async () => {
    const address = setup.t.app.server.address() as { port: number };
    const response = await fetch(
      `http://127.0.0.1:${address.port}/rest/getScanStatus.view?apiKey=${member.password}`,
    );
    expect(await response.text()).toMatch(/<scanStatus scanning="false" count="2"\/>/);
  });
});
