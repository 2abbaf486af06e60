import { beforeAll, describe, expect, it } from 'vitest';
import { filesOf } from '../helpers/library-files';
import { buyer, ledgerOf, storeSetup, userRow } from './store-helpers';
import { perFile } from '../helpers/setup';

const s = perFile(() => storeSetup({ fixture: true }));
let paid: number;
beforeAll(async () => {
  if (s.fx === null) throw new Error('fixture missing');
  paid = s.fx.ids.paid;
  // Downloads are on (the default is streaming-only for non-VIP roles).
  await s.admin.post('/api/settings', { streamingOnly: false, transcodePrice: 150 });
}, 120_000);

type Quote = { productId: number; productPrice: number };

describe('POST /api/payments/buy_collection', () => {
  it('quotes the collection price, and after a balance purchase the download works at once', async () => {
    const user = await buyer(s.t, 2000);
    const [file] = (await filesOf(s.t, paid)).filter((f) => f.format !== null);
    expect((await user.get(`/downloader/file/${file?.fileId}`)).statusCode).toBe(403);

    const quote = await user.post('/api/payments/buy_collection', {
      collectionId: paid,
      transcode: false,
    });
    expect(quote.statusCode).toBe(200);
    const { productId, productPrice } = quote.json<Quote>();
    expect(productPrice).toBe(500);
    const bought = await user.post('/api/payments/checkout', {
      productId,
      provider: 'balance',
      balance: true,
    });
    expect(bought.statusCode).toBe(200);

    expect((await user.get(`/api/collection/${paid}/unlocked`)).body).toMatch(/true|1/);
    expect((await user.get(`/downloader/file/${file?.fileId}`)).statusCode).toBe(200);
    expect((await user.get(`/downloader/collection/${paid}`)).statusCode).toBe(200);
    expect((await userRow(s.t, user.userId)).balance).toBe(1500);
    // A transcoded download still needs the transcode option.
    expect((await user.get(`/downloader/file/${file?.fileId}?format=MP3_320`)).statusCode).toBe(
      403,
    );
  });

  it('does not list the per-collection product in the store', async () => {
    const user = await buyer(s.t, 0);
    const { productId } = (
      await user.post('/api/payments/buy_collection', { collectionId: paid })
    ).json<Quote>();
    const listed = (await user.get('/api/product')).json<{ productId: number }[]>();
    expect(listed.map((p) => p.productId)).not.toContain(productId);
  });

  it('adds the transcode price, and then allows transcoded downloads', async () => {
    const user = await buyer(s.t, 2000);
    const quote = (
      await user.post('/api/payments/buy_collection', { collectionId: paid, transcode: true })
    ).json<Quote>();
    expect(quote.productPrice).toBe(650);
    await user.post('/api/payments/checkout', { productId: quote.productId, provider: 'balance' });
    const [file] = (await filesOf(s.t, paid)).filter((f) => f.format !== null);
    expect((await user.get(`/downloader/file/${file?.fileId}?format=MP3_320`)).statusCode).toBe(
      200,
    );
    const [entry] = await ledgerOf(s.t, user.userId);
    expect(entry).toMatchObject({ amount: 650, fee: 163, seller_net: 487 });
  });

  it('charges only the transcode to an already unlocked collection or a roleDownloadPaid role', async () => {
    const user = await buyer(s.t, 2000);
    const plain = (
      await user.post('/api/payments/buy_collection', { collectionId: paid })
    ).json<Quote>();
    await user.post('/api/payments/checkout', { productId: plain.productId, provider: 'balance' });
    const upgrade = await user.post('/api/payments/buy_collection', {
      collectionId: paid,
      transcode: true,
    });
    expect(upgrade.json<Quote>().productPrice).toBe(150);

    const vip = await buyer(s.t, 0, { download_paid: 1 });
    const quote = await vip.post('/api/payments/buy_collection', {
      collectionId: paid,
      transcode: true,
    });
    expect(quote.json<Quote>().productPrice).toBe(150);
  });

  it('refuses what the buyer already has, free and unseen collections, and bad input', async () => {
    const user = await buyer(s.t, 2000);
    const plain = (
      await user.post('/api/payments/buy_collection', { collectionId: paid })
    ).json<Quote>();
    await user.post('/api/payments/checkout', { productId: plain.productId, provider: 'balance' });
    const again = await user.post('/api/payments/buy_collection', { collectionId: paid });
    expect(again.statusCode).toBe(400);
    // The earlier offer cannot be bought twice either.
    const twice = await user.post('/api/payments/checkout', {
      productId: plain.productId,
      provider: 'balance',
    });
    expect(twice.statusCode).toBe(400);
    expect((await userRow(s.t, user.userId)).balance).toBe(1500);

    const transcoder = await buyer(s.t, 0, { transcode: 1, download_paid: 1 });
    expect(
      (
        await transcoder.post('/api/payments/buy_collection', {
          collectionId: paid,
          transcode: true,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await user.post('/api/payments/buy_collection', { collectionId: s.fx?.ids.free }))
        .statusCode,
    ).toBe(400);
    expect(
      (await user.post('/api/payments/buy_collection', { collectionId: s.fx?.ids.hidden }))
        .statusCode,
    ).toBe(404);
    expect(
      (await user.post('/api/payments/buy_collection', { collectionId: 999999 })).statusCode,
    ).toBe(404);
    expect(
      (await user.post('/api/payments/buy_collection', { collectionId: 'x' })).statusCode,
    ).toBe(400);
  });

  it('does not let another buyer use a cheaper offer made for someone else', async () => {
    const owner = await buyer(s.t, 2000);
    const plain = (
      await owner.post('/api/payments/buy_collection', { collectionId: paid })
    ).json<Quote>();
    await owner.post('/api/payments/checkout', { productId: plain.productId, provider: 'balance' });
    const transcodeOnly = (
      await owner.post('/api/payments/buy_collection', { collectionId: paid, transcode: true })
    ).json<Quote>();
    const other = await buyer(s.t, 2000);
    const response = await other.post('/api/payments/checkout', {
      productId: transcodeOnly.productId,
      provider: 'balance',
    });
    expect(response.statusCode).toBe(400);
    expect((await userRow(s.t, other.userId)).balance).toBe(2000);
  });
});
