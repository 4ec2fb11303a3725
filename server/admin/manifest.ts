// A backup folder's layout and its manifest.json: what `backup` wrote and `restore` checks. A
// backup may come from anywhere (restores often run as root), so every name the manifest gives is
// checked before it is used: files stay inside the backup's layout, secrets are the known ones.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DatabaseDialect, SECRET_FILES } from '../config.js';
import type { TableCounts } from '../db/repositories/maintenance.js';
import { Refusal } from './command.js';
import { type FileDigest, isPlainRelativePath } from './files.js';

/** 2: every file with its SHA-256, media from S3 too. 1 (read only): no checksums. */
export const BACKUP_FORMAT = 2;
const READABLE_FORMATS = [1, 2];

export const backupPaths = (dir: string) => ({
  manifest: join(dir, 'manifest.json'),
  sqlite: join(dir, 'vidshare.sqlite'),
  postgres: join(dir, 'database.pgdump'),
  media: join(dir, 'media'),
  secrets: join(dir, 'secrets'),
});

/** The database file's name in the backup, per kind. */
export const DATABASE_FILE: Record<DatabaseDialect, string> = { sqlite: 'vidshare.sqlite', postgres: 'database.pgdump' };

export interface BackupManifest {
  format: number;
  /** package.json's version of the code that took it. */
  version: string;
  createdAt: string;
  dialect: DatabaseDialect;
  /** The last migration the database had run. */
  migration: string | null;
  /** PostgreSQL: the schema dumped (a restore recreates it under this name). */
  schema: string | null;
  /** Rows per table in the copy. */
  counts: TableCounts;
  /** The media copied into media/ (from DATA_DIR/media or the S3 bucket), or why not. */
  media: { included: true; files: number; bytes: number; from?: 'disk' | 's3' } | { included: false; reason: string };
  /** Secret files copied into secrets/ (names under DATA_DIR). */
  secrets: string[];
  /** Format 2: every file of the backup but this manifest, by its path in the folder, with its digest. */
  files?: Record<string, FileDigest>;
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(backupPaths(dir).manifest, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

const SHA256 = /^[0-9a-f]{64}$/;

/** Whether a file name from the manifest is one a backup can hold: the database, a known secret, or media. */
function isBackupFile(name: string, dialect: DatabaseDialect): boolean {
  if (name === DATABASE_FILE[dialect]) return true;
  if (name.startsWith('secrets/')) return (SECRET_FILES as readonly string[]).includes(name.slice('secrets/'.length));
  return name.startsWith('media/') && isPlainRelativePath(name);
}

/** Refuses a manifest naming anything outside the layout (`../x`, an unknown secret, a bad digest). */
function checkNames(dir: string, manifest: BackupManifest): void {
  const damaged = (why: string) => new Refusal(`${dir}/manifest.json ${why}: nothing restored`);
  if (manifest.dialect !== 'sqlite' && manifest.dialect !== 'postgres') throw damaged(`names an unknown database kind '${String(manifest.dialect)}'`);
  if (!Array.isArray(manifest.secrets)) throw damaged('has no list of secrets');
  for (const name of manifest.secrets) {
    if (!(SECRET_FILES as readonly string[]).includes(name)) throw damaged(`names a secret file '${String(name)}' that is not one of ${SECRET_FILES.join(', ')}`);
  }
  if (manifest.format < 2) return;
  if (!manifest.files || typeof manifest.files !== 'object') throw damaged('has no list of files');
  for (const [name, digest] of Object.entries(manifest.files)) {
    if (!isBackupFile(name, manifest.dialect)) throw damaged(`names a file '${name}' outside the backup's layout`);
    if (!SHA256.test(String(digest?.sha256)) || !Number.isSafeInteger(digest?.bytes)) throw damaged(`has no valid checksum for '${name}'`);
  }
  if (!manifest.files[DATABASE_FILE[manifest.dialect]]) throw damaged(`lists no ${DATABASE_FILE[manifest.dialect]}`);
  for (const name of manifest.secrets) if (!manifest.files[`secrets/${name}`]) throw damaged(`lists no checksum for secrets/${name}`);
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  if (!existsSync(dir)) throw new Refusal(`No such folder: ${dir}`);
  let text: string;
  try {
    text = await readFile(backupPaths(dir).manifest, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new Refusal(`${dir} is not a Vidshare backup: it has no manifest.json`);
    throw new Refusal(`${dir}/manifest.json cannot be read: ${(error as Error).message}`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new Refusal(`${dir}/manifest.json is not valid JSON (a damaged backup?): nothing restored`);
  }
  if (!READABLE_FORMATS.includes(manifest?.format)) throw new Refusal(`${dir} is a backup in format ${String(manifest?.format)}; this version reads formats ${READABLE_FORMATS.join(' and ')}`);
  checkNames(dir, manifest);
  return manifest;
}
