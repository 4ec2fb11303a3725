// Where media bytes live. Keys are flat relative paths such as `images/<id>.webp` or
// `videos/<videoId>/720.mp4`. Local disk by default; S3-compatible when configured.
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import type { MediaStorage, MissingCapability, StoredObject } from './mediaStorage.js';
import { S3Storage } from './s3Storage.js';

export type { MediaStorage, MissingCapability, StoredObject } from './mediaStorage.js';

/** Disk under DATA_DIR/media by default; S3-compatible when S3_ENDPOINT and S3_BUCKET are set. */
export function createStorage(config: Pick<Config, 's3' | 'mediaDir'>): MediaStorage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(config.mediaDir);
}

function safeKey(key: string): string {
  const clean = normalize(key).replace(/^(\.\.(\/|\\|$))+/, '');
  if (clean.startsWith('/') || clean.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return clean;
}

class DiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    return join(this.root, safeKey(key));
  }

  async putFile(key: string, localPath: string, _contentType?: string, options: { move?: boolean } = {}): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    if (options.move) {
      // Uploads land in DATA_DIR/tmp, on the same disk: a rename instead of a 100 MB copy.
      try {
        await rename(localPath, target);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
    }
    const temp = `${target}.part`;
    await copyFile(localPath, temp);
    await rename(temp, target);
    if (options.move) await rm(localPath, { force: true });
  }

  async putBuffer(key: string, body: Buffer): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.part`;
    await pipeline(async function* () {
      yield body;
    }, createWriteStream(temp));
    await rename(temp, target);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return createReadStream(this.path(key), range);
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const entries = await readdir(this.path(prefix), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { force: true, recursive: true });
  }

  localPath(key: string): string {
    return this.path(key);
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const probe = join(this.root, `.ready-${process.pid}-${Date.now().toString(36)}`);
    try {
      await writeFile(probe, 'ok');
    } finally {
      await rm(probe, { force: true });
    }
  }

  async missingCapabilities(): Promise<MissingCapability[]> {
    return []; // tus keeps partial uploads in files of its own on this disk
  }
}
