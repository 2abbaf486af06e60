import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/csp-guard';
import { startTorrentSeeder, type TorrentSeeder } from '../tests/helpers/torrent-seeder';
import { uniqueName } from './support/api';
import { signIn } from './support/sign-in';

// A real swarm on loopback: opentracker, a seeding aria2c slowed down so the page can show the
// download in progress, and a .torrent file served over HTTP like a tracker site would.
let seeder: TorrentSeeder;
let files: http.Server;
let torrentUrl = '';
const name = uniqueName('Torrented Album ');

test.beforeAll(async () => {
  seeder = await startTorrentSeeder({
    name: uniqueName('Seeded '),
    files: [
      { name: '01 First.flac', seconds: 3 },
      { name: '02 Second.mp3', seconds: 3 },
    ],
    uploadLimit: 48 * 1024,
  });
  const torrent = Buffer.from(seeder.torrentBase64, 'base64');
  files = http.createServer((req, res) => {
    if (req.url !== '/album.torrent') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/x-bittorrent' }).end(torrent);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  torrentUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/album.torrent`;
});

test.afterAll(async () => {
  files?.closeAllConnections();
  await new Promise((resolve) => files?.close(resolve));
  await seeder?.close();
});

test('a torrent added on the local server downloads from the swarm and becomes a collection', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/admin/servers/0');
  const form = page.getByRole('region', { name: 'Add a download' });
  await form.getByLabel('URL').fill(torrentUrl);
  await form.getByLabel('Source').selectOption('torrent');
  await form.getByLabel('Name (optional)').fill(name);
  const added = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/downloader/0/api/download'),
  );
  const reload = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Add download' }).click();
  expect((await added).request().postDataJSON()).toMatchObject({
    url: torrentUrl,
    source: 'torrent',
    name,
  });
  await reload;

  const row = page.getByRole('row').filter({ hasText: name }).first();
  await expect(row).toContainText('torrent');
  // The seeder is throttled, so the page shows the download live: its state, a progress bar and
  // the bytes and peers under it. Every state the page shows is noted until Done.
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const text = await row.innerText();
        const state = /Queued|Downloading|Processing|Importing|Done|Error/.exec(text)?.[0] ?? '';
        seen.add(state);
        if (
          state === 'Downloading' &&
          /\d+ peers/.test(text) &&
          (await row.getByRole('progressbar').count()) === 1
        )
          seen.add('live progress');
        return state;
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toMatch(/Done|Error/);
  await expect(row).toContainText('Done');
  expect([...seen]).toEqual(expect.arrayContaining(['Downloading', 'live progress', 'Done']));

  await row.getByRole('link', { name: 'Open collection' }).click();
  await expect(page).toHaveURL(/\/collection\/\d+/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // Both seeded files were imported as the collection's tracks.
  await expect(page.getByText('First', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Second', { exact: false }).first()).toBeVisible();
});
