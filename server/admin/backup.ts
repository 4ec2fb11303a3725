// `backup <dir>`: a consistent copy of the database (taken while the server runs and writes), the
// local media and the secret files, with a manifest saying what is in it.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, SECRET_FILES } from '../config.js';
import { backupSqlite, dumpPostgres } from '../db/dump.js';
import { openDatabase } from '../db/kysely.js';
import { createRepositories } from '../db/repositories/index.js';
import type { TableCounts } from '../db/repositories/maintenance.js';
import { type CommandInput, Refusal, say, sizeOf } from './command.js';
import { withDatabase } from './core.js';
import { copyTree, entriesOf } from './files.js';
import { BACKUP_FORMAT, type BackupManifest, backupPaths, writeManifest } from './manifest.js';

async function appVersion(): Promise<string> {
  return (JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

type Config = ReturnType<typeof loadConfig>;

/** The copy's counts and migration level, read from the copy itself. */
async function describeSqliteCopy(config: Config, file: string): Promise<{ counts: TableCounts; migration: string | null }> {
  const copy = openDatabase({ dialect: 'sqlite', databaseUrl: null, sqliteFile: file });
  try {
    const { maintenance } = createRepositories(copy, config);
    return { counts: await maintenance.counts(), migration: await maintenance.migrationLevel() };
  } finally {
    await copy.close();
  }
}

async function backupDatabase(config: Config, dir: string): Promise<Pick<BackupManifest, 'counts' | 'migration' | 'schema'>> {
  const paths = backupPaths(dir);
  if (config.dialect === 'sqlite') {
    if (!existsSync(config.sqliteFile)) throw new Refusal(`No database at ${config.sqliteFile}: is DATA_DIR right?`);
    await backupSqlite(config.sqliteFile, paths.sqlite);
    return { ...(await describeSqliteCopy(config, paths.sqlite)), schema: null };
  }
  return withDatabase(config, async (_handle, repos) => {
    const schema = await repos.maintenance.currentSchema();
    if (!schema || !(await repos.maintenance.migrationLevel())) throw new Refusal('DATABASE_URL points at a database with no Vidshare tables: nothing to back up');
    return repos.maintenance.withExportedSnapshot(async (snapshot) => {
      await dumpPostgres(config.databaseUrl!, schema, snapshot.id, paths.postgres);
      return { counts: snapshot.counts, migration: snapshot.migration, schema };
    });
  });
}

async function backupSecrets(config: Config, dir: string): Promise<string[]> {
  const copied: string[] = [];
  for (const name of SECRET_FILES) {
    const file = join(config.dataDir, name);
    if (!existsSync(file)) continue;
    await mkdir(backupPaths(dir).secrets, { recursive: true, mode: 0o700 });
    await copyFile(file, join(backupPaths(dir).secrets, name));
    copied.push(name);
  }
  return copied;
}

export async function run({ positionals: [dir] }: CommandInput): Promise<void> {
  const target = dir!;
  if ((await entriesOf(target)).length) throw new Refusal(`${target} is not empty: back up into a new or empty folder`);
  await mkdir(target, { recursive: true, mode: 0o700 });
  const config = loadConfig();
  const database = await backupDatabase(config, target);
  say(`Database (${config.dialect}${database.schema ? `, schema ${database.schema}` : ''}) copied at migration ${database.migration}`);
  let media: BackupManifest['media'];
  if (config.s3) {
    media = { included: false, reason: `media is in the S3 bucket ${config.s3.bucket}: back it up with the bucket's own versioning or replication` };
    say(`Media not copied: ${media.reason}`);
  } else {
    media = { included: true, ...(await copyTree(config.mediaDir, backupPaths(target).media)) };
    say(`Media: ${media.files} files, ${sizeOf(media.bytes)}`);
  }
  const secrets = await backupSecrets(config, target);
  say(secrets.length ? `Secrets: ${secrets.join(', ')}` : 'Secrets: none under DATA_DIR (JWT_SECRET comes from the environment: keep it with your other secrets)');
  const manifest: BackupManifest = { format: BACKUP_FORMAT, version: await appVersion(), createdAt: new Date().toISOString(), dialect: config.dialect, ...database, media, secrets };
  await writeManifest(target, manifest);
  say(`Rows: ${Object.entries(manifest.counts).map(([table, count]) => `${table} ${count}`).join(', ')}`);
  say(`Backup written to ${target}`);
}
