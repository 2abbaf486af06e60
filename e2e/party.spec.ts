import { expect, test, type Browser, type Page } from './support/csp-guard';
import { ApiSession, registerUser, uniqueName, type RegisteredUser } from './support/api';
import { seriousViolations } from './support/axe';
import { freeDemoAlbums, seedQueue } from './support/player-queue';
import { signInByApi } from './support/sign-in-by-api';

/**
 * Issue 50's listening party: a host and two guests in three browser contexts. The guests add
 * and vote, the party page and the host's queue follow the votes, a guest cannot add a track
 * of a release their role hides, and ending the party makes its link answer 404. Exclusive
 * (playwright.config.ts): a role that blacklists a tag changes what "every role" may see.
 */

/** A signed-in context of its own. */
async function signedInPage(browser: Browser, user: RegisteredUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page, user.username, user.password);
  return page;
}

/** The titles of the party page's upcoming list, in its order. */
const upcoming = (page: Page) =>
  page
    .getByTestId('party-track')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-title')));

/** The host's queue after the current track, as the queue dialog lists it. */
async function hostQueue(page: Page): Promise<string[]> {
  const rows = page.getByTestId('queue-list').locator('li');
  const all = await rows.evaluateAll((items) =>
    items.map((li) => ({
      current: li.getAttribute('aria-current') === 'true',
      title: li.querySelector('p')?.textContent ?? '',
    })),
  );
  const at = all.findIndex((row) => row.current);
  return all.slice(at + 1).map((row) => row.title);
}

/** PUT from the page's own context, as its app would send it (cookies and the XSRF header). */
async function putAs(page: Page, path: string, data: unknown): Promise<number> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.put(path, { data, headers: { 'x-xsrf-token': xsrf } });
  return answer.status();
}

async function searchAndAdd(page: Page, text: string, title: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search tracks to add' }).fill(text);
  await page.getByRole('button', { name: `Add ${title}` }).click();
  await expect(page.getByTestId('party-upcoming')).toContainText(title);
}

