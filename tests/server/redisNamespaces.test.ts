// Two deployments (two databases) on one Redis. With default settings each has its own job queue
// (as its own read-cache and live-event namespaces), so neither takes the other's jobs. Given one
// JOBS_QUEUE anyway, a worker that gets the other deployment's job says so (job id, video id) and
// leaves it for that deployment's workers.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../server/config.js';
import { databases, registerUser, startServer } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { makeClip, mp4Upload, uploadVideo, videoState, waitForVideo } from './mediaFixtures.js';
import { sharedPlace, startWorkerProcess, stopProcess } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

skipReason('Two deployments on one Redis');

// What differs by database is only where the names come from (the SQLite file, or DATABASE_URL
// with its schema): checked on each. The servers, the worker process and the transcodes run on one
// database, the last (PostgreSQL when reachable), as a deployment of several processes does.
describe.each(databases)("a deployment's Redis names on %s", (dialect) => {
  it('are its own by default, and the same for every process of it', async () => {
    const names = (config: Config) => [config.jobsQueueName, config.readCacheNamespace, config.liveEventsNamespace, config.rateLimit.namespace];
    const a = await sharedPlace(dialect);
    const b = await sharedPlace(dialect);
    try {
      // What each process of the deployment loads from the same environment.
      const [ofA, alsoOfA, ofB] = [loadConfig(a.env), loadConfig(a.env), loadConfig(b.env)].map(names);
      expect(alsoOfA).toEqual(ofA);
      for (const [index, name] of ofA!.entries()) expect(name).not.toBe(ofB![index]);
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });
});

const dialect = databases.at(-1)!;

describe.skipIf(!redisForTests.url)(`two deployments on one Redis, on ${dialect}`, () => {
  const redisUrl = redisForTests.url!;
  const jobsDone = (state: { job?: { state: string } }) => state.job?.state === 'done';

  it("with default settings neither takes the other's jobs", async () => {
    const env = { REDIS_URL: redisUrl, TRANSCODE_PRESET: 'ultrafast' };
    // A queues jobs and runs none yet; B runs its own.
    const a = await startServer({ dialect, env: { ...env, RUN_JOBS_IN_PROCESS: 'false' } });
    const b = await startServer({ dialect, env });
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queueOfA = new Queue(a.config.jobsQueueName, { connection });
    let aWorker: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      const clip = await makeClip('two-deployments.mp4', { width: 320, height: 240, seconds: 1 });
      const onA = await uploadVideo(a, (await registerUser(a)).token, await mp4Upload(clip, 'On A'));
      const onB = await uploadVideo(b, (await registerUser(b)).token, await mp4Upload(clip, 'On B'));
      expect([onA.status, onB.status]).toEqual([201, 201]);
      const videoA: string = onA.body.data._id;
      // B's worker has run B's job, queued after A's: had it shared A's queue, it would have taken A's first.
      await waitForVideo(b.app.repos, onB.body.data._id, jobsDone, 120_000);
      expect(await queueOfA.getJobState(`transcode-${videoA}`)).toBe('waiting');
      expect((await videoState(a.app.repos, videoA))!.job?.state).toBe('queued');

      // A's own worker takes it.
      aWorker = await startServer({ dialect, dataDir: a.dataDir, schema: a.schema ?? undefined, env });
      await waitForVideo(a.app.repos, videoA, jobsDone, 120_000);
    } finally {
      await queueOfA.close();
      connection.disconnect();
      await aWorker?.close();
      await b.close();
      await a.close();
    }
  }, 300_000);

  it("given one JOBS_QUEUE, a worker leaves the other deployment's job and says so", async () => {
    const shared = { REDIS_URL: redisUrl, JOBS_QUEUE: uniqueName('shared-jobs'), TRANSCODE_PRESET: 'ultrafast' };
    const other = await sharedPlace(dialect, shared);
    const strayWorker = await startWorkerProcess(other);
    const a = await startServer({ dialect, env: { ...shared, RUN_JOBS_IN_PROCESS: 'false' } });
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    let aWorker: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      const clip = await makeClip('shared-queue.mp4', { width: 320, height: 240, seconds: 1 });
      const upload = await uploadVideo(a, (await registerUser(a)).token, await mp4Upload(clip, 'On A'));
      expect(upload.status).toBe(201);
      const videoId: string = upload.body.data._id;
      await eventually(() => strayWorker.output(), { until: (output) => output.includes('job of another deployment'), timeout: 60_000, what: "the stray worker's warning" });
      const warning = strayWorker.output().split('\n').find((line) => line.includes('job of another deployment'))!;
      expect(JSON.parse(warning)).toMatchObject({ level: 40, jobId: `transcode-${videoId}`, videoId });
      expect((await videoState(a.app.repos, videoId))!.job?.state).toBe('queued');

      // The stray worker put the job back for 5 s (the product's delay) and would bounce it again
      // whenever it took it first: it stops, and the job is made due now, as when that time is up,
      // so A's worker takes it at once instead of after the wait.
      await stopProcess(strayWorker);
      const sharedQueue = new Queue(shared.JOBS_QUEUE, { connection });
      const leftJob = await sharedQueue.getJob(`transcode-${videoId}`);
      expect(await leftJob?.getState()).toBe('delayed');
      await leftJob!.promote();
      await sharedQueue.close();
      aWorker = await startServer({ dialect, dataDir: a.dataDir, schema: a.schema ?? undefined, env: shared });
      await waitForVideo(a.app.repos, videoId, jobsDone, 120_000);
    } finally {
      connection.disconnect();
      await aWorker?.close();
      await a.close();
      await stopProcess(strayWorker);
      await other.dispose();
    }
  }, 300_000);
});
