import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import { newId } from '../../ids.js';

export class SessionRepository {
  constructor(private readonly db: DB) {}

  async open(userId: string, ttlSeconds: number): Promise<{ id: string; expiresAt: string }> {
    const createdAt = now();
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000).toISOString();
    const id = newId();
    await this.db.insertInto('sessions').values({ id, user_id: userId, created_at: createdAt, expires_at: expiresAt, revoked_at: null }).execute();
    return { id, expiresAt };
  }

  /**
   * A live session (not revoked, not expired) and what its user may do with it: null when it is
   * not live. `mustChangePassword`: an operator reset the password (users.must_change_password).
   */
  async check(sessionId: string, userId: string): Promise<{ mustChangePassword: boolean } | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.expires_at', 'sessions.revoked_at', 'users.must_change_password'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= now()) return null;
    return { mustChangePassword: Number(row.must_change_password) === 1 };
  }

  /** Every session of the user ends (an operator's password reset). */
  async revokeAll(userId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  /** After a password change: every session of the user but the one making the change ends. */
  async revokeOthers(userId: string, keepSessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now() })
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
