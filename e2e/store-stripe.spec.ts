import type { Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { ApiSession, registerUser, uniqueName } from './support/api';
import { signIn } from './support/sign-in';
import { createProduct, deleteProduct, setProviders } from './support/store';

/** On the fake Stripe's hosted page: "Pay" sends the signed webhook and comes back. */
async function payOnFakeStripe(page: Page, amount: string): Promise<void> {
  await page.waitForURL(/\/pay\/cs_/);
  await expect(page.getByText(amount, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
}

test.describe('store: paying through Stripe', () => {
  test.beforeAll(async () => {
    const admin = await ApiSession.signIn();
    await setProviders(admin, ['balance', 'stripe']);
    await admin.dispose();
  });

  test.afterAll(async () => {
    const admin = await ApiSession.signIn();
    // The demo's default, which other specs expect.
    await setProviders(admin, ['balance']);
    await admin.dispose();
  });

  test('a top-up goes through the fake Stripe page and lands on the balance', async ({ page }) => {
    const user = await registerUser('topup');
    await signIn(page, user.username, user.password);
    await page.goto('/store');
    const card = page.getByTestId('top-up-card');
    const amount = card.getByLabel('Amount (EUR)');
    const pay = card.getByRole('button', { name: 'Top up with card (Stripe)' });

    await amount.fill('4.99');
    await expect(pay).toBeDisabled();
    await expect(card).toContainText('The smallest top-up is 5.00 EUR.');
    await amount.fill('12.5');
    await expect(pay).toBeEnabled();
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/payments/checkout')),
      pay.click(),
    ]);
    const body = sent.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ balance: 1250, provider: 'stripe' });
    expect(body.productId ?? null).toBeNull();
    expect(body.redirectUrl).toBe('/store?checkout=done');

    await payOnFakeStripe(page, '12.50 EUR');
    await expect(page).toHaveURL(/\/store$/);
    await expect(
      page.getByText('Payment received: your purchase is being confirmed'),
    ).toBeVisible();
    await expect(card).toContainText('Current balance: 12.50 EUR');
    const history = page.getByTestId('transaction-card').first();
    await expect(history).toContainText('Balance top-up');
    await expect(history).toContainText('Amount 12.50 EUR');
  });

  test('a product bought through Stripe takes effect once its webhook arrives', async ({
    page,
  }) => {
    const admin = await ApiSession.signIn();
    const title = uniqueName('Credit ');
    const product = await createProduct(admin, {
      productTitle: title,
      productPrice: 700,
      productBalance: 1000,
    });
    const user = await registerUser('stripeprod');

    await signIn(page, user.username, user.password);
    await page.goto('/store');
    await page
      .getByTestId('product-card')
      .filter({ hasText: title })
      .getByRole('button', { name: `Buy ${title}` })
      .click();
    const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
    // Balance 0.00 does not cover 7.00: Stripe only.
    await expect(chooser.getByRole('button', { name: /Pay with balance/ })).toHaveCount(0);
    await chooser.getByRole('button', { name: 'Pay by card (Stripe)' }).click();
    await payOnFakeStripe(page, '7.00 EUR');

    await expect(page).toHaveURL(/\/store$/);
    await expect(
      page.getByText('Payment received: your purchase is being confirmed'),
    ).toBeVisible();
    await expect(page.getByTestId('top-up-card')).toContainText('Current balance: 10.00 EUR');
    await expect(page.getByTestId('transaction-card').first()).toContainText(title);

    const self = await ApiSession.signIn(user.username, user.password);
    const me = await self.call<{ user: { userBalance: number } }>('GET', '/api/user');
    expect(me.user.userBalance).toBe(1000);
    await self.dispose();
    await deleteProduct(admin, product.productId);
    await admin.dispose();
  });

  test('a subscription bought through Stripe is shown and can be cancelled', async ({ page }) => {
    const admin = await ApiSession.signIn();
    const title = uniqueName('Monthly ');
    const product = await createProduct(admin, {
      productTitle: title,
      productPrice: 300,
      productSubscription: true,
      productInvites: 1,
    });
    const user = await registerUser('subs');

    await signIn(page, user.username, user.password);
    await page.goto('/store');
    const subscription = page.getByTestId('subscription-card');
    await expect(subscription).toContainText('You have no subscription.');
    await page
      .getByTestId('product-card')
      .filter({ hasText: title })
      .getByRole('button', { name: `Buy ${title}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Choose a payment method' })
      .getByRole('button', { name: 'Pay by card (Stripe)' })
      .click();
    await payOnFakeStripe(page, '3.00 EUR');
    await expect(page).toHaveURL(/\/store$/);

    await expect(subscription).toContainText(title);
    await expect(subscription).toContainText(/Next charge on \d{4}-\d{2}-\d{2}/);
    await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click(),
    ]);
    await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

    const self = await ApiSession.signIn(user.username, user.password);
    const answer = await self.call<{ subscription: { subscriptionActive: boolean } | null }>(
      'GET',
      '/api/payments/subscription',
    );
    expect(answer.subscription?.subscriptionActive ?? false).toBe(false);
    await self.dispose();
    await deleteProduct(admin, product.productId);
    await admin.dispose();
  });

  test('a collection bought through Stripe comes back to its page and downloads', async ({
    page,
  }) => {
    const admin = await ApiSession.signIn();
    const found = await admin.call<{
      data: Array<{ collectionId: number; collectionPrice: number | null }>;
    }>('POST', '/api/audio_collection/search', { query: '' });
    await admin.dispose();
    // Stripe takes 0.50 EUR at least; the buyer is new, so nothing is unlocked for them yet.
    const priced = found.data.find((c) => (c.collectionPrice ?? 0) >= 50);
    expect(priced).toBeDefined();
    const user = await registerUser('stripecol');

    await signIn(page, user.username, user.password);
    await page.goto(`/collection/${priced!.collectionId}`);
    await page.getByRole('button', { name: 'Download collection' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/payments/checkout')),
      chooser.getByRole('button', { name: 'Pay by card (Stripe)' }).click(),
    ]);
    expect((sent.postDataJSON() as { redirectUrl: string }).redirectUrl).toMatch(
      new RegExp(`^/collection/${priced!.collectionId}[^?]*\\?checkout=done$`),
    );
    await payOnFakeStripe(page, `${(priced!.collectionPrice! / 100).toFixed(2)} EUR`);

    await expect(
      page.getByText('Payment received: your purchase is being confirmed'),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/collection/${priced!.collectionId}[^?]*$`));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download collection' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    await expect(chooser).toHaveCount(0);
  });
});
