import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { expect, test, type Page } from './support/csp-guard';
import { scratchDir, taggedMp3s } from './support/audio-files';
import { expectCleanInBothThemes } from './support/both-themes';
import { confirmedUser } from './support/confirmed-user';
import { signInByApi } from './support/sign-in-by-api';
import { chooseMenuItem } from './support/menu';

/**
 * Issue 30, "Members' uploads are hidden and confusing": a member finds /user-upload from the
 * menu, drops files on the one styled picker, sees each by name with its progress, and /upload
 * explains and points there; on a phone and on a desktop.
 */
test.use({ serviceWorkers: 'block' });

const SIZES = [
  { name: 'phone', viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
] as const;

/** Drops files on the drop zone the way a file manager does (a DataTransfer of Files). */
async function dropFiles(page: Page, paths: string[]): Promise<void> {
  const files = await Promise.all(
    paths.map(async (path) => ({ name: basename(path), bytes: [...(await readFile(path))] })),
  );
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: 'audio/mpeg' }));
    }
    return data;
  }, files);
  const zone = page.getByTestId('upload-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(zone).toHaveAttribute('data-over', 'true');
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

for (const size of SIZES) {
  test.describe(`member uploads at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile });

    test('found from the menu, dropped on the picker, each file listed with its progress', async ({
      page,
    }) => {
      const member = await confirmedUser('dropper');
      const scratch = await scratchDir();
      const word = Date.now().toString(36);
      const files = await taggedMp3s(scratch.dir, `Drop ${word}`, 'Porch Band', ['Door', 'Step']);
      try {
        await signInByApi(page, member.username, member.password);
        if (size.name === 'phone') {
          await page.getByRole('button', { name: 'Account' }).click();
          await chooseMenuItem(page, 'Upload your music');
        } else {
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: 'Upload your music' })
            .click();
        }
        await expect(page).toHaveURL(/\/user-upload$/);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Upload your music' }),
        ).toBeVisible();
        await dropFiles(page, files);
        const rows = page.locator('li[data-state]');
        await expect(rows).toHaveCount(2);
        await expect(page.getByRole('listitem', { name: basename(files[0]!) })).toContainText(
          'waiting',
        );
        await expect(page.getByRole('listitem', { name: basename(files[1]!) })).toBeVisible();
        await expectCleanInBothThemes(page, '/user-upload with files');
        await page.getByLabel('Description').fill(`Porch demos ${word}`);
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        const done = page.getByRole('dialog', { name: 'Upload done' });
        await expect(done).toContainText('Your 2 files were uploaded.');
        await expect(rows.filter({ hasText: 'uploaded' })).toHaveCount(2);
        await done.getByRole('button', { name: 'Close' }).click();

        // /upload is the library's: the member is told so before choosing anything.
        await page.goto('/upload');
        await expect(page.getByTestId('upload-not-allowed')).toContainText(
          'Uploading straight into the library is for administrators',
        );
        await expect(page.getByLabel('Collection name')).toHaveCount(0);
        await expectCleanInBothThemes(page, '/upload for a member');
        await page
          .getByTestId('upload-not-allowed')
          .getByRole('link', { name: 'Upload your music' })
          .click();
        await expect(page).toHaveURL(/\/user-upload$/);
      } finally {
        await scratch.remove();
      }
    });
  });
}
