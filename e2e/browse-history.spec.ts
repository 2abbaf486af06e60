import { expect, type Page } from './support/csp-guard';
import { test } from './support/csp-guard';
import { signIn } from './support/sign-in';

const cards = (page: Page) => page.getByTestId('collection-card');
const chip = (page: Page, name: RegExp) => page.getByRole('toolbar').getByRole('button', { name });
const historyLength = (page: Page) => page.evaluate(() => history.length);

/** The result count once the current filter's results are in (it keeps the last one's till then). */
async function settledCount(page: Page): Promise<string> {
  const count = page.getByTestId('result-count');
  await expect(count).toHaveAttribute('aria-busy', 'false');
  return count.innerText();
}

async function checkBox(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name });
  await page.locator('label', { has: box }).click();
  await expect(box).toBeChecked();
}

async function setBpmFrom(page: Page, from: string) {
  await chip(page, /BPM/).click();
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test.describe('Browse filters live in the address', () => {
  test('Back, Forward and reload restore exactly the filters and results', async ({ page }) => {
    await signIn(page, undefined, undefined, { worker: false });
    await page.goto('/browse');
    await expect(cards(page).first()).toBeVisible();
    const allCount = await settledCount(page);

    await setBpmFrom(page, '80');
    await expect(page).toHaveURL(/[?&]bpm=80-300/);
    await expect(page.getByTestId('result-count')).not.toHaveText(allCount);
    const bpmCount = await settledCount(page);

    // The same filter again changes nothing, so nothing is pushed.
    const before = await historyLength(page);
    await setBpmFrom(page, '80');
    expect(await historyLength(page)).toBe(before);

    await chip(page, /Genre/).click();
    await checkBox(page, 'Ambient');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]genres=/);
    await expect(page.getByTestId('result-count')).not.toHaveText(bpmCount);
    const genreCount = await settledCount(page);

    await page.goBack();
    await expect(page).not.toHaveURL(/genres=/);
    await expect(page).toHaveURL(/[?&]bpm=80-300/);
    await expect(page.getByTestId('result-count')).toHaveText(bpmCount);
    await expect(chip(page, /BPM/)).toHaveAttribute('data-active', 'true');
    await expect(chip(page, /Genre/)).not.toHaveAttribute('data-active', 'true');

    await page.goForward();
    await expect(page.getByTestId('result-count')).toHaveText(genreCount);
    await page.reload();
    await expect(page.getByTestId('result-count')).toHaveText(genreCount);
    await expect(chip(page, /Genre/)).toHaveAttribute('data-active', 'true');
    await expect(chip(page, /BPM/)).toHaveAttribute('data-active', 'true');
  });

  test('Back from an artist link returns to the previous filter and its results', async ({
    page,
  }) => {
    await signIn(page, undefined, undefined, { worker: false });
    await page.goto('/browse?query=Mira');
    await expect(cards(page).first()).toBeVisible();
    await setBpmFrom(page, '60');
    await expect(page).toHaveURL(/bpm=60-300/);
    const filtered = page.url();
    const count = await settledCount(page);

    await cards(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/(audio-)?collection\//);
    const artist = page.getByRole('main').locator('a[href*="/browse?artist="]').first();
    await artist.click();
    await expect(page).toHaveURL(/\/browse\?artist=/);
    await expect(cards(page).first()).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/(audio-)?collection\//);
    await page.goBack();
    await expect(page).toHaveURL(filtered);
    await expect(page.getByTestId('result-count')).toHaveText(count);
    await expect(chip(page, /BPM/)).toHaveAttribute('data-active', 'true');
  });
});
