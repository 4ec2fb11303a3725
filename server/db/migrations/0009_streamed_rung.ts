import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// The lowest rung streamed while the ladder is made in one run. streaming_height is the
// rung whose fragments are being published (an EVENT playlist under videos/<id>/live/), null otherwise.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema.alterTable('videos').addColumn('streaming_height', 'integer').execute();
}
