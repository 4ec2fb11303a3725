import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Offline-first, server side: what the idempotency store needs beyond 0001's table, and
// the resumable (tus) uploads with their owner and outcome.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  // A replay must be the same request: method and path are in 0001, the body's hash is new.
  await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text', (c) => c.notNull().defaultTo('')).execute();
  // Null while the first request is still running (a reservation), set with its answer.
  await db.schema.alterTable('idempotency_keys').addColumn('completed_at', 'text').execute();

  await db.schema
    .createTable('tus_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('video_id', 'text')
    .addColumn('error_status', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tus_uploads_updated').on('tus_uploads').column('updated_at').execute();
}
