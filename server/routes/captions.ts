// Captions: the owner adds WebVTT or SRT tracks, one per language; anyone who can see the video
// lists them; the owner deletes them. Files are served from /media/captions/ (routes/media.ts).
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Caption } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { CAPTION_LIMITS } from '../../contract/limits.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import type { CaptionRow } from '../db/repositories/captions.js';
import { badRequest, send } from '../http/envelope.js';
import { readMultipart } from '../http/multipart.js';
import { formFile, IdString, multipartBody } from '../http/schemas.js';
import { canonicalCaptionLanguage } from '../media/captionLanguage.js';
import { addCaption, assertCaptionEditor, removeCaption } from '../useCases/captions.js';
import { usableVideo } from '../videos/visibility.js';
import { ref } from '../http/namedSchemas.js';

const VideoParams = Type.Object({ videoId: IdString });
const CaptionParams = Type.Object({ videoId: IdString, captionId: IdString });

const captionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = { tags: ['captions'] };
  const signedIn = [{ bearer: [] }];
  const tempDir = join(app.config.dataDir, 'tmp');
  const toCaption = (row: CaptionRow): Caption => ({ _id: row.id, language: row.language, label: row.label, url: app.urls.caption(row.video_id, row.id) });

  app.post(
    '/:videoId/captions',
    {
      preHandler: requireUser,
      config: {
        rateLimit: app.rateLimits.write,
        multipartForm: Type.Object({
          file: formFile('WebVTT or SRT, UTF-8'),
          language: Type.String({ description: 'BCP 47 tag, e.g. en, pt-BR' }),
          label: Type.Optional(Type.String()),
        }),
      },
      schema: {
        operationId: 'postVideosByVideoIdCaptions',
        ...schema,
        summary: 'Add a caption track (multipart: file = WebVTT or SRT, language = BCP 47 tag, label)',
        consumes: ['multipart/form-data'],
        security: signedIn,
        params: VideoParams,
        body: multipartBody('file (WebVTT or SRT, UTF-8, up to 1 MB), language (e.g. en, pt-BR), label (e.g. English)'),
        response: { 201: Envelope(ref(Caption)) },
      },
    },
    async (request, reply) => {
      const { videoId } = request.params;
      const callerId = userIdOf(request);
      // The owner is checked before the body is read: nobody else's upload is taken in.
      await assertCaptionEditor(app, { videoId, callerId });
      const form = await readMultipart(request, { file: { maxBytes: CAPTION_LIMITS.fileBytes, label: 'Caption file' } }, tempDir);
      try {
        const language = canonicalCaptionLanguage((form.fields.language ?? '').trim());
        const label = (form.fields.label ?? '').trim();
        const file = form.files.file;
        if (!file) throw badRequest('Caption file is required');
        if (!language) throw badRequest('Language must be a language tag such as en or pt-BR');
        if (!label) throw badRequest('Label is required');
        if (label.length > CAPTION_LIMITS.labelMax) throw badRequest(`Label must be at most ${CAPTION_LIMITS.labelMax} characters`);
        const row = await addCaption(app, { callerId, videoId, language, label, file: file.buffer });
        return send(reply, 201, toCaption(row), 'Captions added successfully');
      } finally {
        await form.cleanup();
      }
    },
  );

  app.get(
    '/:videoId/captions',
    { schema: { operationId: 'getVideosByVideoIdCaptions', ...schema, summary: 'Caption tracks of a video', params: VideoParams, response: { 200: Envelope(Type.Array(ref(Caption))) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      await usableVideo(app.reads, videoId, request.auth?.userId ?? null);
      const rows = await app.reads.captions.list(videoId);
      return send(reply, 200, rows.map(toCaption), 'Captions fetched successfully');
    },
  );

  app.delete(
    '/:videoId/captions/:captionId',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'deleteVideosByVideoIdCaptionsByCaptionId', summary: 'Delete a caption track', ...schema, security: signedIn, params: CaptionParams, response: { 200: Envelope(Type.Object({ captionId: Type.String() })) } },
    },
    async (request, reply) => {
      const { videoId, captionId } = request.params;
      await removeCaption(app, { callerId: userIdOf(request), videoId, captionId });
      return send(reply, 200, { captionId }, 'Captions deleted successfully');
    },
  );
};
export default captionsRoutes;
