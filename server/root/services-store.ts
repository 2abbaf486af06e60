import type { SettingsService } from '../modules/settings/settings.service';
import { CheckoutService } from '../modules/store/checkout.service';
import { PaymentsStatusService } from '../modules/store/payments-status.service';
import { ProductsService } from '../modules/store/products.service';
import { SubscriptionService } from '../modules/store/subscription.service';
import { TransactionsService } from '../modules/store/transactions.service';
import { WebhooksService } from '../modules/store/webhooks.service';
import { Fulfilment } from '../payments/fulfilment';
import type { ServiceInputs } from './service-inputs';

export interface StoreServices {
  /** The one place a payment takes effect (server/payments). */
  fulfilment: Fulfilment;
  checkout: CheckoutService;
  subscriptions: SubscriptionService;
  webhooks: WebhooksService;
  products: ProductsService;
  /** The administrators' "Payments" status and its key check. */
  paymentsStatus: PaymentsStatusService;
  transactions: TransactionsService;
}

/** The store: products, checkout and the providers' webhooks, all through one Fulfilment. */
export function buildStoreServices(
  inputs: ServiceInputs,
  settings: SettingsService,
): StoreServices {
  const { config, db, providers, repositories } = inputs;
  const fulfilment = new Fulfilment(db, inputs.beforeFulfilCommit, repositories);
  return {
    fulfilment,
    checkout: new CheckoutService(
      db,
      config,
      settings,
      repositories.products,
      providers,
      fulfilment,
      repositories,
    ),
    subscriptions: new SubscriptionService(db, providers, repositories),
    webhooks: new WebhooksService(db, providers, fulfilment, repositories),
    products: new ProductsService(db, repositories.products, repositories),
    paymentsStatus: new PaymentsStatusService({ config, settings, providers }),
    transactions: new TransactionsService(repositories.transactions),
  };
}
