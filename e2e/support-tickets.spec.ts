import { expect, request, test, type Browser, type Page } from './support/csp-guard';
import { ApiSession, registerUser, type RegisteredUser } from './support/api';
import { signIn } from './support/sign-in';

// An 80-character name: the screens show the first 64 characters (spec P2 §5).
const LONG_NAME = `${'player-log-'.repeat(7)}end.txt`.padEnd(80, 'x');
const LOG_TEXT = 'Playback stopped at 2:03 with error 17\n';

let user: RegisteredUser;
let stranger: RegisteredUser;

test.beforeAll(async () => {
  user = await registerUser('ticket');
  stranger = await registerUser('stranger');
  // Uploading attachments needs a confirmed e-mail; the admin confirms it, as from the profile.
  const admin = await ApiSession.signIn();
  try {
    await admin.call('POST', `/api/user/${user.userId}`, { emailConfirmed: true });
  } finally {
    await admin.dispose();
  }
});

/** A signed-in API context for `who`, with the XSRF header value to send on writes. */
async function apiAs(who: RegisteredUser) {
  const ctx = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await ctx.get('/api/settings/public');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await ctx.post('/api/login', {
    data: { username: who.username, password: who.password },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(login.ok()).toBe(true);
  return { ctx, headers: { 'x-xsrf-token': xsrf } };
}

async function signedInPage(browser: Browser, who?: RegisteredUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who?.username, who?.password, { worker: false });
  return page;
}

test('a ticket with an attachment: opened by the admin, replied, closed and reopened', async ({
  browser,
}) => {
  const title = `Playback stops ${Date.now().toString(36)}`;
  const page = await signedInPage(browser, user);
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.getByRole('button', { name: 'New ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New support ticket' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('After two minutes the song stops.');
  const uploaded = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/upload',
  );
  await dialog.getByTestId('new-ticket-files').setInputFiles({
    name: LONG_NAME,
    mimeType: 'text/plain',
    buffer: Buffer.from(LOG_TEXT),
  });
  expect((await uploaded).status()).toBe(200);
  await expect(dialog.getByText('uploaded', { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${LONG_NAME.slice(0, 63)}…`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Support request sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The administrator finds it in the list of every ticket and replies.
  const admin = await signedInPage(browser);
  await admin.goto('/support');
  await admin.getByRole('link', { name: title }).click();
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.getByText('After two minutes the song stops.')).toBeVisible();
  await expect(admin.getByRole('link', { name: `${LONG_NAME.slice(0, 63)}…` })).toBeVisible();
  await admin.getByLabel('Your reply').fill('Thanks, we are looking into it.');
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByText('Reply sent')).toBeVisible();
  await admin.context().close();

  // The user sees the reply, opens the attachment in a new tab, closes and reopens.
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByText('Thanks, we are looking into it.')).toBeVisible();
  const attachment = page.getByRole('link', { name: `${LONG_NAME.slice(0, 63)}…` });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), attachment.click()]);
  await tab.waitForLoadState();
  await expect(tab.locator('body')).toContainText('Playback stopped at 2:03');
  await tab.close();

  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveCount(0);
  await expect(page.getByText('This ticket is closed. Reopen it to reply.')).toBeVisible();
  await page.getByRole('button', { name: 'Reopen ticket' }).click();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Your reply')).toBeVisible();

  // Another user cannot open the attachment, even knowing its address.
  const href = (await attachment.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/file\?path=uploads%2F/);
  const other = await apiAs(stranger);
  try {
    const refused = await other.ctx.get(href);
    expect(refused.status()).toBe(404);
    expect(await refused.text()).not.toContain('Playback stopped');
  } finally {
    await other.ctx.dispose();
  }
  await page.context().close();
});

test('on a phone the ticket fits the screen, and an admin deletes an attachment', async ({
  browser,
}) => {
  const title = `Phone ticket ${Date.now().toString(36)}`;
  const api = await apiAs(user);
  let ticketId: number;
  try {
    const upload = await api.ctx.post('/api/upload', {
      headers: api.headers,
      multipart: {
        file: { name: 'screen.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') },
      },
    });
    expect(upload.ok()).toBe(true);
    const { uploadId } = (await upload.json()) as { uploadId: number };
    const created = await api.ctx.put('/api/ticket', {
      headers: api.headers,
      data: { title, body: 'A long line '.repeat(40), attachments: [uploadId] },
    });
    ticketId = ((await created.json()) as { ticketId: number }).ticketId;
  } finally {
    await api.ctx.dispose();
  }

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, user.username, user.password, { worker: false });
  const fits = async (where: string) => {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, where).toBeLessThanOrEqual(0);
  };
  await page.goto('/support');
  await fits('/support');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/support/${ticketId}$`));
  await expect(page.getByRole('link', { name: 'screen.txt' })).toBeVisible();
  await fits('/support/{id}');
  // Only administrators get the delete control.
  await expect(page.getByRole('button', { name: 'Delete attachment screen.txt' })).toHaveCount(0);
  await context.close();

  const admin = await signedInPage(browser);
  await admin.goto(`/support/${ticketId}`);
  await admin.getByRole('button', { name: 'Delete attachment screen.txt' }).click();
  await expect(admin.getByText('Attachment deleted')).toBeVisible();
  await expect(admin.getByRole('link', { name: 'screen.txt' })).toHaveCount(0);
  await admin.context().close();
});
