import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Web Push: each device's push subscription, and which notifications reached which subscription
// (so a retried delivery never sends twice).
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The session that registered it: signing out of that session removes it.
    .addColumn('session_id', 'text')
    // One row per browser subscription: the same endpoint sent again updates its row.
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema.createIndex('push_subscriptions_session').on('push_subscriptions').column('session_id').execute();

  await db.schema
    .createTable('push_deliveries')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('delivered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_deliveries_pk', ['notification_id', 'subscription_id'])
    .execute();
  // The cascade from a removed subscription looks these up.
  await db.schema.createIndex('push_deliveries_subscription').on('push_deliveries').column('subscription_id').execute();
}
