import { expect, test, type Page } from './support/csp-guard';
import { ApiSession, collectionId, registerUser } from './support/api';
import { confirmedUser } from './support/confirmed-user';
import { signIn } from './support/sign-in';

const COLLECTION = 'Fieldnotes';

const signInAs = (page: Page, user: { username: string; password: string }) =>
  signIn(page, user.username, user.password);

test('a member files a request, another fills it, the requester gets a direct message', async ({
  page,
  browser,
}) => {
  // Two users' whole journey in one test: a loaded CI run reached its last step after 60 s.
  test.slow();
  const requester = await confirmedUser('req');
  const filler = await confirmedUser('fill');
  const requestName = `Wanted ${requester.username}`;
  const fillId = await collectionId(COLLECTION);

  // The requester files it from the list's button.
  await signInAs(page, requester);
  await page.goto('/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  for (const column of ['Name', 'Artists', 'User', 'Filled', 'Created']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const sizes = page.getByLabel('Requests per page');
  await expect(sizes).toHaveValue('50');
  await expect(sizes.locator('option')).toHaveText(['5', '7', '10', '15', '20', '25', '50', 'All']);
  await page.getByRole('link', { name: 'New request' }).click();
  await expect(page).toHaveURL(/\/requests\/new$/);

  const form = page.getByRole('form', { name: 'New request' });
  const submit = form.getByRole('button', { name: 'Create request' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('Name').fill(requestName);
  await expect(submit).toBeDisabled();
  await form.getByLabel('Artists').fill('Nadia K');
  await expect(submit).toBeEnabled();
  await form.getByLabel('BPM').fill('12a4');
  await expect(form.getByLabel('BPM')).toHaveValue('124');
  const duration = form.getByLabel('Duration');
  for (const wrong of ['3:5', 'abc']) {
    await duration.fill(wrong);
    await expect(form.getByText(/minutes:seconds with two-digit seconds/)).toBeVisible();
    await expect(submit).toBeDisabled();
  }
  await duration.fill('3:05');
  await expect(form.getByText(/minutes:seconds with two-digit seconds/)).toBeHidden();

  const created = page.waitForRequest(
    (r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/request',
  );
  await submit.click();
  const body = (await created).postDataJSON() as Record<string, unknown>;
  expect(body).toEqual({
    requestName,
    requestArtist: 'Nadia K',
    requestBpm: 124,
    requestDuration: 185,
  });
  expect('requestReleaseDate' in body).toBe(false);
  await expect(page.getByText('Request created')).toBeVisible();
  await expect(page).toHaveURL(/\/requests\/\d+$/);
  const requestUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: requestName })).toBeVisible();

  // Own-only: the list call carries the user's id.
  await page.goto('/requests');
  const ownCall = page.waitForRequest((r) => new URL(r.url()).searchParams.has('userId'));
  await page.getByText('Only my requests').click();
  expect(new URL((await ownCall).url()).searchParams.get('userId')).toBe(String(requester.userId));
  const row = page.getByRole('row', { name: `Open request ${requestName}` });
  await expect(row.getByRole('img', { name: 'Not filled yet' })).toBeVisible();

  // Another member fills it with a library collection found by name.
  const fillerContext = await browser.newContext();
  const fillerPage = await fillerContext.newPage();
  await signInAs(fillerPage, filler);
  await fillerPage.goto(requestUrl);
  await fillerPage.getByRole('button', { name: 'Fill', exact: true }).click();
  const dialog = fillerPage.getByRole('dialog', { name: 'Fill this request' });
  await dialog.getByLabel('Search the library').fill(COLLECTION);
  await dialog.getByRole('button', { name: `Fill with ${COLLECTION}` }).click();
  await expect(fillerPage.getByText('Request filled')).toBeVisible();
  await expect(fillerPage.getByRole('link', { name: 'Show collection' })).toBeVisible();
  await expect(fillerPage.getByRole('button', { name: 'Fill', exact: true })).toHaveCount(0);
  await fillerContext.close();

  // The requester's list shows the collection id; the badge tells of the message.
  await page.reload();
  await expect(
    page.getByRole('row', { name: `Open request ${requestName}` }).getByRole('link', {
      name: `Open collection ${fillId}`,
    }),
  ).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await page.goto('/dms');
  await page.getByRole('row', { name: new RegExp(`Open message .*${requestName}`) }).click();
  await expect(page.getByRole('dialog')).toContainText(`/collection/${fillId}`);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
});

test('the author edits a request: an emptied duration is sent as absent', async ({ page }) => {
  const author = await confirmedUser('edit');
  const api = await ApiSession.signIn(author.username, author.password);
  const created = await api.call<{ requestId: number }>('PUT', '/api/request', {
    requestName: 'To edit',
    requestArtist: 'Someone',
    requestDuration: 185,
  });
  await api.dispose();

  await signInAs(page, author);
  await page.goto(`/requests/${created.requestId}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit request' });
  await expect(dialog.getByLabel('Duration')).toHaveValue('3:05');
  await dialog.getByLabel('Duration').fill('');
  const edited = page.waitForRequest(
    (r) =>
      r.method() === 'POST' && new URL(r.url()).pathname === `/api/request/${created.requestId}`,
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect('requestDuration' in ((await edited).postDataJSON() as object)).toBe(false);
  await expect(page.getByText('Saved changes')).toBeVisible();

  // Comments of the request's own group.
  await page.getByLabel('Comment', { exact: true }).fill('Any news?');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByTestId('comment-list')).toContainText('Any news?');
});

test('a member with an unconfirmed e-mail is sent home from the requests pages', async ({
  page,
}) => {
  const user = await registerUser('unconf');
  await signInAs(page, user);
  // In-app navigation, as a person would reach it (the guard's toast needs the mounted shell).
  await page.getByTestId('app-drawer').getByRole('link', { name: 'Requests', exact: true }).click();
  await expect(page.getByText('You need to confirm your email first!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('requests and messages fit a phone screen', async ({ page }) => {
  const user = await confirmedUser('phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, user);
  for (const path of ['/requests', '/requests/new', '/dms']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    // Tables scroll inside their own area; the page itself never scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/phone${path.replace(/\//g, '-')}.png` });
  }
});
