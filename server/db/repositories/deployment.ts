// The deployment id this database carries (one row, table `deployment`): made once at the first
// start, replaced only by a restore (a restored copy is a deployment of its own).
import { randomUUID } from 'node:crypto';
import type { DB } from '../kysely.js';

const SLOT = 1;

export class DeploymentRepository {
  constructor(private readonly db: DB) {}

  /** The id, made now when the database has none; processes starting together all read the one that won. */
  async ensureId(): Promise<string> {
    await this.db
      .insertInto('deployment')
      .values({ slot: SLOT, deployment_id: randomUUID(), created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('slot').doNothing())
      .execute();
    return (await this.db.selectFrom('deployment').select('deployment_id').where('slot', '=', SLOT).executeTakeFirstOrThrow()).deployment_id;
  }

  /** Gives the database `id` (a restore: a new one, or with --force the target storage's). */
  async replaceId(id: string): Promise<void> {
    await this.db.deleteFrom('deployment').execute();
    await this.db.insertInto('deployment').values({ slot: SLOT, deployment_id: id, created_at: new Date().toISOString() }).execute();
  }
}
