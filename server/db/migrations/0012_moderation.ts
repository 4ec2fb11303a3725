import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Roles, and the reports queue's state: every account starts as a plain user, every report filed
// before moderation existed is open.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('role', 'text', (c) => c.notNull().defaultTo('user')).execute();
  await db.schema.alterTable('reports').addColumn('state', 'text', (c) => c.notNull().defaultTo('open')).execute();
  await db.schema.alterTable('reports').addColumn('note', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('reports').addColumn('resolved_at', 'text').execute();
  await db.schema.alterTable('reports').addColumn('resolved_by', 'text').execute();
  // The queue lists one state, oldest first; the "last admin" check counts admins.
  await db.schema.createIndex('reports_state').on('reports').columns(['state', 'id']).execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();
}
