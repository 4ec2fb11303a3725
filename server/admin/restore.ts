// `restore <dir> [--force]`: a backup into an empty DATA_DIR (and, on PostgreSQL, an empty schema),
// its media into DATA_DIR/media or the configured S3 bucket. A backup may come from anywhere, so
// every file is checked against the manifest's SHA-256 before anything is written, and only the
// known secret names are restored (owner-only, whatever the backup's modes). Files are written to
// a staging folder and moved into place at the end; a failure removes whatever was written, so the
// target is as it was and a retry works. The restored copy is a deployment of its own (a new
// deployment id in its database and storage), so started on another deployment's storage it leaves
// that storage's files alone (server/deployment/identity.ts).
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { type Config, loadConfig } from '../config.js';
import { restorePostgres } from '../db/dump.js';
import { openDatabase } from '../db/kysely.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { DEPLOYMENT_MARKER_KEY, readStorageDeployment, writeStorageDeployment } from '../deployment/identity.js';
import { createStorage, type MediaStorage } from '../media/storage.js';
import { type CommandInput, Refusal, say, sizeOf } from './command.js';
import { withDatabase } from './core.js';
import { digestOf, entriesOf, type FileDigest, isPlainRelativePath, isRegularFile, regularFilesUnder, writeHashed } from './files.js';
import { type BackupManifest, backupPaths, DATABASE_FILE, readManifest } from './manifest.js';

/** A file of the backup: its name in the folder, where it is, and (format 2) its digest. */
interface BackupFile {
  name: string;
  path: string;
  digest?: FileDigest;
}

/** What a failed restore undoes, newest first. */
class Undo {
  private readonly steps: (() => Promise<unknown>)[] = [];
  push(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.reverse()) await step().catch((error: unknown) => say(`Could not undo a step: ${oneLine(error)}`));
  }
}

const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').slice(0, 500);

/** The files to restore: the manifest's (format 2), or for format 1 the database, secrets and media found in the folder. */
async function filesOf(dir: string, manifest: BackupManifest): Promise<BackupFile[]> {
  if (manifest.files) return Object.entries(manifest.files).map(([name, digest]) => ({ name, path: join(dir, name), digest }));
  const media = (await regularFilesUnder(backupPaths(dir).media)).filter(isPlainRelativePath).map((name) => `media/${name}`);
  return [DATABASE_FILE[manifest.dialect], ...manifest.secrets.map((name) => `secrets/${name}`), ...media].map((name) => ({ name, path: join(dir, name) }));
}

const damaged = (name: string, why: string) => new Refusal(`The backup's ${name} ${why}: the backup is damaged or was altered; nothing restored`);

/** Every file is a plain file (never a link) with the manifest's digest. */
async function verifyFiles(files: BackupFile[]): Promise<void> {
  for (const file of files) {
    if (!(await isRegularFile(file.path))) throw damaged(file.name, 'is missing or not a plain file');
    if (!file.digest) continue;
    const found = await digestOf(file.path);
    if (found.sha256 !== file.digest.sha256 || found.bytes !== file.digest.bytes) throw damaged(file.name, `does not match its SHA-256 in manifest.json (${found.bytes} bytes, manifest: ${file.digest.bytes})`);
  }
}

/** Copies a backup file to `target` (owner-only), checking again what it wrote against the digest. */
async function copyChecked(file: BackupFile, target: string): Promise<void> {
  const written = await writeHashed(createReadStream(file.path), target);
  if (file.digest && written.sha256 !== file.digest.sha256) throw damaged(file.name, 'changed while it was restored');
}