test('a listening party: guests add and vote, the host plays by the votes, ending ends the link', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const albums = await freeDemoAlbums();
  const harbour = albums.find((a) => a.name === 'Harbour Lights');
  const paperBoats = albums.find((a) => a.name === 'Paper Boats');
  expect(harbour && paperBoats, 'the demo releases').toBeTruthy();
  const fold = paperBoats!.tracks.find((t) => t.title === 'Fold')!;

  const admin = await ApiSession.signIn();
  const settings = await admin.call<{ defaultRoleId: number }>('GET', '/api/settings');
  // Ben's role hides the tag "Chill": Paper Boats is hidden from him.
  const role = await admin.call<{ roleId: number }>('PUT', '/api/role', {
    roleName: uniqueName('No chill '),
    roleBlacklistedTags: ['Chill'],
  });
  const [hostUser, annUser, benUser] = [
    await registerUser('host'),
    await registerUser('ann'),
    await registerUser('ben'),
  ];
  await admin.call('POST', `/api/user/${benUser.userId}`, { roleId: role.roleId });
  try {
    // The host queues Harbour Lights and starts a party from the queue dialog.
    const host = await signedInPage(browser, hostUser);
    await seedQueue(host, harbour!.tracks, 0);
    await host.getByTestId('player-bar').getByRole('button', { name: 'Queue' }).click();
    await host.getByRole('button', { name: 'Start a party' }).click();
    const link = (await host.getByTestId('party-link').textContent()) ?? '';
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/party\/[A-Za-z0-9_-]{24}$/);
    const rest = harbour!.tracks.slice(1).map((t) => t.title);
    await expect.poll(() => hostQueue(host)).toEqual(rest);

    // Two guests open the link: the rest of the host's queue, and what the host's device has.
    const ann = await signedInPage(browser, annUser);
    const ben = await signedInPage(browser, benUser);
    for (const guest of [ann, ben]) {
      await guest.goto(path);
      await expect.poll(() => upcoming(guest)).toEqual(rest);
      await expect(guest.getByTestId('party-now-playing')).toContainText(harbour!.tracks[0]!.title);
    }

    // Ann adds a Paper Boats track; Ben may not: not offered, and refused if sent anyway.
    await searchAndAdd(ann, 'Fold', 'Fold');
    await ben.getByRole('searchbox', { name: 'Search tracks to add' }).fill('Fold');
    await expect(ben.getByText('No track you may add matches.')).toBeVisible();
    expect(await putAs(ben, `/api${path}/track`, { fileId: fold.fileId })).toBe(404);
    // Nor does his page show it.
    await expect.poll(() => upcoming(ben)).toEqual(rest);
    await searchAndAdd(ben, 'Weeds', 'Weeds');

    // Votes: Weeds +2, Fold +1, Pier Nine -1.
    const vote = async (page: Page, label: string) => {
      await page.getByRole('button', { name: label }).click();
      await expect(page.getByRole('button', { name: label })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    };
    await vote(ann, 'Vote up Weeds');
    await vote(ben, 'Vote up Weeds');
    await vote(ann, 'Vote up Fold');
    await vote(ann, 'Vote down Pier Nine');
    const others = rest.filter((title) => title !== 'Pier Nine');
    const order = ['Weeds', 'Fold', ...others, 'Pier Nine'];
    await expect.poll(() => upcoming(ann)).toEqual(order);
    await expect.poll(() => upcoming(ben)).toEqual(order.filter((title) => title !== 'Fold'));
    // The host's device plays in the same order.
    await expect.poll(() => hostQueue(host), { timeout: 15_000 }).toEqual(order);

    // The next track is the top of the party queue; it leaves the upcoming list.
    await host.keyboard.press('Escape');
    await host.getByTestId('player-bar').getByRole('button', { name: 'Next track' }).click();
    await expect(ann.getByTestId('party-now-playing')).toContainText('Weeds', { timeout: 15_000 });
    await expect.poll(() => upcoming(ann)).toEqual(order.slice(1));

    // The host ends the party on its page: every guest's link answers 404.
    await host.goto(path);
    await expect(host.getByTestId('party-host-controls')).toContainText(annUser.username);
    expect(await seriousViolations(host)).toEqual([]);
    await host.getByRole('button', { name: 'End the party' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'End the party' }).click();
    await expect(host.getByTestId('party-ended')).toBeVisible();
    for (const guest of [ann, ben]) {
      await expect(guest.getByTestId('party-ended')).toBeVisible({ timeout: 10_000 });
      expect((await guest.request.get(`/api${path}`)).status()).toBe(404);
    }
  } finally {
    await admin.call('POST', `/api/user/${benUser.userId}`, { roleId: settings.defaultRoleId });
    await admin.call('DELETE', `/api/role/${role.roleId}`);
    await admin.dispose();
  }
});

test('a signed-out guest joins only where the host allowed it, and adds and votes', async ({
  browser,
}) => {
  const albums = await freeDemoAlbums();
  const harbour = albums.find((a) => a.name === 'Harbour Lights')!;
  const hostUser = await registerUser('openhost');
  const hostApi = await ApiSession.signIn(hostUser.username, hostUser.password);
  try {
    const fileIds = harbour.tracks.slice(1, 3).map((t) => t.fileId);
    const closed = await hostApi.call<{ link: string }>('PUT', '/api/party', {
      fileIds,
      allowAnonymous: false,
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(new URL(closed.link).pathname);
    await expect(page.getByText('Sign in to join this party.')).toBeVisible();

    // A new party ends the first; this one lets signed-out guests in.
    const open = await hostApi.call<{ link: string }>('PUT', '/api/party', {
      fileIds,
      allowAnonymous: true,
    });
    await page.goto(new URL(open.link).pathname);
    const titles = harbour.tracks.slice(1, 3).map((t) => t.title);
    await expect.poll(() => upcoming(page)).toEqual(titles);
    await searchAndAdd(page, 'Lantern', 'Lantern Walk');
    await page.getByRole('button', { name: 'Vote up Lantern Walk' }).click();
    await expect.poll(() => upcoming(page)).toEqual(['Lantern Walk', ...titles]);
    expect(await seriousViolations(page)).toEqual([]);
    // Known by a cookie of the party's own, not a session.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'party_guest')).toMatchObject({ httpOnly: true });
    expect(cookies.some((c) => c.name === 'session')).toBe(false);
    await context.close();
  } finally {
    await hostApi.dispose();
  }
});
