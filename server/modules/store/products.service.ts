import type { Product, ProductInput } from '../../../domain/store';
import { fromBool, nowIso, type Db } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import { RolesRepository } from '../roles';
import { sanitizeDescription } from './product-description';
import { toWireProduct, type ProductColumns, type ProductsRepository } from './products.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  roles: RolesRepository;
}

/** Admin product management (spec part 2, section 6) and the store's list. */
export class ProductsService {
  constructor(
    private readonly db: Db,
    private readonly repo: ProductsRepository,
    private readonly repos: Repositories,
  ) {}

  async list(): Promise<Product[]> {
    return (await this.repo.listed()).map(toWireProduct);
  }

  async create(input: ProductInput & { productTitle: string; productPrice: number }) {
    if (input.productTranscode === true && (input.productCollectionId ?? null) === null) {
      throw new BadRequest('productTranscode needs productCollectionId: it unlocks one collection');
    }
    const columns = await this.toColumns(input);
    const row = await this.repo.insert({
      ...columns,
      title: input.productTitle,
      price: input.productPrice,
      created_at: nowIso(),
    });
    return toWireProduct(row);
  }

  async update(productId: number, input: ProductInput): Promise<Product> {
    const current = await this.repo.find(productId);
    if (current === undefined || current.retired === 1 || current.hidden === 1) {
      throw new NotFound('Product not found');
    }
    const transcode = input.productTranscode ?? current.transcode === 1;
    const collection =
      input.productCollectionId === undefined ? current.collection_id : input.productCollectionId;
    if (transcode && collection === null) {
      throw new BadRequest('productTranscode needs productCollectionId: it unlocks one collection');
    }
    const row = await this.repo.update(productId, await this.toColumns(input));
    if (row === undefined) throw new NotFound('Product not found');
    return toWireProduct(row);
  }

  /** A product someone bought is retired, so purchase history keeps showing it. */
  async delete(productId: number): Promise<void> {
    const current = await this.repo.find(productId);
    if (current === undefined || current.retired === 1) throw new NotFound('Product not found');
    if (await this.repo.hasHistory(productId)) await this.repo.update(productId, { retired: 1 });
    else await this.repo.delete(productId);
  }

  private async toColumns(input: ProductInput): Promise<ProductColumns> {
    const c: ProductColumns = {};
    if (input.productTitle !== undefined) c.title = input.productTitle;
    if (input.productDescription !== undefined) {
      c.description = sanitizeDescription(input.productDescription);
    }
    if (input.productRole !== undefined) {
      if (
        input.productRole !== null &&
        (await this.repos.roles.findRole(input.productRole)) === undefined
      ) {
        throw new BadRequest('productRole: no role has this id');
      }
      c.role_id = input.productRole;
    }
    if (input.productRoleDuration !== undefined) c.role_duration = input.productRoleDuration;
    if (input.productPrice !== undefined) c.price = input.productPrice;
    if (input.productSale !== undefined) c.sale = input.productSale;
    if (input.productInvites !== undefined) c.invites = input.productInvites;
    if (input.productBalance !== undefined) c.balance = input.productBalance;
    if (input.productSubscription !== undefined)
      c.subscription = fromBool(input.productSubscription);
    if (input.productCollectionId !== undefined) {
      if (input.productCollectionId !== null)
        await this.requireCollection(input.productCollectionId);
      c.collection_id = input.productCollectionId;
    }
    if (input.productTranscode !== undefined) c.transcode = fromBool(input.productTranscode);
    return c;
  }

  private async requireCollection(collectionId: number): Promise<void> {
    if (!(await this.repo.collectionExists(collectionId))) {
      throw new BadRequest('productCollectionId: no collection has this id');
    }
  }
}
