// `restore <dir>`: a backup into an empty DATA_DIR (and, on PostgreSQL, an empty schema). Anything
// in use is refused, so a restore can never mix two deployments' data or overwrite one.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { restorePostgres, restoreSqlite } from '../db/dump.js';
import type { Repositories } from '../db/repositories/index.js';
import { type CommandInput, Refusal, say, sizeOf } from './command.js';
import { withDatabase } from './core.js';
import { copyTree, entriesOf } from './files.js';
import { type BackupManifest, backupPaths, readManifest } from './manifest.js';

type Config = ReturnType<typeof loadConfig>;

/** PostgreSQL: the schema DATABASE_URL works in must be the backup's and hold no table yet. */
async function checkEmptySchema(repos: Repositories, manifest: BackupManifest): Promise<void> {
  const wanted = manifest.schema ?? 'public';
  // A search_path naming a schema that does not exist yet: make the backup's.
  if ((await repos.maintenance.currentSchema()) === null) await repos.maintenance.ensureSchema(wanted);
  const schema = await repos.maintenance.currentSchema();
  if (schema !== wanted) throw new Refusal(`This backup is of schema '${wanted}', and DATABASE_URL works in schema '${schema}': point its search_path at '${wanted}'`);
  const tables = await repos.maintenance.tableNames();
  if (tables.length) throw new Refusal(`The database is not empty: schema '${schema}' has ${tables.length} tables (${tables.slice(0, 3).join(', ')}...). Restore into an empty database`);
}

async function restoreDatabase(config: Config, dir: string, manifest: BackupManifest): Promise<void> {
  const paths = backupPaths(dir);
  if (config.dialect === 'sqlite') return restoreSqlite(paths.sqlite, config.sqliteFile);
  await withDatabase(config, (_handle, repos) => checkEmptySchema(repos, manifest));
  await restorePostgres(config.databaseUrl!, paths.postgres);
}

/** Compares the restored rows with the manifest's counts: a short or failed copy shows here. */
async function checkCounts(config: Config, manifest: BackupManifest): Promise<void> {
  const counts = await withDatabase(config, (_handle, repos) => repos.maintenance.counts());
  const differ = Object.entries(manifest.counts).filter(([table, count]) => counts[table as keyof typeof counts] !== count);
  if (differ.length) throw new Refusal(`Restored rows differ from the backup's manifest: ${differ.map(([table, count]) => `${table} ${counts[table as keyof typeof counts]} (backup: ${count})`).join(', ')}`);
  say(`Rows: ${Object.entries(counts).map(([table, count]) => `${table} ${count}`).join(', ')} (as in the backup)`);
}

export async function run({ positionals: [dir] }: CommandInput): Promise<void> {
  const source = dir!;
  const manifest = await readManifest(source);
  // Restoring signs and pushes nothing: placeholders keep loadConfig from generating a jwt-secret
  // and VAPID keys into the DATA_DIR about to be checked for emptiness (the backup's own are copied instead).
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'unused-by-restore',
    VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY || 'unused-by-restore',
    VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY || 'unused-by-restore',
  });
  const present = await entriesOf(config.dataDir);
  if (present.length) throw new Refusal(`DATA_DIR ${config.dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', ...' : ''}): restore into an empty one`);
  if (manifest.dialect !== config.dialect) {
    throw new Refusal(`This backup is of a ${manifest.dialect} database, and this configuration uses ${config.dialect} (${config.dialect === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'})`);
  }
  await mkdir(config.dataDir, { recursive: true });
  await restoreDatabase(config, source, manifest);
  say(`Database (${config.dialect}) restored at migration ${manifest.migration}, taken ${manifest.createdAt} by version ${manifest.version}`);
  await checkCounts(config, manifest);
  if (!manifest.media.included) say(`Media not in the backup: ${manifest.media.reason}`);
  else if (config.s3) say(`Media not restored: this configuration stores media in S3 (bucket ${config.s3.bucket}); copy ${backupPaths(source).media} into it`);
  else {
    const copied = await copyTree(backupPaths(source).media, config.mediaDir);
    say(`Media: ${copied.files} files, ${sizeOf(copied.bytes)}`);
  }
  for (const name of manifest.secrets) await copyFile(join(backupPaths(source).secrets, name), join(config.dataDir, name));
  if (manifest.secrets.length) say(`Secrets: ${manifest.secrets.join(', ')}`);
  say(`Restored into ${config.dataDir}. Start the server: it applies any newer migration first.`);
}
