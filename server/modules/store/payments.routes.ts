import type { FastifyInstance } from 'fastify';
import {
  BuyCollectionAnswerSchema,
  BuyCollectionRequestSchema,
  CheckoutAnswerSchema,
  CheckoutRequestSchema,
  SubscriptionAnswerSchema,
  WebhookAnswerSchema,
} from '../../../domain/store';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';
import { paymentsStatusRoutes } from './payments-status.routes';
import { WEBHOOK_PREFIX } from './webhook-prefix';

export { WEBHOOK_PREFIX };
const tags = ['store'];

/** Checkout, buy_collection, the subscription, and the providers' signed webhooks. */
export async function paymentsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { checkout, subscriptions, webhooks } = deps.services;

  const r = api(app);
  // Signed in before anything is validated (401 before 400).
  const auth = { preValidation: signedIn };

  r.post(
    '/api/payments/checkout',
    {
      ...auth,
      schema: { tags, body: CheckoutRequestSchema, response: { 200: CheckoutAnswerSchema } },
    },
    async (request) => checkout.checkout(await request.caller(), request.body),
  );

  r.post(
    '/api/payments/buy_collection',
    {
      ...auth,
      schema: {
        tags,
        body: BuyCollectionRequestSchema,
        response: { 200: BuyCollectionAnswerSchema },
      },
    },
    async (request) => checkout.buyCollection(await request.caller(), request.body),
  );

  paymentsStatusRoutes(app, deps);

  r.get(
    '/api/payments/subscription',
    { ...auth, schema: { tags, response: { 200: SubscriptionAnswerSchema } } },
    async (request) => subscriptions.current(await request.caller()),
  );

  r.delete(
    '/api/payments/subscription',
    { ...auth, schema: { tags, response: { 200: SubscriptionAnswerSchema } } },
    async (request) => subscriptions.cancel(await request.caller()),
  );

  // Signatures cover the exact bytes sent, so this scope keeps the body as a Buffer.
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    for (const provider of ['stripe', 'sellix'] as const) {
      // The body is the provider's signed bytes, checked by the service: only the answer is declared.
      api(scope).post(
        `${WEBHOOK_PREFIX}${provider}`,
        { schema: { tags, response: { 200: WebhookAnswerSchema } } },
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return webhooks.receive(provider, raw, request.headers);
        },
      );
    }
    done();
  });
}
