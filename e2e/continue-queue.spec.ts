import { expect, test } from './support/csp-guard';
import { formatDuration } from '../domain/format';
import { ApiSession, registerUser } from './support/api';
import { audioState, demoCollection } from './support/player-queue';
import { signIn } from './support/sign-in';

test('a queue saved by a phone app is offered in the web app and continues at its track and position', async ({
  page,
  playwright,
}) => {
  const user = await registerUser('listener');
  const web = await ApiSession.signIn(user.username, user.password);
  const app = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const { password } = await web.call<{ password: string }>('PUT', '/api/user/app_password', {
      name: 'Phone',
    });
    const { tracks } = await demoCollection(3);
    const current = tracks[1]!;
    const seconds = Math.min(5, Math.floor(current.duration / 2));
    const ids = tracks.map((t) => `id=${t.fileId}`).join('&');
    const saved = await app.get(
      `/rest/savePlayQueue?apiKey=${encodeURIComponent(password)}&f=json&c=Phone&${ids}` +
        `&current=${current.fileId}&position=${seconds * 1000}`,
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
    const read = page.waitForResponse((r) => r.url().endsWith('/api/play_queue'));
    await page.reload();
    await read;
    await expect(page.getByTestId('player-bar')).toContainText(current.title);
    await expect(page.getByTestId('continue-queue')).toHaveCount(0);
  } finally {
    await app.dispose();
    await web.dispose();
  }
});

test('the offer can be dismissed', async ({ page, playwright }) => {
  const user = await registerUser('dismisser');
  const web = await ApiSession.signIn(user.username, user.password);
  const app = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const { password } = await web.call<{ password: string }>('PUT', '/api/user/app_password', {
      name: 'Phone',
    });
    const { tracks } = await demoCollection(3);
    await app.get(
      `/rest/savePlayQueue?apiKey=${encodeURIComponent(password)}&f=json&c=Car&id=${tracks[0]!.fileId}`,
    );
    await signIn(page, user.username, user.password, { worker: false });
    const offer = page.getByTestId('continue-queue');
    await expect(offer).toContainText(`${tracks[0]!.title} from Car, at 0:00`);
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toBeHidden();
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
    const read = page.waitForResponse((r) => r.url().endsWith('/api/play_queue'));
    await page.reload();
    await read;
    await expect(page.getByTestId('continue-queue')).toHaveCount(0);
  } finally {
    await app.dispose();
    await web.dispose();
  }
});