/** PostgreSQL: the schema DATABASE_URL works in must be the backup's and hold no table yet. Answers the schema it made, if any. */
async function checkEmptySchema(repos: Repositories, manifest: BackupManifest): Promise<string | null> {
  const wanted = manifest.schema ?? 'public';
  let created: string | null = null;
  // A search_path naming a schema that does not exist yet: make the backup's.
  if ((await repos.maintenance.currentSchema()) === null) {
    await repos.maintenance.ensureSchema(wanted);
    created = wanted;
  }
  const schema = await repos.maintenance.currentSchema();
  if (schema !== wanted) throw new Refusal(`This backup is of schema '${wanted}', and DATABASE_URL works in schema '${schema}': point its search_path at '${wanted}'`);
  const tables = await repos.maintenance.tableNames();
  if (tables.length) throw new Refusal(`The database is not empty: schema '${schema}' has ${tables.length} tables (${tables.slice(0, 3).join(', ')}...). Restore into an empty database`);
  return created;
}

/**
 * S3: the bucket must be empty. One holding another deployment's media (production's, in a drill
 * that forgot to change S3_BUCKET) is refused unless --force; then the restored copy joins that
 * deployment (answers its id), as when production is put back into its own bucket.
 */
async function checkTargetBucket(storage: MediaStorage, config: Config, force: boolean): Promise<string | null> {
  if (!config.s3) return null; // DATA_DIR/media: DATA_DIR is checked empty
  const objects = (await storage.list('')).length;
  if (!objects) return null;
  const owner = await readStorageDeployment(storage);
  if (!force) {
    throw new Refusal(
      `The S3 bucket ${config.s3.bucket} ${owner ? `holds the media of deployment ${owner}` : 'is not empty'} (${objects} objects): restore into an empty bucket of its own (set S3_BUCKET), or pass --force to restore into this one${owner ? ', which the restored copy then joins' : ''}`,
    );
  }
  say(`--force: restoring into the S3 bucket ${config.s3.bucket}, which holds ${objects} objects${owner ? ` of deployment ${owner}` : ''}`);
  return owner;
}

/** Compares the restored rows with the manifest's counts: a short or failed copy shows here. */
async function checkCounts(repos: Repositories, manifest: BackupManifest): Promise<void> {
  const counts = await repos.maintenance.counts();
  const differ = Object.entries(manifest.counts).filter(([table, count]) => counts[table as keyof typeof counts] !== count);
  if (differ.length) throw new Refusal(`Restored rows differ from the backup's manifest: ${differ.map(([table, count]) => `${table} ${counts[table as keyof typeof counts]} (backup: ${count})`).join(', ')}`);
  say(`Rows: ${Object.entries(counts).map(([table, count]) => `${table} ${count}`).join(', ')} (as in the backup)`);
}

/** Counts the restored rows and gives the database its deployment id; false when the backup predates the deployment table. */
async function checkDatabase(repos: Repositories, manifest: BackupManifest, deploymentId: string): Promise<boolean> {
  await checkCounts(repos, manifest);
  if (!(await repos.maintenance.tableNames()).includes('deployment')) return false;
  await repos.deployment.replaceId(deploymentId);
  return true;
}

