import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

/**
 * Search that does not grow with the number of matches. A common word ("tutorial" in
 * 20 000 of 100 000 videos) cost O(matches) in the FTS5 index of 0002 whatever the LIMIT: a
 * prefix query materialises every matching row, and bm25 counts every row of each phrase.
 * SQLite therefore keeps a second FTS5 index over only the newest RECENT_VIDEOS videos (by
 * rowid, which is creation order), where a common word is ranked at a cost bounded by the window,
 * not by the table. It is contentless with delete support (SQLite >= 3.43): entries leave by
 * rowid, so triggers never need old values. Each insert adds the new row and drops the one
 * RECENT_VIDEOS rowids older; edits and deletions of rows in the window follow.
 *
 * PostgreSQL needs no new structure: the window is the primary key read backwards (UUIDv7 ids
 * are creation order) and the GIN index of 0002 serves the fallback for rarer words.
 */
export const RECENT_VIDEOS = 1000;

export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql
    .raw(
      `CREATE VIRTUAL TABLE videos_recent_fts USING fts5(title, description, content='', contentless_delete=1, tokenize='porter unicode61')`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO videos_recent_fts(rowid, title, description) ` +
        `SELECT rowid, title, description FROM videos ORDER BY rowid DESC LIMIT ${RECENT_VIDEOS}`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER videos_recent_fts_ai AFTER INSERT ON videos BEGIN ` +
        `INSERT INTO videos_recent_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description); ` +
        `DELETE FROM videos_recent_fts WHERE rowid = new.rowid - ${RECENT_VIDEOS}; END`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER videos_recent_fts_ad AFTER DELETE ON videos BEGIN DELETE FROM videos_recent_fts WHERE rowid = old.rowid; END`).execute(db);
  // UPDATE of a contentless-delete table touches only rows it holds: edits outside the window are no-ops.
  await sql
    .raw(
      `CREATE TRIGGER videos_recent_fts_au AFTER UPDATE OF title, description ON videos BEGIN ` +
        `UPDATE videos_recent_fts SET title = new.title, description = new.description WHERE rowid = new.rowid; END`,
    )
    .execute(db);
}
