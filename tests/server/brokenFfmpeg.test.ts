// A process that runs jobs checks ffmpeg and ffprobe at start (`-version`). With a broken one
// (FFMPEG_PATH=/bin/false) it is not ready, says why, and takes no transcode job: otherwise it
// failed every video as "the source is not a readable video".
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer, type TestServer } from '../support/server.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { freePort, schemaOf, sharedPlace, startWorkerProcess, stopProcess } from './processes.js';

const dialect = databases.at(-1)!;
const clip = makeClip('broken-ffmpeg.mp4', { width: 320, height: 180, seconds: 1 });
/** Several of the worker's polls of the jobs table (1 s each): a working worker takes the job well within it. */
const SEVERAL_POLLS_MS = 3000;

describe(`a worker whose ffmpeg is broken (${dialect})`, () => {
  it('is not ready, names ffmpeg, and leaves the transcode queued', async () => {
    const place = await sharedPlace(dialect);
    const port = await freePort();
    let worker: (ChildProcess & { output(): string }) | null = null;
    let api: TestServer | null = null;
    try {
      api = await startServer({ dialect, dataDir: place.env.DATA_DIR, env: { RUN_JOBS_IN_PROCESS: 'false' }, schema: schemaOf(place) });
      const user = await registerUser(api);
      const upload = await uploadVideo(api, user.token, await mp4Upload(await clip, 'For a broken worker'));
      expect(upload.status).toBe(201);
      worker = (await startWorkerProcess(place, { FFMPEG_PATH: '/bin/false', METRICS_PORT: String(port) })) as ChildProcess & { output(): string };

      const ready = await fetch(`http://127.0.0.1:${port}/healthcheck/ready`);
      expect(ready.status).toBe(503);
      const body = await ready.json();
      expect(body).toMatchObject({ statusCode: 503, success: false, message: expect.stringContaining('ffmpeg does not work') });
      expect(body.errors).toContainEqual(expect.objectContaining({ dependency: 'mediaTools', ok: false, error: expect.stringContaining('/bin/false') }));
      expect(worker.output()).toContain('ffmpeg does not work');

      await new Promise((resolve) => setTimeout(resolve, SEVERAL_POLLS_MS));
      const state = await waitForVideo(place.repos, upload.body.data._id, () => true);
      expect(state.job).toMatchObject({ state: 'queued', attempts: 0 });
      expect(state.status).toBe('processing');
    } finally {
      if (worker) await stopProcess(worker);
      await api?.close();
      await place.dispose();
    }
  });
});

describe('an API process whose ffmpeg is broken, running jobs itself', () => {
  it('answers readiness 503 naming ffmpeg, while liveness stays 200', async () => {
    const server = await startServer({ env: { FFMPEG_PATH: '/bin/false' } });
    try {
      const ready = await call(server, 'GET', '/healthcheck/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toContain('ffmpeg does not work');
      expect((await call(server, 'GET', '/healthcheck')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
