import { expect, test } from './support/csp-guard';
import { ApiSession, registerUser, uniqueName } from './support/api';
import { signIn } from './support/sign-in';
import { createProduct, deleteProduct } from './support/store';

test("admin transactions list every user's purchases as cards with user, amount and fee", async ({
  page,
}) => {
  const admin = await ApiSession.signIn();
  const title = uniqueName('Ledger ');
  const product = await createProduct(admin, { productTitle: title, productPrice: 800 });
  const user = await registerUser('ledger');
  await admin.call('POST', `/api/user/${user.userId}`, { userBalance: 800 });
  const buyer = await ApiSession.signIn(user.username, user.password);
  await buyer.call('POST', '/api/payments/checkout', {
    productId: product.productId,
    balance: true,
    provider: 'balance',
  });
  await buyer.dispose();

  await signIn(page);
  await page.goto('/admin/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  const card = page.getByTestId('transaction-card').filter({ hasText: title });
  await expect(card).toContainText(`${user.username} (#${user.userId})`);
  await expect(card).toContainText('Amount 8.00 EUR');
  // The service fee is 25% of the price.
  await expect(card).toContainText('Fee 2.00 EUR');
  await expect(card).toContainText('Paid with balance');

  await deleteProduct(admin, product.productId);
  await admin.dispose();
});
