import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Full-text search: FTS5 tables kept in step by triggers on SQLite; generated tsvector
// columns with GIN indexes on PostgreSQL. SearchRepository hides the difference.
const indexed = {
  users: ['username', 'full_name', 'bio'],
  videos: ['title', 'description'],
  playlists: ['name', 'description'],
} as const;

export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  for (const [table, columns] of Object.entries(indexed)) {
    if (dialect === 'sqlite') {
      const cols = columns.join(', ');
      const news = columns.map((c) => `new.${c}`).join(', ');
      const olds = columns.map((c) => `old.${c}`).join(', ');
      const fts = `${table}_fts`;
      await sql.raw(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='${table}', content_rowid='rowid', tokenize='porter unicode61')`,
      ).execute(db);
      await sql.raw(
        `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.rowid, ${news}); END`,
      ).execute(db);
      await sql.raw(
        `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.rowid, ${olds}); END`,
      ).execute(db);
      await sql.raw(
        `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${cols} ON ${table} BEGIN ` +
          `INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.rowid, ${olds}); ` +
          `INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.rowid, ${news}); END`,
      ).execute(db);
    } else {
      const weights = ['A', 'B', 'C'];
      const vector = columns
        .map((c, i) => `setweight(to_tsvector('english', coalesce(${c}, '')), '${weights[i]}')`)
        .join(' || ');
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN search tsvector GENERATED ALWAYS AS (${vector}) STORED`).execute(db);
      await sql.raw(`CREATE INDEX ${table}_search ON ${table} USING GIN (search)`).execute(db);
    }
  }
}
