// Resumable uploads over tus 1.0 at /api/v1/uploads/tus. Signed-in only; an upload
// belongs to the user who created it. Fastify checks the caller, the metadata and the upload's
// state (answering in the envelope), then hands the raw request to tus (uploads/tusIntake.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Metadata } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TusUploadVideo } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { TUS_VIDEO_ID_HEADER } from '../../contract/offline.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import type { TusUploadRow } from '../db/repositories/tusUploads.js';
import { ApiError, badRequest, conflict, forbidden, notFound, payloadTooLarge, send } from '../http/envelope.js';
import { sizeLimitMessage } from '../http/multipart.js';
import { busy } from '../domain/errors.js';
import { NO_REDIS_FOR_LOCKS } from '../health/readiness.js';
import { checkVideoDetails } from '../useCases/ingest.js';
import { isStorableText, unstorableText } from '../http/storableText.js';
import { forgetUpload } from '../useCases/uploads.js';
import { createTusIntake, pastDeclaredLengthMessage, TUS_VERSION } from '../uploads/tusIntake.js';

/** A Redis restart takes a few seconds; tus clients retry on their own. */
const REDIS_RETRY_AFTER_SECONDS = 5;

const UploadParams = Type.Object({ uploadId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });
type UploadRequest = FastifyRequest<{ Params: { uploadId: string } }>;

const tusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const intake = createTusIntake(app, app.prefix);
  const uploads = app.reads.tusUploads;
  app.afterListen(() => intake.start());
  app.addHook('onClose', async () => intake.stop());
  // A storage without what tus needs (S3 multipart uploads): 501 naming it, before tus fails inside.
  app.addHook('preHandler', async () => {
    const reason = await intake.unavailableReason();
    if (reason) throw new ApiError(501, reason);
  });
  // tus reads the body itself, streaming it into the FileStore.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const tags = ['uploads'];
  const security = [{ bearer: [] }];
  const config = { idempotency: false }; // tus resumes by offsets, not by keys

  async function handOver(request: FastifyRequest, reply: FastifyReply, declaredLength: number) {
    // The upload's lock across nodes lives in Redis: without it two nodes could write one upload.
    if (app.redis && !app.redis.isUp) throw busy(NO_REDIS_FOR_LOCKS.message, REDIS_RETRY_AFTER_SECONDS);
    const userId = userIdOf(request);
    reply.hijack();
    await intake.handle(request.raw, reply.raw, userId, declaredLength);
    // Bytes taken in: how far this request moved the offset.
    const before = Number(request.headers['upload-offset'] ?? 0);
    const after = Number(reply.raw.getHeader('upload-offset') ?? before);
    if (request.method !== 'HEAD' && after > before) await app.events.publish('upload.bytesReceived', { kind: 'tus', bytes: after - before });
  }

  async function ownUpload(request: UploadRequest): Promise<TusUploadRow> {
    const upload = await uploads.find(request.params.uploadId);
    if (!upload) throw notFound('Upload not found');
    if (upload.user_id !== userIdOf(request)) throw forbidden('This upload belongs to another user');
    return upload;
  }

  /** 413 before tus runs when the body, by its Content-Length, would go past the declared length. */
  function refuseBodyPast(request: FastifyRequest, declaredLength: number) {
    const offset = Number(request.headers['upload-offset'] ?? 0);
    const bodyLength = Number(request.headers['content-length'] ?? 0);
    if (request.headers['content-type'] === 'application/offset+octet-stream' && offset + bodyLength > declaredLength) {
      throw payloadTooLarge(pastDeclaredLengthMessage(declaredLength));
    }
  }

  /** The answer, by state, for an upload that cannot take the request (not done, refused, already done). */
  function outcomeError(upload: TusUploadRow): ApiError {
    if (upload.state === 'refused') return new ApiError(upload.error_status ?? 500, upload.error_message ?? 'Upload refused');
    if (upload.state === 'checking') return conflict('Upload is still being checked');
    if (upload.state === 'uploading') return conflict('Upload is not complete');
    return conflict('Upload is already complete');
  }

  /** Creation (with or without the first bytes): title and description in Upload-Metadata. */
  app.post(
    '/',
    { preHandler: requireUser, config: { ...config, rateLimit: app.rateLimits.write }, schema: { operationId: 'postUploadsTus', tags, security, summary: 'Create a tus upload' } },
    async (request, reply) => {
      const length = request.headers['upload-length'];
      if (typeof length !== 'string' || !/^\d+$/.test(length)) throw badRequest('Upload-Length is required (deferred length is not supported)');
      if (Number(length) === 0) throw badRequest('Video file is required');
      if (Number(length) > app.config.maxVideoBytes) throw payloadTooLarge(sizeLimitMessage('Video', app.config.maxVideoBytes));
      let metadata: Record<string, string | null>;
      try {
        metadata = Metadata.parse(request.headers['upload-metadata'] as string | undefined);
      } catch {
        throw badRequest('Upload-Metadata is malformed (keys with base64 values, comma separated)');
      }
      const unstorable = Object.entries(metadata).find(([key, value]) => !isStorableText(key) || (value !== null && !isStorableText(value)));
      if (unstorable) throw unstorableText(unstorable[0]);
      checkVideoDetails(metadata);
      refuseBodyPast(request, Number(length));
      await handOver(request, reply, Number(length));
    },
  );

  app.head('/:uploadId', { preHandler: requireUser, config, schema: { tags, security, params: UploadParams, summary: 'Offset of a tus upload' } }, async (request, reply) => {
    const upload = await ownUpload(request);
    if (upload.state === 'uploading' || upload.state === 'checking') return handOver(request, reply, upload.size);
    if (upload.state === 'refused') throw outcomeError(upload);
    // Done: every byte is here, and the video it became (for a client that reloaded at the end).
    return reply
      .code(200)
      .headers({ 'Tus-Resumable': TUS_VERSION, 'Upload-Offset': upload.size, 'Upload-Length': upload.size, 'Cache-Control': 'no-store', [TUS_VIDEO_ID_HEADER]: upload.video_id ?? '' })
      .send();
  });

  app.patch('/:uploadId', { preHandler: requireUser, config, schema: { operationId: 'patchUploadsTusByUploadId', tags, security, params: UploadParams, summary: 'Append to a tus upload' } }, async (request, reply) => {
    const upload = await ownUpload(request);
    if (upload.state === 'uploading') {
      refuseBodyPast(request, upload.size);
      return handOver(request, reply, upload.size);
    }
    if (upload.video_id) reply.header(TUS_VIDEO_ID_HEADER, upload.video_id);
    reply.header('Tus-Resumable', TUS_VERSION);
    throw outcomeError(upload);
  });

  app.delete('/:uploadId', { preHandler: requireUser, config, schema: { operationId: 'deleteUploadsTusByUploadId', tags, security, params: UploadParams, summary: 'Abandon a tus upload' } }, async (request, reply) => {
    const upload = await ownUpload(request);
    if (upload.state === 'checking') throw outcomeError(upload);
    if (upload.state === 'uploading') {
      await handOver(request, reply, upload.size);
      if (reply.raw.statusCode === 204) await forgetUpload(app, { uploadId: upload.id, userId: upload.user_id });
      return;
    }
    await forgetUpload(app, { uploadId: upload.id, userId: upload.user_id }); // its video stays
    return reply.code(204).header('Tus-Resumable', TUS_VERSION).send();
  });

  app.get(
    '/:uploadId/video',
    {
      preHandler: requireUser,
      schema: { operationId: 'getUploadsTusByUploadIdVideo', tags, security, params: UploadParams, summary: 'The video a finished tus upload became', response: { 200: Envelope(TusUploadVideo) } },
    },
    async (request, reply) => {
      const upload = await ownUpload(request);
      if (upload.state !== 'done' || !upload.video_id) throw outcomeError(upload);
      return send(reply, 200, { videoId: upload.video_id }, 'Upload finished');
    },
  );
};
export default tusRoutes;
