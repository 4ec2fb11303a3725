import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// An operator's password reset (`npm run admin -- reset-password`) leaves a one-time password: until
// the user chooses a new one, must_change_password is 1 and the API answers little else.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
