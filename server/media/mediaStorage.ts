// What every media storage offers (disk in storage.ts, S3 in s3Storage.ts). Its own module so that
// the two implementations do not import each other.
import type { Readable } from 'node:stream';

/** The storage did not answer, or not in time: the same call may well work a little later. */
export class StorageUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailable';
  }
}

/** A feature this storage cannot carry, what the storage lacks for it, and what users are told. */
export interface MissingCapability {
  feature: string;
  missing: string;
  message: string;
}

/** tus keeps partial uploads on S3 as multipart uploads (create, upload parts, list parts and uploads, abort). */
export const NO_MULTIPART_UPLOADS: MissingCapability = {
  feature: 'resumable uploads',
  missing: 'S3 multipart uploads',
  message: 'Resumable uploads need S3 multipart uploads, which this storage does not support; upload the file in one request instead',
};

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
  /**
   * What this storage lacks that a feature needs: probed on first call and remembered once the
   * storage has answered; throws StorageUnavailable while it does not answer (asked again next call).
   */
  missingCapabilities(): Promise<MissingCapability[]>;
}
