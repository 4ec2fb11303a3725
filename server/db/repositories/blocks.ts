// Blocks between users: the blocker no longer sees the blocked user's comments, and the blocked
// user cannot comment on, reply to or subscribe to the blocker.
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';

export interface BlockedUserRow {
  id: string;
  username: string;
  full_name: string;
  avatar: string;
  blocked_at: string;
}

/** Most blocks one user's list shows. */
const LIST_MAX = 1000;

export class BlockRepository {
  constructor(private readonly db: DB) {}

  /** False when it was there already. */
  async block(blockerId: string, blockedId: string): Promise<boolean> {
    const result = await this.db
      .insertInto('user_blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now() })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async unblock(blockerId: string, blockedId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async isBlocked(blockerId: string, blockedId: string): Promise<boolean> {
    const row = await this.db.selectFrom('user_blocks').select('blocker_id').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
    return Boolean(row);
  }

  /** The ids `blockerId` blocked (to hide their comments). */
  async blockedIds(blockerId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('user_blocks').select('blocked_id').where('blocker_id', '=', blockerId).limit(LIST_MAX).execute();
    return new Set(rows.map((row) => row.blocked_id));
  }

  /** Most recent first. */
  list(blockerId: string): Promise<BlockedUserRow[]> {
    return this.db
      .selectFrom('user_blocks')
      .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
      .select(['users.id', 'users.username', 'users.full_name', 'users.avatar', 'user_blocks.created_at as blocked_at'])
      .where('user_blocks.blocker_id', '=', blockerId)
      .orderBy('user_blocks.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(LIST_MAX)
      .execute();
  }
}
