// MediaStorage on an S3-compatible bucket (AWS, MinIO, s3rver...). The app still serves the
// bytes through /media, so URLs, ranges and caching are the same as on disk.
// Every call is bounded by S3_TIMEOUT_MS: a hung S3 fails calls with StorageUnavailable instead
// of holding the requests (and jobs) that wait on them.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { type MediaStorage, type MissingCapability, NO_MULTIPART_UPLOADS, StorageUnavailable, type StoredObject } from './mediaStorage.js';

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/** No answer, a broken connection or a server error: worth trying again later (unlike a refusal or a 404). */
export function isUnavailable(error: unknown): boolean {
  const failure = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = failure.$metadata?.httpStatusCode ?? 0;
  return (
    failure.name === 'TimeoutError' ||
    failure.name === 'AbortError' ||
    NETWORK_CODES.has(failure.code ?? '') ||
    [500, 502, 503, 504].includes(status)
  );
}

/** The S3 server answered that it does not implement the call (s3rver: 501 or 405). */
function isUnsupported(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return ['NotImplemented', 'MethodNotAllowed'].includes(failure.name ?? '') || [501, 405].includes(failure.$metadata?.httpStatusCode ?? 0);
}

/** The S3 client settings this app needs against any S3-compatible server (shared with the tus store). */
export function s3ClientConfig(config: S3Config, requestHandler: { connectionTimeout: number; socketTimeout?: number }): S3ClientConfig {
  return {
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Many S3-compatible servers reject the SDK's default streaming checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler,
  };
}

export class S3Storage implements MediaStorage {
  /** Calls whose answer must start within the timeout (everything but uploads of files). */
  private readonly client: S3Client;
  /**
   * Uploads of whole files, which may rightly take longer than the timeout: their socket fails
   * once it has carried nothing for that long (an idle timeout would also cut a download that a
   * slow viewer holds back, hence two clients).
   */
  private readonly uploads: S3Client;
  private readonly bucket: string;
  private readonly timeoutMs: number;
  /** true or false once S3 has answered the probe; null (asked again) while it has not. */
  private multipartProbe: Promise<boolean> | null = null;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.timeoutMs = config.timeoutMs;
    this.client = new S3Client(s3ClientConfig(config, { connectionTimeout: config.timeoutMs }));
    this.uploads = new S3Client(s3ClientConfig(config, { connectionTimeout: config.timeoutMs, socketTimeout: config.timeoutMs }));
  }

  /**
   * Sends a command whose answer must start within the timeout, retries included: past it the
   * call is aborted and fails with StorageUnavailable. A body being read goes on past it.
   */
  private async answer<T>(what: string, send: (options: { abortSignal: AbortSignal }) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new StorageUnavailable(`S3 did not answer ${what} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([send({ abortSignal: abort.signal }), deadline]);
    } catch (error) {
      throw this.classify(error, what);
    } finally {
      clearTimeout(timer);
    }
  }

  private classify(error: unknown, what: string): unknown {
    if (error instanceof StorageUnavailable || !isUnavailable(error)) return error;
    return new StorageUnavailable(`S3 failed ${what}: ${(error as Error).message || (error as Error).name}`, { cause: error });
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    const { size } = await statFile(localPath);
    try {
      await this.uploads.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(localPath), ContentLength: size, ContentType: contentType }),
      );
    } catch (error) {
      throw this.classify(error, `PutObject ${key}`);
    }
    // `move` is honoured by the caller's temp-file cleanup: nothing local to rename into.
  }

  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.answer(`PutObject ${key}`, (options) => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType }), options));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.answer(`HeadObject ${key}`, (options) => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), options));
      return { size: Number(head.ContentLength ?? 0), mtimeMs: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const object = await this.answer(`GetObject ${key}`, (options) => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }), options));
    return object.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    await this.answer(`DeleteObject ${key}`, (options) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), options));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.answer(`ListObjectsV2 ${prefix}`, (options) => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }), options));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async removePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.answer(`ListObjectsV2 ${prefix}`, (options) => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }), options));
      // One DeleteObject per key: DeleteObjects needs Content-MD5, which not every S3 clone accepts.
      await Promise.all((page.Contents ?? []).map((object) => object.Key && this.remove(object.Key)));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  localPath(): null {
    return null;
  }

  async check(): Promise<void> {
    try {
      await this.answer('HeadBucket', (options) => this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), options));
    } catch (error) {
      // HeadBucket's answers have no body, so the SDK names a 404 or 403 only by its status.
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) throw new Error(`bucket "${this.bucket}" does not exist (NoSuchBucket): create it, or set S3_BUCKET to one that exists`);
      if (status === 403) throw new Error(`access to bucket "${this.bucket}" is denied (AccessDenied): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's policy`);
      throw error;
    }
  }

  async missingCapabilities(): Promise<MissingCapability[]> {
    this.multipartProbe ??= this.probeMultipartUploads().catch((error: unknown) => {
      this.multipartProbe = null; // no answer: asked again next time
      throw error;
    });
    return (await this.multipartProbe) ? [] : [NO_MULTIPART_UPLOADS];
  }

  /** The multipart calls tus' S3 store makes, tried on a probe key (s3rver creates and uploads parts, but lists none). */
  private async probeMultipartUploads(): Promise<boolean> {
    const Key = `.capability-probe/${randomUUID()}`;
    const { bucket: Bucket } = this;
    try {
      const { UploadId } = await this.answer('CreateMultipartUpload', (options) => this.client.send(new CreateMultipartUploadCommand({ Bucket, Key }), options));
      try {
        await this.answer('ListParts', (options) => this.client.send(new ListPartsCommand({ Bucket, Key, UploadId }), options));
        await this.answer('ListMultipartUploads', (options) => this.client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: Key, MaxUploads: 1 }), options));
      } finally {
        await this.answer('AbortMultipartUpload', (options) => this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }), options)).catch(() => undefined);
      }
      return true;
    } catch (error) {
      if (isUnsupported(error)) return false;
      // No answer: the caller hears it (and asks again later). Any other refusal (say, a policy
      // without the permission) is not a missing capability: tus then fails with S3's own error, in the log.
      if (error instanceof StorageUnavailable) throw error;
      return true;
    }
  }
}
