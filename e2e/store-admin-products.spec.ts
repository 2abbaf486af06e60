import { expect, test } from './support/csp-guard';
import { ApiSession, registerUser, uniqueName } from './support/api';
import { signIn } from './support/sign-in';
import { deleteProduct, type WireProduct } from './support/store';

test.describe('store: the admin product dialog', () => {
  test('a new product starts at 5.00 and is sent in cents and as a fraction', async ({ page }) => {
    const title = uniqueName('Bundle ');
    await signIn(page);
    await page.goto('/store');
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await expect(dialog.getByLabel('Price (EUR)')).toHaveValue('5.00');

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Price (EUR)').fill('12.34');
    await dialog.getByLabel('Sale (%)').fill('20');
    await dialog.getByLabel('Balance added (EUR)').fill('10');
    await dialog.getByLabel('Invites').fill('3');
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/product')),
      dialog.getByRole('button', { name: 'Create' }).click(),
    ]);
    expect(sent.postDataJSON()).toMatchObject({
      productTitle: title,
      productPrice: 1234,
      productSale: 0.2,
      productBalance: 1000,
      productInvites: 3,
      productSubscription: false,
      productRole: null,
    });
    await expect(dialog).toBeHidden();

    // Listed with the sale price and the full price price*(1+sale) struck through.
    const card = page.getByTestId('product-card').filter({ hasText: title });
    await expect(card.getByTestId('product-price')).toHaveText('12.34 EUR');
    await expect(card.getByTestId('product-full-price')).toHaveText('14.81 EUR');
    await expect(card).toContainText('Adds 10.00 EUR to your balance');
    await expect(card).toContainText('3 invites');

    // Edit: the dialog shows the stored values in units and percent; a new title is sent.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit product' });
    await expect(edit.getByLabel('Price (EUR)')).toHaveValue('12.34');
    await expect(edit.getByLabel('Sale (%)')).toHaveValue('20');
    await expect(edit.getByLabel('Balance added (EUR)')).toHaveValue('10.00');
    await edit.getByLabel('Price (EUR)').fill('7.99');
    await edit.getByLabel('Title').fill(`${title} v2`);
    const [edited] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && /\/api\/product\/\d+$/.test(r.url())),
      edit.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(edited.postDataJSON()).toMatchObject({ productTitle: `${title} v2`, productPrice: 799 });
    const renamed = page.getByTestId('product-card').filter({ hasText: `${title} v2` });
    await expect(renamed.getByTestId('product-price')).toHaveText('7.99 EUR');

    const api = await ApiSession.signIn();
    const listed = await api.call<WireProduct[]>('GET', '/api/product');
    expect(listed.find((p) => p.productTitle === `${title} v2`)).toMatchObject({
      productPrice: 799,
      productSale: 0.2,
    });
    await api.dispose();

    // Delete asks first, then the product is gone.
    await renamed.getByRole('button', { name: `Delete ${title} v2` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(renamed).toHaveCount(0);
  });

  test('an amount with three decimals is refused in place and nothing is sent', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/store');
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByLabel('Title').fill(uniqueName('Broken '));
    await dialog.getByLabel('Price (EUR)').fill('1.999');
    let sent = false;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/product')) sent = true;
    });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toContainText('Enter an amount with at most two decimals.');
    expect(sent).toBe(false);
  });

  test('a member sees products but no product controls, and the server refuses them', async ({
    page,
  }) => {
    const admin = await ApiSession.signIn();
    const title = uniqueName('Visible ');
    await admin.call('PUT', '/api/product', { productTitle: title, productPrice: 300 });
    const user = await registerUser('storeuser');
    await signIn(page, user.username, user.password);
    await page.goto('/store');
    await expect(page.getByTestId('product-card').filter({ hasText: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New product' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    const status = await page.evaluate(async () => {
      const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      const res = await fetch('/api/product', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
        body: JSON.stringify({ productTitle: 'nope', productPrice: 100 }),
      });
      return res.status;
    });
    expect(status).toBe(403);
    const products = await admin.call<WireProduct[]>('GET', '/api/product');
    expect(products.some((p) => p.productTitle === 'nope')).toBe(false);
    const mine = products.find((p) => p.productTitle === title);
    if (mine) await deleteProduct(admin, mine.productId);
    await admin.dispose();
  });
});
