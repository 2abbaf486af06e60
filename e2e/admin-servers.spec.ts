import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/csp-guard';
import { makeMp3 } from '../tests/servers/fixtures';
import { ApiSession, uniqueName } from './support/api';
import { signIn } from './support/sign-in';

interface Server {
  serverId: number;
  serverName: string;
}

let files: http.Server;
let filesUrl = '';
const album = uniqueName('Fetched Album ');
const createdServers: string[] = [];

test.beforeAll(async () => {
  const mp3 = await makeMp3({ title: 'Fetched Track', album, artist: 'E2E Fetcher' });
  files = http.createServer((req, res) => {
    if (req.url !== '/fetched.mp3') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(mp3.length) });
    res.end(mp3);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
  const admin = await ApiSession.signIn();
  try {
    const servers = await admin.call<Server[]>('GET', '/api/server');
    for (const server of servers.filter((s) => createdServers.includes(s.serverName)))
      await admin.call('DELETE', `/api/server/${server.serverId}`);
  } finally {
    await admin.dispose();
  }
});

test('a url download on the local server becomes a collection', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/servers');
  await expect(page.getByRole('heading', { level: 1, name: 'Servers' })).toBeVisible();
  const local = page.getByRole('row', { name: 'Open server Local' });
  await expect(local).toContainText('Online');

  // The log button opens today's log of that server in a new tab.
  const log = local.getByRole('link', { name: "Open today's log of Local in a new tab" });
  const today = new Date().toISOString().slice(0, 10);
  await expect(log).toHaveAttribute('target', '_blank');
  await expect(log).toHaveAttribute(
    'href',
    `/api/file?path=${encodeURIComponent(`logs/0/${today}.log`)}`,
  );

  await local.click();
  await expect(page).toHaveURL(/\/admin\/servers\/0$/);
  const form = page.getByRole('region', { name: 'Add a download' });
  await form.getByLabel('URL').fill(`${filesUrl}/fetched.mp3`);
  await form.getByLabel('Name (optional)').fill('Fetched by e2e');
  const added = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/downloader/0/api/download'),
  );
  const reload = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Add download' }).click();
  const body = (await added).request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    url: `${filesUrl}/fetched.mp3`,
    source: 'url',
    keepOriginal: false,
  });
  await reload;

  const row = page.getByRole('row').filter({ hasText: 'Fetched by e2e' }).first();
  await expect(row).toContainText('Done', { timeout: 30_000 });
  await row.getByRole('link', { name: 'Open collection' }).click();
  await expect(page.getByRole('heading', { name: album })).toBeVisible();
});

test('a dropped torrent shows as a placeholder and is sent base64', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/servers/0');
  const form = page.getByRole('region', { name: 'Add a download' });
  await expect(form.getByLabel('Source')).toHaveValue('url');
  // Two files dropped at once are refused; the form keeps its empty link.
  const two = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['a'], 'a.torrent'));
    transfer.items.add(new File(['b'], 'b.torrent'));
    return transfer;
  });
  await form.getByTestId('torrent-drop').dispatchEvent('drop', { dataTransfer: two });
  await expect(page.getByText('Drop exactly one .torrent file')).toBeVisible();
  await expect(form.getByLabel('URL')).toHaveValue('');

  // Not bencoded (a .torrent starts with "d"): the real torrent source refuses it by name.
  const torrent = Buffer.alloc(700, 'x');
  await form.getByLabel('Choose a .torrent file').setInputFiles({
    name: 'ubuntu.torrent',
    mimeType: 'application/x-bittorrent',
    buffer: torrent,
  });
  await expect(form.getByLabel('URL')).toHaveValue('[torrent file: ubuntu]');
  await expect(form.getByLabel('Source')).toHaveValue('torrent');
  const added = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/downloader/0/api/download'),
  );
  await form.getByRole('button', { name: 'Add download' }).click();
  expect((await added).postDataJSON()).toMatchObject({
    url: torrent.toString('base64'),
    source: 'torrent',
    name: 'ubuntu',
  });
  const row = page.getByRole('row').filter({ hasText: 'ubuntu' }).first();
  await expect(row).toContainText('this is not a .torrent file', { timeout: 15_000 });
  await row.getByRole('button', { name: 'Delete download ubuntu' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'ubuntu' })).toHaveCount(0);
});

test('RSS feeds: added with a 30-minute interval, listed, deleted', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/servers/0');
  const section = page.getByRole('region', { name: 'RSS feeds' });
  await expect(section.getByLabel('Check every (minutes)')).toHaveValue('30');
  const feedUrl = `https://feeds.example.test/${uniqueName('feed')}.xml`;
  await section.getByLabel('Feed URL').fill(feedUrl);
  await section.getByLabel('Title regex (optional)').fill('^Artist - ');
  await section.getByRole('button', { name: 'Add feed' }).click();
  const row = section.getByRole('row').filter({ hasText: feedUrl });
  await expect(row).toContainText('^Artist - ');
  await expect(row).toContainText('30');
  await row.getByRole('button', { name: `Delete feed ${feedUrl}` }).click();
  await expect(section.getByRole('row').filter({ hasText: feedUrl })).toHaveCount(0);
});

test('a node that does not answer shows offline with its error', async ({ page }) => {
  const name = uniqueName('node');
  createdServers.push(name);
  await signIn(page);
  await page.goto('/admin/servers');
  const form = page.getByRole('region', { name: 'Add a server' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Address (e.g. http://10.0.0.5:8080)').fill('http://127.0.0.1:9');
  await form
    .getByLabel('Token (the node’s NODE_TOKEN, 16 characters or more)')
    .fill('e2e-node-token-0123456789');
  await form.getByRole('button', { name: 'Add server' }).click();
  const row = page.getByRole('row', { name: `Open server ${name}` });
  await expect(row).toContainText('Offline');
  await expect(row).toContainText(`Server "${name}" is offline`);
});

test('the server screens fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  for (const path of ['/admin/servers', '/admin/servers/0']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await expect(page.getByRole('button', { name: 'Add download' })).toBeVisible();
});
