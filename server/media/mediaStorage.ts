// What every media storage offers (disk in storage.ts, S3 in s3Storage.ts). Its own module so that
// the two implementations do not import each other.
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  mtimeMs: number;
}

export interface MediaStorage {
  /** Copy a local file into storage under key (the file stays where it was, unless `move`). */
  putFile(key: string, localPath: string, contentType: string, options?: { move?: boolean }): Promise<void>;
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** Bytes [start, end] inclusive, or the whole object. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Every key under a prefix such as `images/`. */
  list(prefix: string): Promise<string[]>;
  /** Remove every key under a prefix such as `videos/<id>/`. */
  removePrefix(prefix: string): Promise<void>;
  /** A path ffmpeg can read directly, when the object lives on this machine's disk. */
  localPath(key: string): string | null;
  /** Throws unless the storage answers and takes writes (readiness): a probe file, or HeadBucket. */
  check(): Promise<void>;
}
