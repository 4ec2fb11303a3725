// POST /videos/upload-Video: answers 201 with the new video as soon as the file is safely
// stored and checked; transcoding runs after (status 'processing', then 'ready').
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VideoCard } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { toVideoCard } from '../formatters/video.js';
import { badRequest, send } from '../http/envelope.js';
import { readMultipart, removeStaleTempFiles } from '../http/multipart.js';
import { startPartialUploadSweep } from '../http/partialUploads.js';
import { megabytes } from '../../contract/rules.js';
import { checkVideoDetails, ingestVideo } from '../useCases/ingest.js';
import { ref } from '../http/namedSchemas.js';
import { formFile } from '../http/schemas.js';
import { Type } from 'typebox';

const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tempDir = join(app.config.dataDir, 'tmp');
  // Not the directories swept by their own rules (uploads in flight of other processes live there).
  app.afterListen(() => removeStaleTempFiles(tempDir, undefined, ['multipart', 'tus']));
  // Partial uploads of a crashed process go (http/partialUploads.ts).
  let stopSweep = () => {};
  app.afterListen(async () => {
    stopSweep = await startPartialUploadSweep(tempDir, (error) => app.log.warn({ err: error }, 'partial upload sweep failed'));
  });
  app.addHook('onClose', async () => stopSweep());

  app.post(
    '/upload-Video',
    {
      preHandler: requireUser,
      config: {
        rateLimit: app.rateLimits.write,
        multipartForm: Type.Object({
          title: Type.String(),
          description: Type.String(),
          videoFile: formFile('The video (MP4, WebM, QuickTime, ...); sniffed, not trusted by name'),
          thumbnail: Type.Optional(formFile('Optional PNG, JPEG, WebP or GIF; a frame of the video otherwise')),
        }),
      },
      schema: {
        operationId: 'postVideosUploadVideo',
        tags: ['videos'],
        summary: `Upload a video (multipart: title, description, videoFile up to ${megabytes(app.config.maxVideoBytes)} MB, optional thumbnail up to ${megabytes(app.config.maxImageBytes)} MB)`,
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 201: Envelope(ref(VideoCard)) },
      },
    },
    async (request, reply) => {
      const ownerId = userIdOf(request);
      const form = await readMultipart(
        request,
        {
          videoFile: { maxBytes: app.config.maxVideoBytes, toDisk: true, label: 'Video' },
          thumbnail: { maxBytes: app.config.maxImageBytes, label: 'Thumbnail' },
        },
        tempDir,
      );
      try {
        const { title, description } = checkVideoDetails(form.fields);
        const videoFile = form.diskFiles.videoFile;
        if (!videoFile) throw badRequest('Video file is required');
        await app.events.publish('upload.bytesReceived', { kind: 'multipart', bytes: videoFile.size });

        const videoId = await ingestVideo(app, { ownerId, title, description, sourcePath: videoFile.path, thumbnail: form.files.thumbnail?.buffer });
        const row = await app.reads.videos.findCard(videoId);
        if (!row) throw new Error(`uploaded video ${videoId} is gone`);
        return send(reply, 201, toVideoCard(row, app.urls), 'Video uploaded successfully');
      } finally {
        await form.cleanup();
      }
    },
  );
};
export default uploadsRoutes;
