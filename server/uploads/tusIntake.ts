// Resumable uploads (tus 1.0): the tus server that keeps partial uploads where every API
// node sees them (the S3 bucket with S3 storage, else DATA_DIR/tmp/tus, shared by the nodes of
// one machine), locked across nodes through Redis when configured, hands a finished one to the
// same intake as POST /videos/upload-Video, and deletes abandoned ones. server/routes/tus.ts
// decides who may touch which upload.
import { createWriteStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, Server, type Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { TUS_VIDEO_ID_HEADER } from '../../contract/offline.js';
import { unauthorized } from '../http/envelope.js';
import { refusalOf, STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE_MESSAGE } from '../http/errorHandler.js';
import { errorBody } from '../../contract/envelope.js';
import { removeStaleTempFiles } from '../http/multipart.js';
import { beginUpload, forgetUpload, takeInUpload } from '../useCases/uploads.js';
import { NO_MULTIPART_UPLOADS, StorageUnavailable } from '../media/mediaStorage.js';
import { isUnavailable, s3ClientConfig } from '../media/s3Storage.js';
import { RedisLocker } from './tusLocker.js';

export const TUS_VERSION = '1.0.0';
const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
const CLEANUP_EVERY_MAX_MS = 3600_000;

export interface TusIntake {
  /** Where partial uploads live (the data file is named by the upload id, `<id>.json` beside it). */
  directory: string;
  /**
   * Lets tus answer; `userId` is the signed-in caller (the owner of a new upload), `declaredLength`
   * the upload's Upload-Length (for the message when a body goes past it). A creation that fails
   * leaves no row and no file: its client never got a Location to resume.
   */
  handle(request: IncomingMessage, response: ServerResponse, userId: string, declaredLength: number): Promise<void>;
  /** Why resumable uploads cannot work on this storage (what it lacks), or null. */
  unavailableReason(): Promise<string | null>;
  /** Deletes expired partial uploads, their leftovers and their rows. */
  cleanUp(): Promise<void>;
  start(): Promise<void>;
  /** Ends the periodic cleanup, once the one running (it uses the database) is over. */
  stop(): Promise<void>;
}

interface Caller {
  userId: string;
  declaredLength: number;
  createdId?: string;
  /** Headers tus' own error answers cannot carry (Retry-After) are set here first. */
  response: ServerResponse;
}

/** A tus body that would take its upload past the Upload-Length it was created with. */
export function pastDeclaredLengthMessage(declaredLength: number): string {
  return `This upload was declared as ${declaredLength} bytes (Upload-Length) and the body goes past that`;
}

export function createTusIntake(app: FastifyInstance, path: string): TusIntake {
  const { config } = app;
  const directory = join(config.dataDir, 'tmp', 'tus');
  const uploads = app.repos.tusUploads;
  /** Per tus request: who calls, the length its upload declared, the upload it created, and its answer. */
  const callers = new WeakMap<object, Caller>();
  const json = (status: number, message: string) => JSON.stringify(errorBody(status, message));

  const { s3 } = config;
  const s3Store = s3
    ? new S3Store({
        partSize: 8 * 1024 * 1024,
        useTags: false, // not every S3-compatible store has object tagging
        expirationPeriodInMilliseconds: config.tusExpiryMs,
        // Parts go up in tus requests of any length: bounded by connection and idle time, not in total.
        // One attempt: a stalled S3 answers the tus request 503 within S3_TIMEOUT_MS (the SDK's three
        // attempts took 20 s, then a 500), and the tus client resumes from the offset on its own.
        s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3, { connectionTimeout: s3.timeoutMs, socketTimeout: s3.timeoutMs }), maxAttempts: 1 },
      })
    : null;
  const datastore: DataStore = s3Store ?? new FileStore({ directory, expirationPeriodInMilliseconds: config.tusExpiryMs });

  /** Removes what the store keeps for an upload (on disk the data file is gone once moved to storage). */
  const forget = async (id: string) => {
    // S3Store.remove() aborts the multipart upload first, which fails once it is complete.
    if (s3Store) await Promise.all([id, `${id}.info`, `${id}.part`].map((key) => app.storage.remove(key).catch(() => undefined)));
    await Promise.all([rm(join(directory, id), { force: true }), rm(join(directory, `${id}.json`), { force: true })]);
  };

  /** A local file ffprobe can read: the FileStore's own, or a download of the finished S3 object. */
  async function localCopy(id: string): Promise<string> {
    if (!s3Store) return join(directory, id);
    await mkdir(directory, { recursive: true });
    const path = join(directory, id);
    await pipeline(await s3Store.read(id), createWriteStream(path));
    return path;
  }

  async function finish(upload: Upload) {
    // Refused like the multipart route refuses (415 and the bytes removed), kept for GET .../video.
    const wordRefusal = (error: unknown) => {
      const known = refusalOf(error);
      const refusal = known && known.statusCode < 500 ? known : null;
      if (!refusal) app.log.error({ err: error, uploadId: upload.id }, 'tus upload intake failed');
      return { status: refusal?.statusCode ?? 500, message: refusal?.message ?? 'Internal server error' };
    };
    const outcome = await takeInUpload(app, { uploadId: upload.id, metadata: upload.metadata ?? {}, sourcePath: () => localCopy(upload.id), wordRefusal });
    if (outcome === null) return {}; // another request already took it in
    await forget(upload.id);
    if ('videoId' in outcome) return { headers: { [TUS_VIDEO_ID_HEADER]: outcome.videoId } };
    const { status, message } = outcome.refused;
    return { status_code: status, headers: JSON_TYPE, body: json(status, message) };
  }

  const tus = new Server({
    path,
    datastore,
    // Without Redis, tus' in-process lock (one node, or nodes that never see the same upload at once).
    locker: app.redis ? new RedisLocker(app.redis) : undefined,
    relativeLocation: true, // behind the client's dev proxy or any other origin
    maxSize: config.maxVideoBytes,
    // Finished uploads are being checked: terminating one would pull the file from under the intake.
    disableTerminationForFinishedUploads: true,
    allowedOrigins: config.corsOrigins.length ? config.corsOrigins : () => false,
    allowedCredentials: config.corsOrigins.length > 0,
    exposedHeaders: [TUS_VIDEO_ID_HEADER, 'Upload-Expires'],
    async onUploadCreate(request, upload) {
      const caller = request.runtime?.node?.req && callers.get(request.runtime.node.req);
      if (!caller) throw unauthorized();
      await beginUpload(app, { uploadId: upload.id, userId: caller.userId, size: upload.size ?? 0 });
      caller.createdId = upload.id;
      return {};
    },
    onUploadFinish: (_request, upload) => finish(upload),
    async onResponseError(request, error) {
      const caller = request.runtime?.node?.req && callers.get(request.runtime.node.req);
      const storageDown = error instanceof StorageUnavailable || isUnavailable(error);
      // Before the answer goes out, so the client never sees the failure with the upload still there.
      if (caller?.createdId && (await uploads.find(caller.createdId))?.state === 'uploading') {
        await forgetUpload(app, { uploadId: caller.createdId, userId: caller.userId });
        // Its objects on a storage that does not answer go in the background (the answer would wait on them).
        const forgotten = forget(caller.createdId);
        if (!storageDown) await forgotten;
      }
      if (storageDown) {
        app.log.warn({ err: error }, 'tus request: the media storage did not answer');
        caller?.response.setHeader('Retry-After', String(STORAGE_RETRY_AFTER_SECONDS));
        caller?.response.setHeader('Cache-Control', 'no-store');
        return { status_code: 503, body: json(503, STORAGE_UNAVAILABLE_MESSAGE) };
      }
      const refusal = refusalOf(error);
      if (refusal) return { status_code: refusal.statusCode, body: json(refusal.statusCode, refusal.message) };
      if ('status_code' in error) {
        // The routes refuse an Upload-Length over MAX_VIDEO_BYTES before tus runs, so a 413 from
        // tus is a body going past the length its upload declared.
        const message = error.status_code === 413 ? pastDeclaredLengthMessage(caller?.declaredLength ?? 0) : error.body.trim();
        return { status_code: error.status_code, body: json(error.status_code, message) };
      }
      app.log.error({ err: error }, 'tus request failed');
      return { status_code: 500, body: json(500, 'Internal server error') };
    },
  });

  /**
   * Files of uploads that can no longer take bytes (a crash after the intake, or during a failed
   * creation): no row, or a finished one. An unfinished upload keeps its files, to be resumed.
   */
  async function removeOrphanFiles() {
    const ids = [...new Set((await readdir(directory).catch(() => [] as string[])).map((name) => name.replace(/\.json$/, '')))];
    const unfinished = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) for (const id of await uploads.unfinished(ids.slice(i, i + 500))) unfinished.add(id);
    await Promise.all(ids.filter((id) => !unfinished.has(id)).map(forget));
  }

  async function unavailableReason(): Promise<string | null> {
    const missing = await app.storage.missingCapabilities();
    return missing.find((capability) => capability.feature === NO_MULTIPART_UPLOADS.feature)?.message ?? null;
  }

  // Said once per process, and a cleanup failure once per kind in a row: every tick would repeat it.
  let reportedUnavailable = false;
  let lastCleanupFailure: string | null = null;

  /** tus' own sweep of expired uploads, where the storage can carry them at all. */
  async function cleanUpExpired() {
    let reason: string | null;
    try {
      reason = await unavailableReason();
    } catch (error) {
      if (lastCleanupFailure !== 'unanswered') app.log.warn({ err: error }, 'tus expired upload cleanup skipped: the media storage does not answer');
      lastCleanupFailure = 'unanswered';
      return;
    }
    if (reason) {
      if (!reportedUnavailable) app.log.warn({ reason }, 'resumable uploads are off: the media storage lacks what they need');
      reportedUnavailable = true;
      return;
    }
    try {
      await tus.cleanUpExpiredUploads();
      lastCleanupFailure = null;
    } catch (error) {
      const kind = (error as Error).name || String(error);
      if (kind !== lastCleanupFailure) app.log.warn({ err: error }, 'tus expired upload cleanup failed (said again only when the failure changes)');
      lastCleanupFailure = kind;
    }
  }

  async function cleanUp() {
    await mkdir(directory, { recursive: true }); // the temp sweep may have removed an idle directory
    await cleanUpExpired();
    // Leftovers the FileStore no longer lists (a crash between the intake and forget()).
    await removeStaleTempFiles(directory, config.tusExpiryMs);
    if (!s3Store) await removeOrphanFiles();
    await uploads.removeExpired(new Date(Date.now() - config.tusExpiryMs).toISOString());
  }

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= cleanUp()
      .catch((error: unknown) => app.log.warn({ err: error }, 'tus cleanup failed'))
      .finally(() => (sweeping = null));
  };
  return {
    directory,
    async handle(request, response, userId, declaredLength) {
      const caller: Caller = { userId, declaredLength, response };
      callers.set(request, caller);
      await tus.handle(request, response);
    },
    unavailableReason,
    cleanUp,
    async start() {
      await cleanUp();
      const every = Math.min(CLEANUP_EVERY_MAX_MS, Math.max(1000, Math.round(config.tusExpiryMs / 4)));
      timer = setInterval(sweep, every).unref();
    },
    async stop() {
      clearInterval(timer);
      await sweeping;
    },
  };
}
