// Files of backup and restore: copies that hash what they write (the manifest's checksums), the
// emptiness checks both make before writing, and the check that a name a manifest gives stays
// inside the folder it is read from or written to.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What the manifest records of each file: its SHA-256 (hex) and size. */
export interface FileDigest {
  sha256: string;
  bytes: number;
}

/** Entries in `dir`; [] when it does not exist. */
export async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Whether `name` is a relative path made of plain segments ('/'-separated, none empty, `.` or
 * `..`, no backslash or NUL): joined to a folder, it cannot leave it.
 */
export function isPlainRelativePath(name: string): boolean {
  if (!name || name.startsWith('/') || /[\\\0]/.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * Writes `source` into `target` (a new file, owner-only: backups and restored data hold secrets
 * and private media), hashing what it writes; folders on the way are made owner-only too.
 */
export async function writeHashed(source: Readable, target: string): Promise<FileDigest> {
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(target, { mode: 0o600, flags: 'wx' }),
  );
  await chmod(target, 0o600); // whatever the umask made of the mode
  return { sha256: hash.digest('hex'), bytes };
}

/** The digest of a file as it is now. */
export async function digestOf(path: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Whether `path` is a regular file (not a link, which could point anywhere, nor a folder). */
export async function isRegularFile(path: string): Promise<boolean> {
  const info = await lstat(path).catch(() => null);
  return info?.isFile() ?? false;
}

/** Every regular file under `dir` by its '/'-separated path (links and other kinds left out). */
export async function regularFilesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) found.push(...(await regularFilesUnder(join(dir, entry.name), `${prefix}${entry.name}/`)));
    else if (entry.isFile()) found.push(`${prefix}${entry.name}`);
  }
  return found;
}
