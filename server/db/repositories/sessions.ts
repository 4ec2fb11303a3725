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

  async isActive(sessionId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['expires_at', 'revoked_at'])
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return !!row && row.revoked_at === null && row.expires_at > now();
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
