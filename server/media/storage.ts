// Where media bytes live. Keys are flat relative paths such as `images/<id>.webp` or
// `videos/<videoId>/720.mp4`. Local disk by default; S3-compatible when configured.
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config, S3Config } from '../config.js';
import type { MediaStorage, MissingCapability, StoredObject } from './mediaStorage.js';

export type { MediaStorage, MissingCapability, StoredObject } from './mediaStorage.js';

/** Disk under DATA_DIR/media by default; S3-compatible when S3_ENDPOINT and S3_BUCKET are set. */
export function createStorage(config: Pick<Config, 's3' | 'mediaDir'>): MediaStorage {
  return config.s3 ? new S3StorageOnFirstUse(config.s3) : new DiskStorage(config.mediaDir);
}

/**
 * S3, with the AWS SDK loaded and its clients built at the first call: a process that never
 * touches media (most `npm run admin` commands) starts without the SDK's weight and warnings.
 */
class S3StorageOnFirstUse implements MediaStorage {
  private storage: Promise<MediaStorage> | null = null;

  constructor(private readonly config: S3Config) {}

  private get s3(): Promise<MediaStorage> {
    return (this.storage ??= import('./s3Storage.js').then(({ S3Storage }) => new S3Storage(this.config)));
  }

  async putFile(key: string, localPath: string, contentType: string, options?: { move?: boolean }): Promise<void> {
    return (await this.s3).putFile(key, localPath, contentType, options);
  }
  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    return (await this.s3).putBuffer(key, body, contentType);
  }
  async stat(key: string): Promise<StoredObject | null> {
    return (await this.s3).stat(key);
  }
  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return (await this.s3).read(key, range);
  }
  async remove(key: string): Promise<void> {
    return (await this.s3).remove(key);
  }
  async list(prefix: string): Promise<string[]> {
    return (await this.s3).list(prefix);
  }
  async removePrefix(prefix: string): Promise<void> {
    return (await this.s3).removePrefix(prefix);
  }
  /** Objects in a bucket never live on this machine's disk. */
  localPath(): string | null {
    return null;
  }
  async check(): Promise<void> {
    return (await this.s3).check();
  }
  async missingCapabilities(): Promise<MissingCapability[]> {
    return (await this.s3).missingCapabilities();
  }
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
