import { expect, test } from './support/csp-guard';
import type { Track } from '../domain/track';
import { ApiSession, registerUser } from './support/api';
import { demoCollection, expectPlaying } from './support/player-queue';
import { signIn } from './support/sign-in';

/**
 * Listening history and "Your year" (issue 48): a member's reported plays show on /history,
 * one plays again from there, and /year counts them.
 */
let tracks: Track[];
test.beforeAll(async () => {
  ({ tracks } = await demoCollection(2));
});

test('a reported play shows in History, plays again, and counts in Your year', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await registerUser('historian');
  const api = await ApiSession.signIn(user.username, user.password);
  const [first, second] = tracks as [Track, Track];
  const minutesAgo = (m: number) =>
    new Date(Math.floor((Date.now() - m * 60_000) / 1000) * 1000).toISOString();
  try {
    // What the player's outbox sends once half a track was heard (here, the whole of it).
    await api.call('POST', '/api/user/listens', {
      listens: [
        {
          fileId: first.fileId,
          listenedAt: minutesAgo(30),
          playedMs: Math.floor(first.duration * 1000),
        },
        {
          fileId: second.fileId,
          listenedAt: minutesAgo(20),
          playedMs: Math.floor(second.duration * 1000),
        },
        {
          fileId: first.fileId,
          listenedAt: minutesAgo(10),
          playedMs: Math.floor(first.duration * 1000),
        },
      ],
    });
  } finally {
    await api.dispose();
  }

  await signIn(page, user.username, user.password);
  await page.getByRole('link', { name: 'History', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible({
    timeout: 60_000,
  });
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText(first.title);
  await expect(entries.nth(1)).toContainText(second.title);

  // Search narrows the list.
  await page.getByRole('searchbox', { name: 'Search your history' }).fill(second.title);
  await expect(entries).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search your history' }).fill('');
  await expect(entries).toHaveCount(3);

  // Play an entry: the player starts that track.
  await entries
    .nth(1)
    .getByRole('button', { name: `Play ${second.title}` })
    .click();
  await expectPlaying(page);
  await expect(page.getByTestId('player-bar')).toContainText(second.title);

  // Your year: this year's figures.
  await page.getByRole('link', { name: 'Your year' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Your \d{4}$/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('year-plays')).toHaveText('3');
  const topTracks = page.getByRole('region', { name: 'Top tracks' });
  await expect(topTracks.getByRole('listitem').first()).toContainText(first.title);
  await expect(page.getByRole('img', { name: /^Plays by month:/ })).toBeVisible();

  // A share link opens without a session and shows the figures.
  await page.getByRole('button', { name: 'Share link' }).click();
  const url = (await page.getByTestId('year-share-url').textContent()) ?? '';
  expect(url).toMatch(/\/year-share\/[\w-]{24}$/);
  // Someone else's browser, signed out.
  const stranger = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const shared = await stranger.newPage();
    await shared.goto(new URL(url).pathname);
    await expect(shared.getByTestId('year-plays')).toHaveText('3', { timeout: 60_000 });
    await expect(shared.getByText(user.username)).toHaveCount(0);
  } finally {
    await stranger.close();
  }

  // Removing a play from the history.
  await page.goto('/history');
  await expect(entries).toHaveCount(3, { timeout: 60_000 });
  await entries
    .first()
    .getByRole('button', { name: `Remove ${first.title} from your history` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(entries).toHaveCount(2);
});
