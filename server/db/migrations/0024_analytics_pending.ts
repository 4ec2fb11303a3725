import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// The rollup reads the oldest waiting heartbeats, (at, id) in order, a batch at a time. One index on
// (rolled_up, at) made PostgreSQL sort every waiting row for each batch (a cost that grows with the
// backlog: ten million waiting took hours to fold); an index of the waiting rows alone, in (at, id)
// order, reads each batch straight off it. The prune gets its own, of the folded rows.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema.dropIndex('analytics_heartbeats_rolled_up_at').execute();
  await db.schema.createIndex('analytics_heartbeats_waiting').on('analytics_heartbeats').columns(['at', 'id']).where(sql.ref('rolled_up'), '=', 0).execute();
  await db.schema.createIndex('analytics_heartbeats_folded').on('analytics_heartbeats').column('at').where(sql.ref('rolled_up'), '=', 1).execute();
}
