import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OkSchema } from '../../../domain/params';
import {
  ProductCreateSchema,
  ProductParamsSchema,
  ProductSchema,
  ProductUpdateSchema,
} from '../../../domain/store';
import { adminOnly, signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['store'];

/** GET /api/product (the store) and the admin's PUT, POST /{id} and DELETE /{id}. */
export function productsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { products } = services;
  const r = api(app);
  const admin = { preValidation: adminOnly };

  r.get(
    '/api/product',
    { preValidation: signedIn, schema: { tags, response: { 200: z.array(ProductSchema) } } },
    () => products.list(),
  );

  r.put(
    '/api/product',
    { ...admin, schema: { tags, body: ProductCreateSchema, response: { 200: ProductSchema } } },
    (request) => products.create(request.body),
  );

  r.post(
    '/api/product/:productId',
    {
      ...admin,
      schema: {
        tags,
        params: ProductParamsSchema,
        body: ProductUpdateSchema,
        response: { 200: ProductSchema },
      },
    },
    (request) => products.update(request.params.productId, request.body),
  );

  r.delete(
    '/api/product/:productId',
    { ...admin, schema: { tags, params: ProductParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await products.delete(request.params.productId);
      return { ok: true as const };
    },
  );
}
