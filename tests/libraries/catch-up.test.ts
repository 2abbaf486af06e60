import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from '../helpers/audio';
import { TestClient } from '../helpers/client';
import { ADMIN } from '../helpers/test-app';
import { setUpApp, type AppSetup } from '../helpers/setup';
import { albumFolder, listed, scanned } from './library-fixture';

/**
 * An album copied in while the server was down (issue 46): the watch saw nothing, so a library
 * scanned before is scanned again when the server starts, and the album shows without anyone
 * pressing Scan now or waiting for SCAN_INTERVAL.
 */
describe('catching up at start', () => {
  let music: Awaited<ReturnType<typeof albumFolder>>;
  let setup: AppSetup;

  beforeAll(async () => {
    music = await albumFolder('catch-up', 'Before', 'Early');
    setup = await setUpApp({
      env: { MUSIC_DIR: music.root, SCAN_INTERVAL: '0', LIBRARY_WATCH: '1' },
    });
  });
  afterAll(async () => {
    await setup.close();
    await music.remove();
  });

  it('scans again the libraries scanned before, once the server is back', async () => {
    await setup.admin.post('/api/library/import');
    await scanned(setup.admin, 1);
    expect(await listed(setup.admin)).toEqual(['Before']);
    await setup.t.app.close();

    await mkdir(join(music.root, 'During'));
    await writeFile(
      join(music.root, 'During', '01.mp3'),
      await makeMp3({ title: 'Meanwhile', album: 'During', artist: 'Late', track: 1 }),
    );
    const app = await setup.t.rebuild();
    const admin = new TestClient(app);
    await admin.login(ADMIN.username, ADMIN.password);
    let names: string[] = [];
    for (let i = 0; i < 100 && names.length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      names = await listed(admin);
    }
    expect(names).toEqual(['Before', 'During']);
  });
});
