import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from './support/csp-guard';
import { ApiSession, type RegisteredUser } from './support/api';
import { scratchDir, taggedMp3s } from './support/audio-files';
import { seriousViolations } from './support/axe';
import { confirmedUser } from './support/confirmed-user';
import { signIn } from './support/sign-in';

let api: ApiSession;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
let member: RegisteredUser;
const made: number[] = [];

test.beforeAll(async () => {
  api = await ApiSession.signIn();
  scratch = await scratchDir();
  member = await confirmedUser('uploader');
});
test.afterAll(async () => {
  if (made.length > 0) await api.call('DELETE', '/downloader/collection/bulk', { ids: made });
  await api.dispose();
  await scratch.remove();
});

async function pageAs(browser: Browser, who?: RegisteredUser): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, who?.username, who?.password);
  return page;
}

const calls = (page: Page, path: string) => {
  const seen: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && new URL(r.url()).pathname === path)
      seen.push(r.status());
  });
  return seen;
};

test('a user uploads music with a description; the admin downloads, imports and removes it', async ({
  browser,
}) => {
  const word = Date.now().toString(36);
  const description = `Home demos ${word}`;
  const [first, second, third] = await taggedMp3s(scratch.dir, `Demo ${word}`, 'Kitchen Band', [
    'Kettle',
    'Toaster',
    'Spoon',
  ]);

  const page = await pageAs(browser, member);
  await page.goto('/user-upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your music' })).toBeVisible();
  const uploads = calls(page, '/api/upload');
  const offers = calls(page, '/api/upload/music');
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Choose audio files').setInputFiles([first!, second!, third!]);
  const rows = page.locator('li[data-state]');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'waiting' })).toHaveCount(3);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Upload done' });
  await expect(done).toContainText('Your 3 files were uploaded.');
  await expect(rows.filter({ hasText: 'uploaded' })).toHaveCount(3);
  // Each file: POST /api/upload, then POST /api/upload/music.
  expect(uploads).toEqual([200, 200, 200]);
  expect(offers).toEqual([200, 200, 200]);
  // Users never see the uploads table.
  await expect(page.getByRole('region', { name: 'Uploads' })).toHaveCount(0);
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(rows).toHaveCount(0);

  const admin = await pageAs(browser);
  await admin.goto('/user-upload');
  const table = admin.getByRole('region', { name: 'Uploads' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Description',
    'Path',
    'User',
    'Download',
    'Upload',
    'Remove',
  ]);
  expect(await seriousViolations(admin)).toEqual([]);
  const mine = table.getByRole('row').filter({ hasText: description });
  await expect(mine).toHaveCount(3);
  await expect(mine.first()).toContainText(member.username);

  // Download fetches the very bytes that were sent.
  const kettleName = '01 Kettle.mp3';
  const downloading = admin.waitForEvent('download');
  await table.getByRole('link', { name: `Download ${kettleName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(kettleName);
  const saved = join(scratch.dir, 'downloaded.mp3');
  await download.saveAs(saved);
  expect((await readFile(saved)).equals(await readFile(first!))).toBe(true);

  // Import into a new collection: the admin lands on it with the track.
  await table.getByRole('button', { name: `Upload ${kettleName} into a collection` }).click();
  const dialog = admin.getByRole('dialog', { name: `Import ${kettleName}` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(admin, '[role=dialog]')).toEqual([]);
  await dialog.getByText('Into a new collection').click();
  const collectionName = `User Demos ${word}`;
  await dialog.getByLabel('New collection name').fill(collectionName);
  const imported = admin.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/upload\/\d+\/import$/.test(r.url()),
  );
  await dialog.getByRole('button', { name: 'Import' }).click();
  const answer = (await (await imported).json()) as { collectionId: number };
  made.push(answer.collectionId);
  await expect(admin).toHaveURL(new RegExp(`/(audio-)?collection/${answer.collectionId}`));
  await expect(admin.getByRole('heading', { level: 1, name: collectionName })).toBeVisible();
  await expect(admin.getByTestId('file-row')).toHaveCount(1);
  await expect(admin.getByTestId('file-row')).toContainText('Kettle');

  // The imported upload left the table; the next goes into that collection, found by name.
  await admin.goto('/user-upload');
  await expect(mine).toHaveCount(2);
  await table.getByRole('button', { name: 'Upload 02 Toaster.mp3 into a collection' }).click();
  const toExisting = admin.getByRole('dialog', { name: 'Import 02 Toaster.mp3' });
  await toExisting.getByLabel('Search collections').fill(collectionName);
  await toExisting.getByRole('button', { name: `Choose ${collectionName}` }).click();
  await toExisting.getByRole('button', { name: 'Import' }).click();
  await expect(admin).toHaveURL(new RegExp(`/(audio-)?collection/${answer.collectionId}`));
  await expect(admin.getByTestId('file-row')).toHaveCount(2);
  await expect(admin.getByTestId('file-row').filter({ hasText: 'Toaster' })).toHaveCount(1);

  // Remove the last one: row and file go.
  await admin.goto('/user-upload');
  await expect(mine).toHaveCount(1);
  await table.getByRole('button', { name: 'Remove 03 Spoon.mp3' }).click();
  const removing = admin.waitForResponse((r) => r.request().method() === 'DELETE');
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  expect((await removing).status()).toBe(200);
  await expect(mine).toHaveCount(0);
});

test('a refused file opens "Upload failed" with the server’s answer', async ({ browser }) => {
  const fake = join(scratch.dir, 'not-really.mp3');
  await writeFile(fake, 'these are words, not sound\n');
  const page = await pageAs(browser, member);
  await page.goto('/user-upload');
  await page.getByLabel('Choose audio files').setInputFiles(fake);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const failed = page.getByRole('dialog', { name: 'Upload failed' });
  await expect(failed).toContainText('uploadId: the upload is not audio');
  await expect(page.locator('li[data-state="failed"]')).toHaveText(/not-really\.mp3.*failed/);
});
