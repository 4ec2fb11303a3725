// A backup folder's layout and its manifest.json: what `backup` wrote and `restore` checks.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseDialect } from '../config.js';
import type { TableCounts } from '../db/repositories/maintenance.js';
import { Refusal } from './command.js';

export const BACKUP_FORMAT = 1;

export const backupPaths = (dir: string) => ({
  manifest: join(dir, 'manifest.json'),
  sqlite: join(dir, 'vidshare.sqlite'),
  postgres: join(dir, 'database.pgdump'),
  media: join(dir, 'media'),
  secrets: join(dir, 'secrets'),
});

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
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
  /** Local media copied into media/, or why not (S3). */
  media: { included: true; files: number; bytes: number } | { included: false; reason: string };
  /** Secret files copied into secrets/ (names under DATA_DIR). */
  secrets: string[];
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(backupPaths(dir).manifest, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  if (!existsSync(dir)) throw new Refusal(`No such folder: ${dir}`);
  let text: string;
  try {
    text = await readFile(backupPaths(dir).manifest, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new Refusal(`${dir} is not a Vidshare backup: it has no manifest.json`);
    throw error;
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Refusal(`${dir} is a backup in format ${String(manifest.format)}; this version reads format ${BACKUP_FORMAT}`);
  return manifest;
}
