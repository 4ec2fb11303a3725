import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Remote transcoding runners (`npm run admin -- runner add`): each one known by name, its token
// kept only as a SHA-256 hash. A transcode job handed to a runner names it (jobs.runner_id), so
// only that runner may report on it while its lease lasts.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('runners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.alterTable('jobs').addColumn('runner_id', 'text').execute();
}
