// Every job writes its start, its end (duration and the rungs it made) and its failure, with the
// video id and job type, through the process's pino logger: read here from the logger's destination.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../server/jobs/handlers/index.js';
import { LocalJobQueue } from '../../server/jobs/localQueue.js';
import type { QueueDeps } from '../../server/jobs/types.js';
import { transcodeJobId } from '../../server/media/videoFiles.js';
import { insertVideo, registerUser, startServer, type TestServer } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { makeClip, mp4Upload, uploadVideo } from './mediaFixtures.js';

type LogLine = Record<string, unknown> & { msg: string };

describe('job log lines (in-process queue)', () => {
  let server: TestServer;
  const lines: LogLine[] = [];
  let deps: QueueDeps;
  beforeAll(async () => {
    // The app only enqueues: the queue under test takes the jobs.
    server = await startServer({ env: { RUN_JOBS_IN_PROCESS: 'false' } });
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    const { config, repos, storage, events } = server.app;
    deps = { config, repos, storage, events, metrics: server.parts.core.metrics, log, redis: null };
  });
  afterAll(() => server?.close());

  it('logs start, end with duration and rungs, and failure, each with the video id and job type', async () => {
    const user = await registerUser(server);
    const clip = await makeClip('joblog.mp4', { width: 640, height: 360, seconds: 1 });
    const upload = await uploadVideo(server, user.token, await mp4Upload(clip, 'Logged'));
    const videoId: string = upload.body.data._id;
    const brokenSource = `sources/broken-of-${user.id}.mp4`;
    const broken = await insertVideo(server, user.id, { status: 'processing', sourceKey: brokenSource });
    await server.app.storage.putBuffer(brokenSource, Buffer.from('not a video at all'), 'video/mp4');

    const queue = new LocalJobQueue(deps, jobHandlers, { process: true, pollMs: 50 });
    await queue.start();
    try {
      await queue.enqueue('transcode', { videoId: broken });
      const ended = (id: string, msg: string) => lines.some((line) => line.videoId === id && line.msg === msg);
      await eventually(() => ended(videoId, 'job done') && ended(broken, 'job failed'), { what: 'the two jobs to end', timeout: 30_000 });
    } finally {
      await queue.stop();
    }
    const of = (id: string) => lines.filter((line) => line.videoId === id);
    expect(of(videoId)).toEqual([
      expect.objectContaining({ level: 30, msg: 'job started', jobId: transcodeJobId(videoId), type: 'transcode', videoId, attempt: 1 }),
      expect.objectContaining({ level: 30, msg: 'job done', jobId: transcodeJobId(videoId), type: 'transcode', videoId, attempt: 1, durationMs: expect.any(Number), rungs: [360, 240, 144] }),
    ]);
    expect(of(broken).slice(0, 2)).toEqual([
      expect.objectContaining({ level: 30, msg: 'job started', type: 'transcode', videoId: broken, attempt: 1 }),
      expect.objectContaining({ level: 40, msg: 'job failed', type: 'transcode', videoId: broken, attempt: 1, durationMs: expect.any(Number), err: expect.stringMatching(/not a readable video/) }),
    ]);
  });
});
