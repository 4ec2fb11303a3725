// Resumable (tus) uploads: who owns each one and what became of it. The bytes themselves live in
// the tus FileStore (DATA_DIR/tmp/tus) until the intake moves them into media storage.
import type { Selectable } from 'kysely';
import { type DB, now } from '../kysely.js';
import type { TusUploadsTable } from '../schema.js';

export type TusUploadRow = Selectable<TusUploadsTable>;

export class TusUploadRepository {
  constructor(private readonly db: DB) {}

  async create(upload: { id: string; userId: string; size: number }): Promise<void> {
    const at = now();
    await this.db
      .insertInto('tus_uploads')
      .values({ id: upload.id, user_id: upload.userId, size: upload.size, state: 'uploading', video_id: null, error_status: null, error_message: null, created_at: at, updated_at: at })
      .execute();
  }

  async find(id: string): Promise<TusUploadRow | undefined> {
    const row = await this.db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...row, size: Number(row.size) };
  }

  /** The last byte arrived: only one request gets to run the intake. */
  async claimForChecking(id: string): Promise<TusUploadRow | undefined> {
    const claimed = await this.db
      .updateTable('tus_uploads')
      .set({ state: 'checking', updated_at: now() })
      .where('id', '=', id)
      .where('state', '=', 'uploading')
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? this.find(id) : undefined;
  }

  async markDone(id: string, videoId: string): Promise<void> {
    await this.db.updateTable('tus_uploads').set({ state: 'done', video_id: videoId, updated_at: now() }).where('id', '=', id).execute();
  }

  async markRefused(id: string, status: number, message: string): Promise<void> {
    await this.db
      .updateTable('tus_uploads')
      .set({ state: 'refused', error_status: status, error_message: message, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  /** Which of these uploads may still take bytes or are being checked (their files must stay). */
  async unfinished(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('tus_uploads').select('id').where('id', 'in', ids).where('state', 'in', ['uploading', 'checking']).execute();
    return new Set(rows.map((row) => row.id));
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('tus_uploads').where('id', '=', id).execute();
  }

  /**
   * Unfinished uploads created before `cutoff` (the FileStore expires them by creation date too),
   * and outcomes recorded before it (kept that long for a client that reloads after the last byte).
   */
  async removeExpired(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('tus_uploads')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'uploading'), eb('created_at', '<', cutoff)]),
          eb.and([eb('state', '!=', 'uploading'), eb('updated_at', '<', cutoff)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
