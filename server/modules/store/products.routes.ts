import type { FastifyInstance } from 'fastify';
import { adminOnly, signedIn } from '../../access/request-caller';
import { z } from 'zod';
import { ProductCreateSchema, ProductUpdateSchema } from '../../../domain/store';
import type { AppDeps } from '../../app-deps';
import { ProductsRepository } from './products.repository';
import { ProductsService } from './products.service';

const Params = z.object({
  productId: z.coerce
    .number({ error: 'productId must be a number' })
    .int({ error: 'productId must be a whole number' })
    .positive({ error: 'productId must be a positive number' }),
});

/** GET /api/product (the store) and the admin's PUT, POST /{id} and DELETE /{id}. */
export function productsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const products = new ProductsService(db, new ProductsRepository(db));

  app.get('/api/product', { preValidation: signedIn }, () => products.list());

  app.put('/api/product', { preValidation: adminOnly }, (request) =>
    products.create(ProductCreateSchema.parse(request.body)),
  );

  app.post('/api/product/:productId', { preValidation: adminOnly }, (request) =>
    products.update(
      Params.parse(request.params).productId,
      ProductUpdateSchema.parse(request.body),
    ),
  );

  app.delete('/api/product/:productId', { preValidation: adminOnly }, async (request) => {
    await products.delete(Params.parse(request.params).productId);
    return { ok: true };
  });
}
