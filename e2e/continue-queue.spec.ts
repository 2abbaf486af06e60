import type { APIRequest } from '@playwright/test';
import { expect, test, type Page } from './support/csp-guard';
import { formatDuration } from '../domain/format';
import { ApiSession, registerUser } from './support/api';
import { audioState, demoCollection, seedQueue } from './support/player-queue';
import { signIn } from './support/sign-in';

/**
 * A new user with a phone app (an app password) and three demo tracks: `save` stores a play
 * queue as the app would (Subsonic savePlayQueue, `query` after the credentials).
 */
async function userWithPhone(playwright: { request: APIRequest }, prefix: string) {
  const user = await registerUser(prefix);
  const web = await ApiSession.signIn(user.username, user.password);
  const app = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { password } = await web.call<{ password: string }>('PUT', '/api/user/app_password', {
    name: 'Phone',
  });
  const { tracks } = await demoCollection(3);
  return {
    user,
    tracks,
    save: (query: string) =>
      app.get(`/rest/savePlayQueue?apiKey=${encodeURIComponent(password)}&f=json&${query}`),
    async dispose() {
      await app.dispose();
      await web.dispose();
    },
  };
}

/** Reloads and waits until the saved queue was read again (the offer is decided on it). */
async function reloadReadingQueue(page: Page): Promise<void> {
  const read = page.waitForResponse((r) => r.url().endsWith('/api/play_queue'));
  await page.reload();
  await read;
}

test('a queue saved by a phone app is offered in the web app and continues at its track and position', async ({
  page,
  playwright,
}) => {
  const phone = await userWithPhone(playwright, 'listener');
  const { user, tracks } = phone;
  try {
    const current = tracks[1]!;
    const seconds = Math.min(5, Math.floor(current.duration / 2));
    const ids = tracks.map((t) => `id=${t.fileId}`).join('&');
    const saved = await phone.save(
      `c=Phone&${ids}&current=${current.fileId}&position=${seconds * 1000}`,
    );
    expect(
      ((await saved.json()) as { 'subsonic-response': unknown })['subsonic-response'],
    ).toMatchObject({ status: 'ok' });

    await signIn(page, user.username, user.password, { worker: false });
    const offer = page.getByTestId('continue-queue');
    await expect(offer).toContainText(
      `Continue on this device: ${current.title} from Phone, at ${formatDuration(seconds)}`,
    );
    await offer.getByRole('button', { name: 'Continue' }).click();
    await expect(offer).toBeHidden();

    // Loaded at that track and position, paused until the user presses play.
    const bar = page.getByTestId('player-bar');
    await expect(bar).toContainText(current.title);
    await expect
      .poll(async () => (await audioState(page)).src)
      .toMatch(new RegExp(`/${current.fileId}\\?`));
    await expect.poll(async () => (await audioState(page)).currentTime).toBeCloseTo(seconds, 0);
    expect((await audioState(page)).paused).toBe(true);
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

    // Taken once: a reload does not offer the same save again.
    await reloadReadingQueue(page);
    await expect(page.getByTestId('player-bar')).toContainText(current.title);
    await expect(page.getByTestId('continue-queue')).toHaveCount(0);
  } finally {
    await phone.dispose();
  }
});

test('the offer can be dismissed', async ({ page, playwright }) => {
  const phone = await userWithPhone(playwright, 'dismisser');
  const { user, tracks } = phone;
  try {
    await phone.save(`c=Car&id=${tracks[0]!.fileId}`);
    await signIn(page, user.username, user.password, { worker: false });
    const offer = page.getByTestId('continue-queue');
    await expect(offer).toContainText(`${tracks[0]!.title} from Car, at 0:00`);
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toBeHidden();
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
    await reloadReadingQueue(page);
    await expect(page.getByTestId('continue-queue')).toHaveCount(0);
  } finally {
    await phone.dispose();
  }
});

test('the offer sits above the player bar and goes away once this device plays something else', async ({
  page,
  playwright,
}) => {
  const phone = await userWithPhone(playwright, 'elsewhere');
  const { user, tracks } = phone;
  try {
    await phone.save(`c=Phone&id=${tracks[0]!.fileId}`);
    await signIn(page, user.username, user.password, { worker: false });
    // This device holds a queue of its own: the phone's is offered beside it.
    await seedQueue(page, tracks.slice(2, 3));
    const offer = page.getByTestId('continue-queue');
    const bar = page.getByTestId('player-bar');
    await expect(offer).toContainText(`${tracks[0]!.title} from Phone`);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1023, height: 800 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await expect
        .poll(async () => {
          const [prompt, player] = await Promise.all([offer.boundingBox(), bar.boundingBox()]);
          return prompt !== null && player !== null && prompt.y + prompt.height <= player.y;
        })
        .toBe(true);
    }

    await bar.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await expect(offer).toBeHidden();
    await reloadReadingQueue(page);
    await expect(page.getByTestId('continue-queue')).toHaveCount(0);
  } finally {
    await phone.dispose();
  }
});
