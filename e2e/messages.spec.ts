import { expect, test } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { signIn } from './support/sign-in';

interface Dm {
  dmId: number;
  dmTitle: string;
  dmRead: boolean;
}

test('a direct-message conversation: compose, unread badge dropping on open, reply, delete', async ({
  page,
  browser,
}) => {
  // Two members signing in through the form, on a shared two-core machine: more than 60 s.
  test.slow();
  const alice = await registerUser('alice');
  const bob = await registerUser('bob');

  // Alice writes to Bob from /dms?compose=<id> (where the profile's button leads).
  // Nothing here needs the service worker: no waiting for it to take control.
  await signIn(page, alice.username, alice.password, { worker: false });
  await page.goto(`/dms?compose=${bob.userId}`);
  // The conversation names the recipient (issue 30), and shows what was sent.
  const compose = page.getByRole('dialog', { name: `Conversation with ${bob.username}` });
  await compose.getByLabel('Title').fill('First note');
  await compose
    .getByLabel(`Message to ${bob.username}`)
    .fill('See https://example.com/page for details <img src=x onerror=alert(1)>');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Direct message sent')).toBeVisible();
  await expect(compose.getByTestId('thread-messages')).toContainText('First note');
  await compose
    .getByRole('button', { name: 'Close', exact: true })
    .filter({ hasText: 'Close' })
    .click();
  await expect(compose).toBeHidden();
  await expect(page).toHaveURL(/\/dms$/);
  const aliceApi = await ApiSession.signIn(alice.username, alice.password);
  await aliceApi.call('POST', `/api/user/${bob.userId}/dm`, { title: 'Second note', body: 'Hi' });

  // Bob sees two unread; opening one drops the badge to one at once.
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, bob.username, bob.password, { worker: false });
  await expect(bobPage.getByTestId('unread-badge')).toHaveText('2');
  await bobPage.goto('/dms');
  const first = bobPage.getByRole('row', { name: /Open message First note/ });
  await expect(first).toHaveAttribute('data-unread', 'true');
  await first.click();
  const read = bobPage.getByRole('dialog', { name: 'First note' });
  await expect(read.getByRole('link', { name: 'https://example.com/page' })).toHaveAttribute(
    'href',
    'https://example.com/page',
  );
  await expect(read).toContainText('<img src=x onerror=alert(1)>');
  await expect(bobPage.getByTestId('unread-badge')).toHaveText('1');

  // Reply goes to Alice with the title marked once.
  await read.getByRole('button', { name: 'Reply' }).click();
  const reply = bobPage.getByRole('dialog', { name: `Conversation with ${alice.username}` });
  await expect(reply.getByLabel('Title')).toHaveValue('Re: First note');
  await reply.getByLabel(`Message to ${alice.username}`).fill('Thanks!');
  await reply.getByRole('button', { name: 'Send' }).click();
  await expect(bobPage.getByText('Direct message sent')).toBeVisible();
  await reply
    .getByRole('button', { name: 'Close', exact: true })
    .filter({ hasText: 'Close' })
    .click();
  const aliceInbox = await aliceApi.call<Dm[]>('GET', '/api/user/dm');
  expect(aliceInbox.map((dm) => dm.dmTitle)).toContain('Re: First note');
  await aliceApi.dispose();

  // Delete removes the row; dismiss only closes.
  await bobPage.getByRole('row', { name: /Open message Second note/ }).click();
  await expect(bobPage.getByTestId('unread-badge')).toHaveCount(0);
  await bobPage
    .getByRole('dialog', { name: 'Second note' })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await bobPage.getByRole('row', { name: /Open message First note/ }).click();
  await bobPage
    .getByRole('dialog', { name: 'First note' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(bobPage.getByText('Message deleted')).toBeVisible();
  await expect(bobPage.getByRole('row', { name: /Open message First note/ })).toHaveCount(0);
  await bobContext.close();
});
