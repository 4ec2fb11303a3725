// Remote transcoding runners: who they are and whether their token still works. Tokens are stored
// as their SHA-256 hash only (server/auth/runnerTokens.ts makes and hashes them).
import { type DB, now } from '../kysely.js';
import type { RunnersTable } from '../schema.js';
import { newId } from '../../ids.js';

export type RunnerRow = RunnersTable;

export class RunnerRepository {
  constructor(private readonly db: DB) {}

  /** A new runner, or null when the name is taken. */
  async create(input: { name: string; tokenHash: string }): Promise<RunnerRow | null> {
    const row: RunnerRow = { id: newId(), name: input.name, token_hash: input.tokenHash, created_at: now(), last_seen_at: null, revoked_at: null };
    const inserted = await this.db.insertInto('runners').values(row).onConflict((conflict) => conflict.column('name').doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? row : null;
  }

  list(): Promise<RunnerRow[]> {
    return this.db.selectFrom('runners').selectAll().orderBy('name').execute();
  }

  findByName(name: string): Promise<RunnerRow | undefined> {
    return this.db.selectFrom('runners').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** The runner holding this token, when it is not revoked. */
  activeByTokenHash(tokenHash: string): Promise<RunnerRow | undefined> {
    return this.db.selectFrom('runners').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  }

  /** Revokes the runner's token; false when it was already revoked. */
  async revoke(id: string): Promise<boolean> {
    const result = await this.db.updateTable('runners').set({ revoked_at: now() }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** When the runner last called the API (shown by `runner list`). */
  async touch(id: string): Promise<void> {
    await this.db.updateTable('runners').set({ last_seen_at: now() }).where('id', '=', id).execute();
  }
}
