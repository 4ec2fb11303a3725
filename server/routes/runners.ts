// The remote runners' API (/runners; TRANSCODE_RUNNERS=remote): a runner authenticates with its own
// token (X-Runner-Token, `npm run admin -- runner add`), claims a job's lease, downloads the
// source, and hands in each step of its encode half; the use cases (useCases/runnerJobs.ts) run the
// record half. Every call about a job names its lease (job id and attempt) and renews it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import { RUNNER_LIMITS } from '../../contract/limits.js';
import { requireRunner, runnerOf } from '../auth/runnerAuth.js';
import { Readable } from 'node:stream';
import { send, unsupportedMediaType } from '../http/envelope.js';
import {
  claimRunnerJob,
  failRunnerJob,
  finishRunnerJob,
  openRunnerSource,
  planRunnerJob,
  reportRunnerProgress,
  takeRunnerFile,
  takeRunnerFragments,
  takeRunnerRendition,
} from '../useCases/runnerJobs.js';

const LeaseParams = Type.Object({
  jobId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
  attempt: Type.Integer({ minimum: 1, maximum: 1000 }),
});
const FileParams = Type.Object({ ...LeaseParams.properties, name: Type.String({ minLength: 1, maxLength: 20 }) });

const Ok = Type.Object({ ok: Type.Boolean() });
const ClaimedJob = Type.Object({
  jobId: Type.String(),
  attempt: Type.Integer(),
  type: Type.Literal('transcode'),
  videoId: Type.String(),
  leaseMs: Type.Integer({ description: 'Silent longer than this, the runner loses the job' }),
});
const Audio = Type.Object({
  codec: Type.String({ maxLength: 50 }),
  profile: Type.Union([Type.String({ maxLength: 50 }), Type.Null()]),
  channels: Type.Integer({ minimum: 0, maximum: 64 }),
  sampleRate: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  kbps: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
});
const Probe = Type.Object({
  duration: Type.Number({ minimum: 0, maximum: 7 * 24 * 3600 }),
  width: Type.Integer({ minimum: 1, maximum: 16384 }),
  height: Type.Integer({ minimum: 1, maximum: 16384 }),
  audio: Type.Union([Audio, Type.Null()]),
  browserPlayable: Type.Boolean(),
});
const Rung = Type.Object({
  height: Type.Integer(),
  maxVideoKbps: Type.Integer(),
  bufferSeconds: Type.Number(),
  audio: Type.Union([Type.Literal('shared'), Type.Literal('mono')]),
  audioKbps: Type.Integer(),
  x264Params: Type.Union([Type.String(), Type.Null()]),
});
const Plan = Type.Object({ rungs: Type.Array(Rung), stream: Type.Boolean(), preset: Type.String() });
const Height = Type.Integer({ minimum: 2, maximum: 4320 });
const ByteRange = Type.Object({ offset: Type.Integer({ minimum: 0 }), length: Type.Integer({ minimum: 1 }) });
/** The streamed rung's playlist as the runner parsed it (media/hls.ts MediaPlaylist): its fragments are byte ranges of one file. */
const MediaPlaylist = Type.Object({
  uri: Type.String({ maxLength: 100 }),
  map: ByteRange,
  segments: Type.Array(Type.Object({ ...ByteRange.properties, duration: Type.Number({ minimum: 0, maximum: 3600 }) }), { maxItems: 200_000 }),
  targetDuration: Type.Number({ minimum: 0, maximum: 3600 }),
  ended: Type.Boolean(),
});

const runnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['runners'];
  const security = [{ runnerToken: [] }];
  const guarded = { preHandler: requireRunner };
  // A rung's files arrive as they are, streamed to disk by the use case.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.post(
    '/jobs/claim',
    { ...guarded, schema: { operationId: 'postRunnersJobsClaim', tags, security, summary: 'Claim the oldest waiting transcode job (its lease); job is null when none waits', response: { 200: Envelope(Type.Object({ job: Type.Union([ClaimedJob, Type.Null()]) })) } } },
    async (request, reply) => send(reply, 200, { job: await claimRunnerJob(app, runnerOf(request)) }, 'Claimed'),
  );

  app.get(
    '/jobs/:jobId/:attempt/source',
    { ...guarded, schema: { operationId: 'getRunnersJobsByJobIdByAttemptSource', tags, security, summary: "Download the leased job's source video", params: LeaseParams } },
    async (request, reply) => {
      const { stream, size } = await openRunnerSource(app, runnerOf(request), request.params);
      if (size !== null) reply.header('content-length', size);
      return reply.type('application/octet-stream').send(stream);
    },
  );

  app.post(
    '/jobs/:jobId/:attempt/plan',
    { ...guarded, schema: { operationId: 'postRunnersJobsByJobIdByAttemptPlan', tags, security, summary: 'Hand in the probe of the source; answers the rungs to make', params: LeaseParams, body: Type.Object({ probe: Probe }), response: { 200: Envelope(Plan) } } },
    async (request, reply) => send(reply, 200, await planRunnerJob(app, runnerOf(request), request.params, request.body.probe), 'Planned'),
  );

  app.post(
    '/jobs/:jobId/:attempt/progress',
    { ...guarded, schema: { operationId: 'postRunnersJobsByJobIdByAttemptProgress', tags, security, summary: 'Report progress (0..1); also renews the lease', params: LeaseParams, body: Type.Object({ fraction: Type.Number({ minimum: 0, maximum: 1 }) }), response: { 200: Envelope(Ok) } } },
    async (request, reply) => {
      await reportRunnerProgress(app, runnerOf(request), request.params, request.body.fraction);
      return send(reply, 200, { ok: true }, 'Progress recorded');
    },
  );

  app.post(
    '/jobs/:jobId/:attempt/fragments',
    {
      ...guarded,
      bodyLimit: RUNNER_LIMITS.fragmentsBodyBytes,
      schema: {
        operationId: 'postRunnersJobsByJobIdByAttemptFragments',
        tags,
        security,
        summary: "The streamed rung's new bytes (base64, from `offset` of its file) and its playlist so far",
        params: LeaseParams,
        body: Type.Object({
          height: Height,
          playlist: MediaPlaylist,
          offset: Type.Integer({ minimum: 0 }),
          bytes: Type.String({ maxLength: RUNNER_LIMITS.fragmentsBodyBytes }),
          published: Type.Integer({ minimum: 0, description: 'Fragments the API has published so far, as the runner knows it' }),
        }),
        response: { 200: Envelope(Type.Object({ published: Type.Integer() })) },
      },
    },
    async (request, reply) => {
      const { bytes, ...rest } = request.body;
      const answer = await takeRunnerFragments(app, runnerOf(request), request.params, { ...rest, bytes: Buffer.from(bytes, 'base64') });
      return send(reply, 200, answer, 'Fragments published');
    },
  );

  app.put(
    '/jobs/:jobId/:attempt/files/:name',
    {
      ...guarded,
      schema: { operationId: 'putRunnersJobsByJobIdByAttemptFilesByName', tags, security, summary: "Upload one finished rung's file: `<height>.mp4` or `<height>.m3u8` (application/octet-stream)", params: FileParams, response: { 200: Envelope(Type.Object({ size: Type.Integer() })) } },
    },
    async (request, reply) => {
      if (!(request.body instanceof Readable)) throw unsupportedMediaType('Send the file as application/octet-stream');
      const { name, ...lease } = request.params;
      const answer = await takeRunnerFile(app, runnerOf(request), lease, { name, body: request.body, maxBytes: app.config.maxVideoBytes * 4 });
      return send(reply, 200, answer, 'File stored');
    },
  );

  app.post(
    '/jobs/:jobId/:attempt/renditions',
    { ...guarded, schema: { operationId: 'postRunnersJobsByJobIdByAttemptRenditions', tags, security, summary: 'A rung is complete (both files uploaded): publish it', params: LeaseParams, body: Type.Object({ height: Height, encodeSeconds: Type.Number({ minimum: 0 }) }), response: { 200: Envelope(Ok) } } },
    async (request, reply) => {
      await takeRunnerRendition(app, runnerOf(request), request.params, request.body);
      return send(reply, 200, { ok: true }, 'Rendition published');
    },
  );

  app.post(
    '/jobs/:jobId/:attempt/done',
    { ...guarded, schema: { operationId: 'postRunnersJobsByJobIdByAttemptDone', tags, security, summary: 'Every rung is in: the job is done', params: LeaseParams, response: { 200: Envelope(Type.Object({ rungs: Type.Array(Type.Integer()) })) } } },
    async (request, reply) => send(reply, 200, await finishRunnerJob(app, runnerOf(request), request.params), 'Job done'),
  );

  app.post(
    '/jobs/:jobId/:attempt/failed',
    {
      ...guarded,
      schema: {
        operationId: 'postRunnersJobsByJobIdByAttemptFailed',
        tags,
        security,
        summary: 'The runner could not finish: retried after the backoff, or failed for good',
        params: LeaseParams,
        body: Type.Object({ error: Type.String({ minLength: 1, maxLength: RUNNER_LIMITS.errorMax }) }),
        response: { 200: Envelope(Type.Object({ outcome: Type.Union([Type.Literal('retry'), Type.Literal('failed')]) })) },
      },
    },
    async (request, reply) => send(reply, 200, await failRunnerJob(app, runnerOf(request), request.params, request.body.error), 'Failure recorded'),
  );
};
export default runnerRoutes;
