// Sessions: what an access token is bound to. A session is live while it is not revoked, not
// expired and its user is not suspended: `check` is that one rule, for every request, the media
// routes and every socket's handshake.
import type { DatabaseDialect } from '../../config.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import { newId } from '../../ids.js';
import { suspendedAt } from '../../domain/suspension.js';

/** The user's suspension, as the login's refusal words it. */
interface SuspendedUser {
  suspended: { suspended_reason: string | null; suspended_until: string | null };
}

export class SessionRepository {
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {}

  /**
   * Opens a session unless the user is suspended, or their password is no longer `verifiedHash`
   * (the one a login checked: it was changed or reset meanwhile), in one transaction with those
   * checks. The user's row is locked on PostgreSQL (SQLite write transactions take the lock at
   * BEGIN), so a suspension or password change committing at the same time either sees this
   * session (and revokes it) or is seen here.
   */
  async open(userId: string, ttlSeconds: number, verifiedHash?: string): Promise<{ id: string; expiresAt: string } | SuspendedUser | 'password-changed'> {
    return this.db.transaction().execute(async (trx) => {
      let user = trx.selectFrom('users').select(['suspended_reason', 'suspended_at', 'suspended_until', 'password_hash']).where('id', '=', userId);
      if (this.dialect === 'postgres') user = user.forShare();
      const row = await user.executeTakeFirst();
      if (row && suspendedAt(row)) return { suspended: row };
      if (row && verifiedHash !== undefined && row.password_hash !== verifiedHash) return 'password-changed';
      const createdAt = now();
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000).toISOString();
      const id = newId();
      await trx.insertInto('sessions').values({ id, user_id: userId, created_at: createdAt, expires_at: expiresAt, revoked_at: null }).execute();
      return { id, expiresAt };
    });
  }

  /**
   * A live session (not revoked, not expired, its user not suspended) and what its user may do
   * with it: null when it is not live. `mustChangePassword`: an operator reset the password.
   */
  async check(sessionId: string, userId: string): Promise<{ mustChangePassword: boolean } | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.expires_at', 'sessions.revoked_at', 'users.must_change_password', 'users.suspended_at', 'users.suspended_until'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .executeTakeFirst();
    const at = now();
    if (!row || row.revoked_at !== null || row.expires_at <= at || suspendedAt(row, at)) return null;
    return { mustChangePassword: Number(row.must_change_password) === 1 };
  }

  /** Every session of the user ends (an operator's password reset); the ids that ended. */
  async revokeAll(userId: string): Promise<string[]> {
    const rows = await this.db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).returning('id').execute();
    return rows.map((row) => row.id);
  }

  /** Ends one session; false when it had ended already. */
  async revoke(sessionId: string): Promise<boolean> {
    const result = await this.db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** After a password change: every session of the user but the one making the change ends; the ids that ended. */
  async revokeOthers(userId: string, keepSessionId: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now() })
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