async function restoreInto(config: Config, source: string, manifest: BackupManifest, files: BackupFile[], force: boolean, undo: Undo): Promise<void> {
  const present = await entriesOf(config.dataDir);
  if (present.length) throw new Refusal(`DATA_DIR ${config.dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', ...' : ''}): restore into an empty one`);
  if (manifest.dialect !== config.dialect) {
    throw new Refusal(`This backup is of a ${manifest.dialect} database, and this configuration uses ${config.dialect} (${config.dialect === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'})`);
  }
  const storage = createStorage(config);
  const joined = await checkTargetBucket(storage, config, force);
  if (config.dialect === 'postgres') {
    const created = await withDatabase(config, (_handle, repos) => checkEmptySchema(repos, manifest));
    if (created) undo.push(() => withDatabase(config, (_handle, repos) => repos.maintenance.dropSchema(created)));
  }
  const staging = await mkdtemp(join(config.dataDir, '.restore-'));
  undo.push(() => rm(staging, { recursive: true, force: true }));
  const fileNamed = (name: string) => files.find((file) => file.name === name)!;

  for (const name of manifest.secrets) await copyChecked(fileNamed(`secrets/${name}`), join(staging, name));

  const media = files.filter((file) => file.name.startsWith('media/') && file.name !== `media/${DEPLOYMENT_MARKER_KEY}`);
  for (const file of media) {
    const key = file.name.slice('media/'.length);
    if (config.s3) {
      undo.push(() => storage.remove(key));
      await storage.putFile(key, file.path, 'application/octet-stream');
    } else {
      await copyChecked(file, join(staging, 'media', key));
    }
  }
  const mediaBytes = media.reduce((sum, file) => sum + (file.digest?.bytes ?? 0), 0);

  const deploymentId = joined ?? randomUUID();
  let identified: boolean;
  if (config.dialect === 'sqlite') {
    const staged = join(staging, DATABASE_FILE.sqlite);
    await copyChecked(fileNamed(DATABASE_FILE.sqlite), staged);
    const copy = openDatabase({ dialect: 'sqlite', databaseUrl: null, sqliteFile: staged });
    try {
      identified = await checkDatabase(createRepositories(copy, config), manifest, deploymentId);
    } finally {
      await copy.close();
    }
  } else {
    undo.push(() => withDatabase(config, (_handle, repos) => repos.maintenance.dropAllTables()));
    await restorePostgres(config.databaseUrl!, fileNamed(DATABASE_FILE.postgres).path);
    identified = await withDatabase(config, (_handle, repos) => checkDatabase(repos, manifest, deploymentId));
  }
  say(`Database (${config.dialect}) restored at migration ${manifest.migration}, taken ${manifest.createdAt} by version ${manifest.version}`);

  // The storage carries the database's id (a backup older than the id gets one at the first start).
  if (identified && !joined) {
    if (config.s3) {
      undo.push(() => storage.remove(DEPLOYMENT_MARKER_KEY));
      await writeStorageDeployment(storage, deploymentId);
    } else {
      await writeHashed(Readable.from([`${deploymentId}\n`]), join(staging, 'media', DEPLOYMENT_MARKER_KEY));
    }
  }

  for (const entry of await readdir(staging)) {
    undo.push(() => rm(join(config.dataDir, entry), { recursive: true, force: true }));
    await rename(join(staging, entry), join(config.dataDir, entry));
  }
  await rm(staging, { recursive: true, force: true });

  if (!manifest.media.included) say(`Media not in the backup: ${manifest.media.reason}`);
  else say(`Media: ${media.length} files, ${sizeOf(mediaBytes)} into ${config.s3 ? `the S3 bucket ${config.s3.bucket}` : config.mediaDir}`);
  if (manifest.secrets.length) say(`Secrets: ${manifest.secrets.join(', ')} (mode 0600)`);
  if (identified) say(`Deployment id: ${deploymentId}${joined ? ' (the bucket\'s, as --force asked)' : ' (new: this copy is a deployment of its own)'}`);
}

export async function run({ positionals: [dir], flags }: CommandInput): Promise<void> {
  const source = dir!;
  const manifest = await readManifest(source);
  const files = await filesOf(source, manifest);
  await verifyFiles(files);
  say(manifest.files ? `Checked ${files.length} files against the manifest's SHA-256` : 'This backup has no checksums (format 1): its files are restored unchecked');
  const dataDirExisted = existsSync(resolve(process.env.DATA_DIR || './data'));
  // Restoring signs and pushes nothing: placeholders keep loadConfig from generating a jwt-secret
  // and VAPID keys into the DATA_DIR about to be checked for emptiness (the backup's own are copied instead).
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'unused-by-restore',
    VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY || 'unused-by-restore',
    VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY || 'unused-by-restore',
  });
  const undo = new Undo();
  if (!dataDirExisted) undo.push(() => rm(config.dataDir, { recursive: true, force: true }));
  try {
    await restoreInto(config, source, manifest, files, Boolean(flags.force), undo);
  } catch (error) {
    await undo.run();
    if (error instanceof Refusal) throw error;
    throw new Refusal(`Restore failed, and what it had written is removed: ${oneLine(error)}`);
  }
  say(`Restored into ${config.dataDir}. Start the server: it applies any newer migration first.`);
}
