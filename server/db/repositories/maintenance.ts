// What the admin commands ask of the database as a whole: how much it holds, how far it is
// migrated, whether it is empty, and every media file a row points at (for prune).
import { type Kysely, sql } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import type { DB } from '../kysely.js';
import type { Database } from '../schema.js';

/** The tables a backup manifest counts, so a restore can be checked against it. */
const COUNTED_TABLES = ['users', 'videos', 'video_renditions', 'comments', 'playlists', 'subscriptions', 'captions'] as const satisfies readonly (keyof Database)[];
export type TableCounts = Record<(typeof COUNTED_TABLES)[number], number>;

/** Every media file a row points at, by kind. */
export interface MediaReferences {
  /** Videos that exist: their folders (renditions, HLS playlists, streamed fragments) are theirs. */
  videoIds: Set<string>;
  /** Stored sources (`sources/<id>.<ext>`). */
  sourceKeys: Set<string>;
  /** Image names (avatars, covers, thumbnails), each also owning its narrower copies. */
  imageNames: Set<string>;
  /** Caption files (`captions/<videoId>/<captionId>.vtt`). */
  captionKeys: Set<string>;
  /** tus uploads that may still take bytes or are being checked. */
  unfinishedUploadIds: Set<string>;
}

const MIGRATION_TABLE = 'kysely_migration';

export class MaintenanceRepository {
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {}

  /** Row counts of the tables a backup manifest lists, read through `executor` (a transaction's snapshot, or the database). */
  async counts(executor: Kysely<Database> = this.db): Promise<TableCounts> {
    const entries = await Promise.all(
      COUNTED_TABLES.map(async (table) => {
        const row = await executor.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return [table, Number(row.n)] as const;
      }),
    );
    return Object.fromEntries(entries) as TableCounts;
  }

  /**
   * PostgreSQL: runs `use` inside a repeatable-read transaction whose snapshot is exported, so that
   * `pg_dump --snapshot` reads exactly what the counts and migration level given to `use` describe,
   * however much is written meanwhile. The transaction stays open until `use` is done.
   */
  async withExportedSnapshot<T>(use: (snapshot: { id: string; counts: TableCounts; migration: string | null }) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const id = (await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx)).rows[0]!.id;
        return use({ id, counts: await this.counts(trx), migration: await this.migrationLevel(trx) });
      });
  }

  /** The schema the connection works in (PostgreSQL; DATABASE_URL may set it with search_path), null on SQLite. */
  async currentSchema(): Promise<string | null> {
    if (this.dialect !== 'postgres') return null;
    return (await sql<{ name: string }>`select current_schema() as name`.execute(this.db)).rows[0]?.name ?? null;
  }

  /** Names of the tables in the working schema (any at all means the database is in use). */
  async tableNames(executor: Kysely<Database> = this.db): Promise<string[]> {
    if (this.dialect === 'postgres') {
      const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(executor);
      return rows.rows.map((row) => row.name);
    }
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(executor);
    return rows.rows.map((row) => row.name);
  }

  /** The latest migration applied, or null before any. */
  async migrationLevel(executor: Kysely<Database> = this.db): Promise<string | null> {
    if (!(await this.tableNames(executor)).includes(MIGRATION_TABLE)) return null;
    const row = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name desc limit 1`.execute(executor);
    return row.rows[0]?.name ?? null;
  }

  /** PostgreSQL: creates the schema a restore goes into when the database does not have it yet. */
  async ensureSchema(schema: string): Promise<void> {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(this.db);
  }

  /** Drops every table of the working schema: a restore that fails after its database step leaves the schema empty again. */
  async dropAllTables(): Promise<void> {
    if (this.dialect !== 'postgres') throw new Error('dropAllTables is for PostgreSQL: a SQLite restore removes its file instead');
    for (const table of await this.tableNames()) await sql`drop table if exists ${sql.table(table)} cascade`.execute(this.db);
  }

  /** PostgreSQL: drops a schema a failed restore made. */
  async dropSchema(schema: string): Promise<void> {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(this.db);
  }

  async mediaReferences(): Promise<MediaReferences> {
    const [videos, users, captions, uploads] = await Promise.all([
      this.db.selectFrom('videos').select(['id', 'source_key', 'thumbnail']).execute(),
      this.db.selectFrom('users').select(['avatar', 'cover_image']).execute(),
      this.db.selectFrom('captions').select('storage_key').execute(),
      this.db.selectFrom('tus_uploads').select('id').where('state', 'in', ['uploading', 'checking']).execute(),
    ]);
    const present = (values: string[]) => new Set(values.filter(Boolean));
    return {
      videoIds: present(videos.map((row) => row.id)),
      sourceKeys: present(videos.map((row) => row.source_key)),
      imageNames: present([...videos.map((row) => row.thumbnail), ...users.flatMap((row) => [row.avatar, row.cover_image])]),
      captionKeys: present(captions.map((row) => row.storage_key)),
      unfinishedUploadIds: present(uploads.map((row) => row.id)),
    };
  }
}
