import type { z } from 'zod';
import type { Caller } from '../../access/caller';
import type { Settings } from '../../../domain/settings';
import {
  MIN_DEPOSIT_CENTS,
  type BuyCollectionAnswer,
  type BuyCollectionRequestSchema,
  type CheckoutAnswer,
  type CheckoutRequest,
} from '../../../domain/store';
import type { Config } from '../../config';
import { nowIso, type Db } from '../../db/database';
import type { ProductRow } from '../../db/store-tables';
import { BadRequest, NotFound } from '../../errors';
import {
  cancelledReturn,
  sameOriginRedirect,
  type Fulfilment,
  type PaymentProviders,
  type PaymentsRepository,
} from '../../payments';
import { assertMayTakeOffer, quoteFor, requireStore } from '../../access/rights';
import type { SettingsService } from '../settings';
import { collectionForPurchase } from './collection-for-purchase';
import type { ProductsRepository } from './products.repository';

type BuyCollection = z.infer<typeof BuyCollectionRequestSchema>;

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  payments: PaymentsRepository;
}

/** POST /api/payments/checkout and /api/payments/buy_collection (spec part 2, section 7). */
export class CheckoutService {
  private readonly payments: PaymentsRepository;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly products: ProductsRepository,
    private readonly providers: PaymentProviders,
    private readonly fulfilment: Fulfilment,
    private readonly repos: Repositories,
  ) {
    this.payments = this.repos.payments;
  }

  async buyCollection(caller: Caller, input: BuyCollection): Promise<BuyCollectionAnswer> {
    const settings = await this.requireStore(caller);
    const { collection, price } = await this.quote(caller, settings, {
      collectionId: input.collectionId,
      transcode: input.transcode,
    });
    const product = await this.products.collectionProduct(
      {
        collectionId: collection.collectionId,
        transcode: input.transcode,
        title: input.transcode ? `${collection.name} (with transcoding)` : collection.name,
        price,
      },
      nowIso(),
    );
    return { productId: product.product_id, productPrice: product.price };
  }

  async checkout(caller: Caller, input: CheckoutRequest): Promise<CheckoutAnswer> {
    const settings = await this.requireStore(caller);
    if (!settings.paymentProviders.includes(input.provider)) {
      throw new BadRequest(`Payment provider ${input.provider} is not enabled`);
    }
    if (!this.providers.configured(input.provider)) {
      throw new BadRequest(`Payment provider ${input.provider} is not set up on this server`);
    }
    const successUrl = this.redirect(input.redirectUrl);
    if (input.productId === null || input.productId === undefined) {
      return this.topUp(caller, input, successUrl);
    }
    if (typeof input.balance === 'number') {
      throw new BadRequest('balance: a top-up amount goes without a productId');
    }
    if (input.balance === true && input.provider !== 'balance') {
      throw new BadRequest('balance: paying with the balance needs provider balance');
    }
    const product = await this.products.find(input.productId);
    if (product === undefined || product.retired === 1) throw new NotFound('Product not found');
    await this.checkProduct(caller, product, input.provider, settings);

    if (input.provider === 'balance') {
      const result = await this.fulfilment.buyWithBalance(
        { userId: caller.userId, productId: product.product_id, amount: product.price },
        nowIso(),
      );
      return { transactionId: result.status === 'fulfilled' ? result.transactionId : null };
    }
    return this.hosted(caller, input.provider, {
      productId: product.product_id,
      kind: 'purchase',
      amount: product.price,
      title: product.title,
      subscription: product.subscription === 1,
      successUrl,
    });
  }

  private async topUp(
    caller: Caller,
    input: CheckoutRequest,
    successUrl: string,
  ): Promise<CheckoutAnswer> {
    const amount = input.balance;
    if (typeof amount !== 'number') {
      throw new BadRequest('productId is required (or balance: the top-up amount in cents)');
    }
    if (amount < MIN_DEPOSIT_CENTS) {
      throw new BadRequest(`balance: the smallest deposit is ${MIN_DEPOSIT_CENTS / 100} EUR`);
    }
    if (amount > 1_000_000) throw new BadRequest('balance: at most 10000 EUR per deposit');
    if (input.provider === 'balance') {
      throw new BadRequest('A top-up cannot be paid with the balance itself');
    }
    return this.hosted(caller, input.provider, {
      productId: null,
      kind: 'topup',
      amount,
      title: 'Account balance top-up',
      subscription: false,
      successUrl,
    });
  }

  private async hosted(
    caller: Caller,
    providerName: 'stripe' | 'sellix',
    order: {
      productId: number | null;
      kind: 'purchase' | 'topup';
      amount: number;
      title: string;
      subscription: boolean;
      successUrl: string;
    },
  ): Promise<CheckoutAnswer> {
    const provider = this.providers.get(providerName);
    if (provider === undefined)
      throw new BadRequest(`Payment provider ${providerName} is not set up`);
    if (order.amount <= 0) throw new BadRequest('A free product can only be taken with balance');
    const checkout = await this.payments.insertCheckout({
      userId: caller.userId,
      productId: order.productId,
      kind: order.kind,
      provider: providerName,
      amount: order.amount,
      now: nowIso(),
    });
    try {
      const hosted = await provider.createCheckout({
        checkoutId: checkout.checkout_id,
        title: order.title,
        amount: order.amount,
        subscription: order.subscription,
        email: caller.user.email,
        successUrl: order.successUrl,
        cancelUrl: cancelledReturn(order.successUrl),
        webhookUrl: `${this.config.publicUrl}/api/payments/webhook/${providerName}`,
      });
      await this.payments.setCheckoutRef(checkout.checkout_id, hosted.reference);
      return { checkoutUrl: hosted.url, transactionId: null };
    } catch (error) {
      // Nothing was charged: the checkout stays on record as failed, nothing is granted.
      await this.payments.failCheckout(checkout.checkout_id);
      throw error;
    }
  }

  private async checkProduct(
    caller: Caller,
    product: ProductRow,
    provider: string,
    settings: Settings,
  ): Promise<void> {
    if (product.subscription === 1) {
      if (provider !== 'stripe')
        throw new BadRequest('A subscription can only be paid with stripe');
      if ((await this.payments.findActiveSubscription(caller.userId)) !== undefined) {
        throw new BadRequest('You already have a subscription; cancel it first');
      }
    }
    if (product.collection_id === null) return;
    await this.requireStore(caller);
    const { price } = await this.quote(caller, settings, {
      collectionId: product.collection_id,
      transcode: product.transcode === 1,
    });
    assertMayTakeOffer(product, price);
  }

  /** What this caller pays for a collection (and its transcodes), or 400 saying why not. */
  private async quote(
    caller: Caller,
    settings: Settings,
    ask: { collectionId: number; transcode: boolean },
  ) {
    const collection = await collectionForPurchase(
      this.payments,
      this.products,
      caller,
      ask.collectionId,
    );
    const quote = quoteFor(caller, {
      collectionPrice: collection.price,
      unlocked: collection.unlocked,
      transcodeUnlocked: collection.transcodeUnlocked,
      transcodePrice: settings.transcodePrice,
      transcode: ask.transcode,
    });
    if (!quote.ok) throw new BadRequest(quote.reason);
    return { collection, price: quote.price };
  }

  private redirect(target: string | null | undefined): string {
    if (target === null || target === undefined || target === '') {
      return `${this.config.publicUrl}/store`;
    }
    const url = sameOriginRedirect(target, this.config.publicUrl);
    if (url === null) throw new BadRequest('redirectUrl must be an address on this site');
    return url;
  }

  private async requireStore(caller: Caller): Promise<Settings> {
    const settings = await this.settings.get();
    requireStore(caller, settings);
    return settings;
  }
}
