// `backup <dir>`: a consistent copy of the database (taken while the server runs and writes), the
// media (DATA_DIR/media or the S3 bucket) and the secret files, with a manifest saying what is in
// it and each file's SHA-256. Everything it writes is owner-only.
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, SECRET_FILES } from '../config.js';
import { backupSqlite, dumpPostgres } from '../db/dump.js';
import { openDatabase } from '../db/kysely.js';
import { createRepositories } from '../db/repositories/index.js';
import type { TableCounts } from '../db/repositories/maintenance.js';
import { type CommandInput, Refusal, say, sizeOf } from './command.js';
import { withDatabase } from './core.js';
import { createStorage } from '../media/storage.js';
import { digestOf, entriesOf, type FileDigest, isPlainRelativePath, writeHashed } from './files.js';
import { BACKUP_FORMAT, type BackupManifest, backupPaths, DATABASE_FILE, writeManifest } from './manifest.js';

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

/** Storage keys that are media: in a folder, and neither a probe nor a write not yet in place (tus leftovers sit at the top of a bucket). */
const isMediaKey = (key: string) => key.includes('/') && isPlainRelativePath(key) && !key.startsWith('.capability-probe/') && !key.endsWith('.part');

/**
 * Every media object (DATA_DIR/media, or the S3 bucket) into media/, the layout the disk backend
 * uses, with its digest. An object deleted while the backup runs is left out.
 */
async function backupMedia(config: Config, dir: string): Promise<Record<string, FileDigest>> {
  const storage = createStorage(config);
  const copied: Record<string, FileDigest> = {};
  for (const key of (await storage.list('')).filter(isMediaKey)) {
    try {
      copied[`media/${key}`] = await writeHashed(await storage.read(key), join(backupPaths(dir).media, key));
    } catch (error) {
      if (await storage.stat(key).then((found) => found !== null, () => true)) throw error;
      await rm(join(backupPaths(dir).media, key), { force: true });
    }
  }
  return copied;
}

async function backupSecrets(config: Config, dir: string): Promise<Record<string, FileDigest>> {
  const copied: Record<string, FileDigest> = {};
  for (const name of SECRET_FILES) {
    const file = join(config.dataDir, name);
    if (!existsSync(file)) continue;
    copied[`secrets/${name}`] = await writeHashed(createReadStream(file), join(backupPaths(dir).secrets, name));
  }
  return copied;
}

export async function run({ positionals: [dir] }: CommandInput): Promise<void> {
  const target = dir!;
  if ((await entriesOf(target)).length) throw new Refusal(`${target} is not empty: back up into a new or empty folder`);
  await mkdir(target, { recursive: true, mode: 0o700 });
  const config = loadConfig();
  const database = await backupDatabase(config, target);
  const databaseFile = DATABASE_FILE[config.dialect];
  const files: Record<string, FileDigest> = { [databaseFile]: await digestOf(join(target, databaseFile)) };
  say(`Database (${config.dialect}${database.schema ? `, schema ${database.schema}` : ''}) copied at migration ${database.migration}`);
  const media = await backupMedia(config, target);
  Object.assign(files, media);
  const mediaBytes = Object.values(media).reduce((sum, file) => sum + file.bytes, 0);
  say(`Media${config.s3 ? ` (S3 bucket ${config.s3.bucket})` : ''}: ${Object.keys(media).length} files, ${sizeOf(mediaBytes)}`);
  const secretFiles = await backupSecrets(config, target);
  Object.assign(files, secretFiles);
  const secrets = Object.keys(secretFiles).map((name) => name.slice('secrets/'.length));
  say(secrets.length ? `Secrets: ${secrets.join(', ')}` : 'Secrets: none under DATA_DIR (JWT_SECRET comes from the environment: keep it with your other secrets)');
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: await appVersion(),
    createdAt: new Date().toISOString(),
    dialect: config.dialect,
    ...database,
    media: { included: true, files: Object.keys(media).length, bytes: mediaBytes, from: config.s3 ? 's3' : 'disk' },
    secrets,
    files,
  };
  await writeManifest(target, manifest);
  say(`Rows: ${Object.entries(manifest.counts).map(([table, count]) => `${table} ${count}`).join(', ')}`);
  say(`Backup written to ${target}`);
}
