import type { Kysely, Migration } from 'kysely';
import { idColumn, type MigrationDialect } from './id-column';

/** Products, checkouts, the ledger, subscriptions and processed payment events. */
export function store(dialect: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('products'), 'product_id', dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role_id', 'integer', (c) => c.references('roles.role_id').onDelete('set null'))
        .addColumn('role_duration', 'integer')
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('sale', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('invites', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('subscription', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('collection_id', 'integer', (c) =>
          c.references('collections.collection_id').onDelete('set null'),
        )
        .addColumn('transcode', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('products_collection')
        .on('products')
        .columns(['collection_id', 'transcode', 'hidden'])
        .execute();

      await idColumn(db.schema.createTable('checkouts'), 'checkout_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.references('products.product_id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema
        .createIndex('checkouts_provider_ref')
        .on('checkouts')
        .columns(['provider', 'provider_ref'])
        .execute();

      await idColumn(db.schema.createTable('subscriptions'), 'subscription_id', dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('next_charge', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema
        .createIndex('subscriptions_user')
        .on('subscriptions')
        .columns(['user_id', 'active'])
        .execute();

      // The ledger outlives accounts: a deleted user's sales still add up.
      await idColumn(db.schema.createTable('ledger'), 'transaction_id', dialect)
        .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.references('products.product_id'))
        .addColumn('checkout_id', 'integer', (c) => c.references('checkouts.checkout_id'))
        .addColumn('subscription_id', 'integer', (c) =>
          c.references('subscriptions.subscription_id'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('fee', 'integer', (c) => c.notNull())
        .addColumn('seller_id', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .addColumn('seller_net', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ledger_user')
        .on('ledger')
        .columns(['user_id', 'transaction_id'])
        .execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
        .execute();

      // When the balance last changed (dormant-balance fee) and when its notice went out.
      await db.schema.alterTable('users').addColumn('balance_changed_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('dormant_notice_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('dormant_notice_at').execute();
      await db.schema.alterTable('users').dropColumn('balance_changed_at').execute();
      for (const table of ['payment_events', 'ledger', 'subscriptions', 'checkouts', 'products']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
