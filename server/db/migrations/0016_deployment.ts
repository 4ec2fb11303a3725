import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Which deployment this database belongs to: one row, made at the first start (and anew by a
// restore). The media storage carries the same id, so a copy pointing at another deployment's
// storage can tell, and leave that storage alone (server/deployment/identity.ts).
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('deployment')
    .addColumn('slot', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
