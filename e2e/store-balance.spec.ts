import { stat } from 'node:fs/promises';
import { expect, test } from './support/csp-guard';
import { ApiSession, registerUser, uniqueName } from './support/api';
import { signIn } from './support/sign-in';
import { createProduct, deleteProduct } from './support/store';

interface Found {
  data: Array<{ collectionId: number; collectionName: string; collectionPrice: number | null }>;
}

test.describe('store: paying with the balance', () => {
  test('a priced collection bought with balance downloads at once', async ({ page }, testInfo) => {
    const user = await registerUser('balbuy');
    const admin = await ApiSession.signIn();
    const found = await admin.call<Found>('POST', '/api/audio_collection/search', { query: '' });
    const priced = found.data.find((c) => (c.collectionPrice ?? 0) > 0);
    expect(priced).toBeDefined();
    const price = priced!.collectionPrice!;
    await admin.call('POST', `/api/user/${user.userId}`, { userBalance: price + 250 });
    await admin.dispose();

    await signIn(page, user.username, user.password);
    await page.goto(`/collection/${priced!.collectionId}`);
    await page.getByRole('button', { name: 'Download collection' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
    const balanceLabel = `Pay with balance (${((price + 250) / 100).toFixed(2)} EUR)`;
    const [refreshed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/user') && r.request().method() === 'GET'),
      chooser.getByRole('button', { name: balanceLabel }).click(),
    ]);
    expect(refreshed.ok()).toBe(true);
    await expect(page.getByText('Purchased successfully')).toBeVisible();
    // The dialog closes at once and the page unlocks in place, without a reload (issue 30).
    await expect(chooser).toBeHidden();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download collection' }).click(),
    ]);
    await expect(chooser).toHaveCount(0);
    const target = testInfo.outputPath('bought.zip');
    await download.saveAs(target);
    expect((await stat(target)).size).toBeGreaterThan(0);

    const self = await ApiSession.signIn(user.username, user.password);
    const me = await self.call<{ user: { userBalance: number } }>('GET', '/api/user');
    expect(me.user.userBalance).toBe(250);
    const history = await self.call<{ items: Array<{ transactionAmount: number }> }>(
      'GET',
      '/api/transaction',
    );
    expect(history.items[0]?.transactionAmount).toBe(price);
    await self.dispose();
  });

  test('a store product bought with balance shows in the purchase history', async ({ page }) => {
    const admin = await ApiSession.signIn();
    const title = uniqueName('Invites ');
    const product = await createProduct(admin, {
      productTitle: title,
      productPrice: 500,
      productInvites: 2,
    });
    const user = await registerUser('balprod');
    await admin.call('POST', `/api/user/${user.userId}`, { userBalance: 499 });

    await signIn(page, user.username, user.password);
    await page.goto('/store');
    const card = page.getByTestId('product-card').filter({ hasText: title });
    await card.getByRole('button', { name: `Buy ${title}` }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
    await expect(chooser).toContainText('This costs 5.00 EUR.');
    // 4.99 does not cover 5.00: no balance option.
    await expect(chooser.getByRole('button', { name: /Pay with balance/ })).toHaveCount(0);
    // The footer's Close, not the corner close button that shares its name.
    await chooser
      .getByRole('button', { name: 'Close', exact: true })
      .filter({ hasText: 'Close' })
      .click();

    await admin.call('POST', `/api/user/${user.userId}`, { userBalance: 500 });
    await page.reload();
    await card.getByRole('button', { name: `Buy ${title}` }).click();
    await chooser.getByRole('button', { name: 'Pay with balance (5.00 EUR)' }).click();
    await expect(page.getByText('Purchased successfully')).toBeVisible();
    await expect(chooser).toBeHidden();

    const history = page.getByTestId('transaction-list');
    await expect(history.getByTestId('transaction-card').first()).toContainText(title);
    await expect(history.getByTestId('transaction-card').first()).toContainText('Amount 5.00 EUR');

    const self = await ApiSession.signIn(user.username, user.password);
    const me = await self.call<{ user: { userBalance: number; remainingInvites: number } }>(
      'GET',
      '/api/user',
    );
    expect(me.user.userBalance).toBe(0);
    expect(me.user.remainingInvites).toBeGreaterThanOrEqual(2);
    await self.dispose();
    await deleteProduct(admin, product.productId);
    await admin.dispose();
  });
});
