import { expect, test, type Browser, type Page } from './support/csp-guard';
import { registerUser, type RegisteredUser } from './support/api';
import { expectCleanInBothThemes } from './support/both-themes';
import { signInByApi } from './support/sign-in-by-api';

/**
 * Issue 30, "Direct messages are one-way": a conversation started from /dms with New message
 * and the recipient picker, answered, and read by both in order, with unread counts per
 * conversation; on a phone and on a desktop.
 */
test.use({ serviceWorkers: 'block' });
// Two people, two sign-ins and axe in both themes at each step: about a minute on two cores.
test.describe.configure({ timeout: 180_000 });

const SIZES = [
  { name: 'phone', viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
] as const;

const closeDialog = (dialog: ReturnType<Page['getByRole']>) =>
  dialog.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click();

/** A conversation's row: its button shows the name, the row the latest title, date and count. */
const rowOf = (page: Page, button: ReturnType<Page['getByRole']>) =>
  page.getByTestId('conversation-list').getByRole('listitem').filter({ has: button });

async function pageFor(browser: Browser, size: (typeof SIZES)[number], user: RegisteredUser) {
  const context = await browser.newContext({
    viewport: size.viewport,
    hasTouch: size.hasTouch,
    isMobile: size.isMobile,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signInByApi(page, user.username, user.password);
  return { context, page };
}

for (const size of SIZES) {
  test(`at ${size.name} size: a conversation started from /dms, both sides in order`, async ({
    browser,
  }) => {
    const ann = await registerUser('ann');
    const bo = await registerUser('bo');

    const a = await pageFor(browser, size, ann);
    await a.page.goto('/dms');
    await expect(
      a.page.getByText('No conversations yet. Start one with New message.'),
    ).toBeVisible();
    await expectCleanInBothThemes(a.page, '/dms, empty');
    await a.page.getByRole('button', { name: 'New message' }).click();
    const picker = a.page.getByRole('dialog', { name: 'New message' });
    await picker.getByLabel('Find a member by name').fill(bo.username.slice(0, 6));
    await expectCleanInBothThemes(a.page, 'recipient picker');
    await picker.getByRole('button', { name: `Write to ${bo.username}` }).click();
    const toBo = a.page.getByRole('dialog', { name: `Conversation with ${bo.username}` });
    await toBo.getByLabel('Title').fill('Band practice');
    await toBo.getByLabel(`Message to ${bo.username}`).fill('Thursday at eight?');
    await toBo.getByRole('button', { name: 'Send' }).click();
    await expect(toBo.locator('[data-from="me"]')).toContainText('Thursday at eight?');
    await closeDialog(toBo);
    const withBo = a.page.getByRole('button', { name: `Open conversation with ${bo.username}` });
    await expect(rowOf(a.page, withBo)).toContainText('You: Band practice');

    const b = await pageFor(browser, size, bo);
    await b.page.goto('/dms');
    const fromAnn = b.page.getByRole('button', {
      name: `Open conversation with ${ann.username}, 1 unread`,
    });
    await expect(rowOf(b.page, fromAnn)).toContainText('1 unread');
    await expectCleanInBothThemes(b.page, '/dms with an unread conversation');
    await fromAnn.click();
    const toAnn = b.page.getByRole('dialog', { name: `Conversation with ${ann.username}` });
    await expect(toAnn.locator('[data-from="them"]')).toContainText('Thursday at eight?');
    await expect(toAnn.getByLabel('Title')).toHaveValue('Re: Band practice');
    await toAnn.getByLabel(`Message to ${ann.username}`).fill('Yes, see you there.');
    await toAnn.getByRole('button', { name: 'Send' }).click();
    await expect(toAnn.locator('[data-from="me"]')).toContainText('Yes, see you there.');
    await expectCleanInBothThemes(b.page, 'conversation dialog');
    await closeDialog(toAnn);
    // Read on opening: the conversation and the header badge have nothing unread left.
    const withAnn = b.page.getByRole('button', { name: `Open conversation with ${ann.username}` });
    await expect(withAnn).toHaveAccessibleName(`Open conversation with ${ann.username}`);
    await expect(rowOf(b.page, withAnn)).not.toContainText('unread');
    await expect(b.page.getByTestId('unread-badge')).toHaveCount(0);
    await b.context.close();

    await a.page.reload();
    await a.page
      .getByRole('button', { name: `Open conversation with ${bo.username}, 1 unread` })
      .click();
    const thread = a.page.getByRole('dialog', { name: `Conversation with ${bo.username}` });
    const bubbles = thread.getByTestId('thread-messages').locator('li[data-from]');
    await expect(bubbles).toHaveCount(2);
    await expect(bubbles.nth(0)).toHaveAttribute('data-from', 'me');
    await expect(bubbles.nth(0)).toContainText('Thursday at eight?');
    await expect(bubbles.nth(1)).toHaveAttribute('data-from', 'them');
    await expect(bubbles.nth(1)).toContainText('Yes, see you there.');
    await a.context.close();
  });
}
