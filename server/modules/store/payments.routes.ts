import type { FastifyInstance } from 'fastify';
import { BuyCollectionRequestSchema, CheckoutRequestSchema } from '../../../domain/store';
import type { AppDeps } from '../../app-deps';
import { CheckoutService } from './checkout.service';
import { ProductsRepository } from './products.repository';
import { SubscriptionService } from './subscription.service';
import { WebhooksService } from './webhooks.service';

/** Prefix of the provider callbacks: no session, no XSRF header, signed bodies instead. */
export const WEBHOOK_PREFIX = '/api/payments/webhook/';

/** Checkout, buy_collection, the subscription, and the providers' signed webhooks. */
export async function paymentsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config, settings, providers, fulfilment } = deps;
  const products = new ProductsRepository(db);
  const checkout = new CheckoutService(db, config, settings, products, providers, fulfilment);
  const subscriptions = new SubscriptionService(db, providers);
  const webhooks = new WebhooksService(db, providers, fulfilment);

  app.post('/api/payments/checkout', async (request) => {
    const caller = await request.caller();
    return checkout.checkout(caller, CheckoutRequestSchema.parse(request.body));
  });

  app.post('/api/payments/buy_collection', async (request) => {
    const caller = await request.caller();
    return checkout.buyCollection(caller, BuyCollectionRequestSchema.parse(request.body));
  });

  app.get('/api/payments/subscription', async (request) =>
    subscriptions.current(await request.caller()),
  );

  app.delete('/api/payments/subscription', async (request) =>
    subscriptions.cancel(await request.caller()),
  );

  // Signatures cover the exact bytes sent, so this scope keeps the body as a Buffer.
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    for (const provider of ['stripe', 'sellix'] as const) {
      scope.post(`${WEBHOOK_PREFIX}${provider}`, async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return webhooks.receive(provider, raw, request.headers);
      });
    }
    done();
  });
}
