import type { FastifyInstance } from 'fastify';
import {
  PaymentsCheckParams,
  PaymentsCheckSchema,
  PaymentsStatusSchema,
} from '../../../domain/payments-status';
import { adminOnly } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['store'];

/** The administrators' "Payments" status on the settings screen, and its key check. */
export function paymentsStatusRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const status = services.paymentsStatus;
  const r = api(app);
  const admin = { preValidation: adminOnly };

  r.get(
    '/api/payments/status',
    { ...admin, schema: { tags, response: { 200: PaymentsStatusSchema } } },
    () => status.status(),
  );

  r.post(
    '/api/payments/status/:provider/check',
    {
      ...admin,
      schema: { tags, params: PaymentsCheckParams, response: { 200: PaymentsCheckSchema } },
    },
    (request) => status.check(request.params.provider),
  );
}
