// Remote transcoding runners: the operator's commands (`npm run admin -- runner add|list|revoke`,
// real child processes), the runner API's token and lease rules, and a real runner process
// (`server/runner/main.ts`, as `npm run runner` starts it) transcoding an upload end to end with
// only the API's URL and its token. TRANSCODE_RUNNERS=remote: no process of the API transcodes.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMediaPlaylist, variantFacts } from '../../server/media/hls.js';
import { probeVideo } from '../../server/media/probe.js';
import { type Rendition, transcodeLadder } from '../../server/media/transcode.js';
import { RunnerApi } from '../../server/runner/apiClient.js';
import { ApiRecorder } from '../../server/runner/apiRecorder.js';
import { Queue } from 'bullmq';
import { addRunner as registerRunner, revokeRunner } from '../../server/useCases/runners.js';
import { runAdmin } from './adminFixtures.js';
import { call, databases, registerUser, startServer, type TestServer } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { expectValidHls } from './hlsFixtures.js';
import { makeClip, mp4Upload, tools, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { stopProcess } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

// 320x240: two rungs (240p, streamed while made, and 144p); 2 s is one fragment each, 4 s two.
const clip = makeClip('runner.mp4', { width: 320, height: 240, seconds: 2 });
const longerClip = makeClip('runner-4s.mp4', { width: 320, height: 240, seconds: 4 });

/** `npm run runner -- --url --token` as its own process, with no database, Redis or data dir in its environment. */
function startRunnerProcess(url: string, token: string): ChildProcess & { output: () => string } {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'S3_ENDPOINT', 'S3_BUCKET']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/runner/main.ts', '--url', url, '--token', token, '--poll-ms', '200'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

/** One call of the runner API, as a runner makes it. */
async function runnerCall(server: { url: string }, token: string, method: string, path: string, json?: unknown) {
  const response = await fetch(`${server.url}/api/v1/runners${path}`, {
    method,
    headers: { 'x-runner-token': token, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe.each(databases)('remote runners (%s)', (dialect) => {
  let server: TestServer & { dataDir: string };
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startServer({ dialect, env: { TRANSCODE_RUNNERS: 'remote', RUNNER_LEASE_MS: '1500' } });
    env = { DATA_DIR: server.dataDir, JWT_SECRET: server.config.jwtSecret, LOG_LEVEL: 'warn', TRANSCODE_RUNNERS: 'remote', ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) };
  });
  afterAll(() => server?.close());

  /** `runner add NAME`: its token is the last line; only the token's SHA-256 is stored. */
  async function addRunner(name: string): Promise<string> {
    const added = await runAdmin(['runner', 'add', name], env);
    expect(added.code, added.stderr).toBe(0);
    const token = added.stdout.trim().split('\n').at(-1)!;
    expect(token).toMatch(/^vsr_[A-Za-z0-9_-]{43}$/);
    return token;
  }

  it('adds, lists and revokes runners; the database keeps only the token hash', async () => {
    const token = await addRunner('gpu-1');
    const row = await server.app.db.db.selectFrom('runners').selectAll().where('name', '=', 'gpu-1').executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    await expect(registerRunner(server.app, { name: 'gpu-1' })).rejects.toThrow("A runner named 'gpu-1' exists already");

    // The token works until it is revoked, and a user's JWT is no runner token.
    expect(await runnerCall(server, token, 'POST', '/jobs/claim')).toMatchObject({ status: 200, body: { data: { job: null } } });
    const user = await registerUser(server);
    expect((await runnerCall(server, user.token, 'POST', '/jobs/claim')).status).toBe(401);

    const revoked = await runAdmin(['runner', 'revoke', 'gpu-1'], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('Runner gpu-1 revoked');
    const row2 = await server.app.db.db.selectFrom('runners').select('revoked_at').where('name', '=', 'gpu-1').executeTakeFirstOrThrow();
    expect(row2.revoked_at).not.toBeNull();
    const refused = await runnerCall(server, token, 'POST', '/jobs/claim');
    expect(refused).toMatchObject({ status: 401, body: { success: false, message: 'Unknown or revoked runner token' } });

    const listed = await runAdmin(['runner', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^gpu-1\trevoked \S+\tadded \S+\tlast seen \S+$/m);
  }, 120_000);

  it("takes a silent runner's job back, then a runner process transcodes the video end to end with only the URL and a token", async () => {
    const owner = await registerUser(server);
    const upload = await uploadVideo(server, owner.token, await mp4Upload(await clip, 'Remote'));
    expect(upload.status).toBe(201);
    const videoId: string = upload.body.data._id;
    const jobId = `transcode-${videoId}`;

    // A runner claims the job, then goes silent: past its lease the job is queued again.
    const silent = (await registerRunner(server.app, { name: 'silent' })).token;
    const claimed = await runnerCall(server, silent, 'POST', '/jobs/claim');
    expect(claimed.body.data.job).toMatchObject({ jobId, attempt: 1, type: 'transcode', videoId, leaseMs: 1500 });
    const db = server.app.db.db;
    await eventually(() => db.selectFrom('jobs').select(['state', 'runner_id']).where('id', '=', jobId).executeTakeFirst(), { until: (row) => row?.state === 'queued' && row.runner_id === null, timeout: 20_000, what: 'the lease to run out' });
    // Its late report is refused: the lease is gone.
    expect((await runnerCall(server, silent, 'POST', `/jobs/${jobId}/1/progress`, { fraction: 0.5 })).status).toBe(409);
    expect((await waitForVideo(db, videoId, () => true)).status).toBe('processing');

    const token = (await registerRunner(server.app, { name: 'remote-1' })).token;
    const runner = startRunnerProcess(server.url, token);
    try {
      const state = await waitForVideo(db, videoId, (video) => video.job?.state === 'done' || video.job?.state === 'failed', 90_000);
      expect(state.job, runner.output()).toMatchObject({ state: 'done', attempts: 2 });
      expect(state.status).toBe('ready');
      expect(state.renditions.map((rendition) => rendition.height)).toEqual([240, 144]);
    } finally {
      await stopProcess(runner);
    }
    await expectValidHls(server, videoId, { resolutions: { 240: '320x240', 144: '192x144' }, duration: 2 });
    const runners = await db.selectFrom('runners').select(['name', 'last_seen_at']).where('name', '=', 'remote-1').execute();
    expect(runners[0]!.last_seen_at).not.toBeNull();
  }, 180_000);

  it("publishes a runner's streamed start rung fragment by fragment, as the worker does, then its rungs", async () => {
    const owner = await registerUser(server);
    const upload = await uploadVideo(server, owner.token, await mp4Upload(await longerClip, 'Streamed remotely'));
    const videoId: string = upload.body.data._id;
    const api = new RunnerApi(server.url, (await registerRunner(server.app, { name: 'streamer' })).token);
    const job = (await api.claim())!;
    expect(job).toMatchObject({ videoId, attempt: 1 });
    const workDir = await mkdtemp(join(tmpdir(), 'vidshare-runner-test-'));
    const recorder = new ApiRecorder(api, job, (error) => {
      throw error;
    });
    // The lease (1.5 s here) is kept as the runner keeps it.
    const heartbeat = setInterval(() => void recorder.heartbeat().catch(() => undefined), 300);
    try {
      // The encode half's steps, driven one by one: the fragments' hand-over does not depend on timing.
      await api.downloadSource(job, join(workDir, 'source'));
      const probe = (await probeVideo(tools, join(workDir, 'source')))!;
      const plan = await recorder.plan(probe);
      expect(plan).toMatchObject({ stream: true, preset: 'veryfast' });
      expect(plan.rungs.map((rung) => rung.height)).toEqual([240, 144]);
      const renditions: Rendition[] = [];
      await transcodeLadder({ tools, sourcePath: join(workDir, 'source'), probe, rungs: plan.rungs, startFirst: false, workDir: join(workDir, 'out'), onRendition: async (rendition) => void renditions.push(rendition) });
      const start = renditions.find((rendition) => rendition.height === 240)!;
      const playlist = parseMediaPlaylist(await readFile(start.hls.playlistPath, 'utf8'));
      expect(playlist.segments).toHaveLength(2);
      const growing = { height: 240, path: start.path, facts: await variantFacts(start.path, playlist.map) };

      await recorder.fragments({ ...growing, playlist: { ...playlist, segments: playlist.segments.slice(0, 1), ended: false } });
      // Playable from the first fragment: ready, an HLS master listing the live rung.
      const during = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
      expect(during).toMatchObject({ status: 'ready', qualities: [], hlsUrl: `/media/video/hls/${videoId}/master.m3u8` });
      const base = `${server.url}/media/video/hls/${videoId}`;
      expect(await (await fetch(`${base}/master.m3u8`)).text()).toContain('live-240.m3u8');
      const live = async () => (await (await fetch(`${base}/live-240.m3u8`)).text()).split('\n').filter((line) => line.endsWith('.m4s'));
      expect(await live()).toEqual(['live-240-0.m4s']);
      const fragment = await fetch(`${base}/live-240-0.m4s`);
      expect(Buffer.from(await fragment.arrayBuffer()).equals((await readFile(start.path)).subarray(playlist.segments[0]!.offset, playlist.segments[0]!.offset + playlist.segments[0]!.length))).toBe(true);

      await recorder.fragments({ ...growing, playlist });
      expect(await live()).toEqual(['live-240-0.m4s', 'live-240-1.m4s']);

      for (const rendition of renditions) await recorder.rendition(rendition);
      expect(await api.post(job, 'done')).toEqual({ rungs: [240, 144] });
    } finally {
      clearInterval(heartbeat);
      await rm(workDir, { recursive: true, force: true });
    }
    const state = await waitForVideo(server.app.repos, videoId);
    expect(state).toMatchObject({ status: 'ready', job: { state: 'done', attempts: 1 } });
    await expectValidHls(server, videoId, { resolutions: { 240: '320x240', 144: '192x144' }, duration: 4 });
  }, 120_000);

  it("records a runner's failure as the job's attempt error and queues it again after the backoff", async () => {
    const owner = await registerUser(server);
    const upload = await uploadVideo(server, owner.token, await mp4Upload(await clip, 'Fails remotely'));
    const jobId = `transcode-${upload.body.data._id}`;
    const { token } = await registerRunner(server.app, { name: 'failing' });
    expect((await runnerCall(server, token, 'POST', '/jobs/claim')).body.data.job).toMatchObject({ jobId, attempt: 1 });
    // Another runner cannot speak for this lease.
    const other = (await registerRunner(server.app, { name: 'bystander' })).token;
    expect((await runnerCall(server, other, 'POST', `/jobs/${jobId}/1/failed`, { error: 'not mine' })).status).toBe(409);
    expect(await runnerCall(server, token, 'POST', `/jobs/${jobId}/1/failed`, { error: 'ffmpeg exited with 1' })).toMatchObject({ status: 200, body: { data: { outcome: 'retry' } } });
    const row = await server.app.db.db.selectFrom('jobs').select(['state', 'last_error', 'run_at', 'runner_id']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'queued', last_error: 'runner failing: ffmpeg exited with 1', runner_id: null });
    expect(Date.parse(row.run_at)).toBeGreaterThan(Date.now());
    // Not due yet: nothing to claim until the backoff has passed.
    expect((await runnerCall(server, token, 'POST', '/jobs/claim')).body.data.job).toBeNull();
    expect((await call(server, 'GET', `/videos/${upload.body.data._id}`, { token: owner.token })).body.data.status).toBe('processing');
  }, 60_000);
});

describe('remote runners with Redis', () => {
  let server: (TestServer & { dataDir: string }) | undefined;
  const queueName = uniqueName('runners');
  beforeAll(async () => {
    skipReason('The runners-with-BullMQ test');
    if (!redisForTests.url) return;
    server = await startServer({ env: { TRANSCODE_RUNNERS: 'remote', REDIS_URL: redisForTests.url, JOBS_QUEUE: queueName, RATE_LIMIT_NAMESPACE: uniqueName('rl') } });
  });
  afterAll(() => server?.close());

  it.runIf(redisForTests.url)('keeps transcode jobs out of BullMQ for the runners, and queues a revoked runner\'s job again at once', async () => {
    const app = server!.app;
    const owner = await registerUser(server!);
    const upload = await uploadVideo(server!, owner.token, await mp4Upload(await clip, 'Queued for runners'));
    const jobId = `transcode-${upload.body.data._id}`;
    const bull = new Queue(queueName, { connection: app.redis!.client({ maxRetriesPerRequest: null }) });
    try {
      expect(await bull.getJob(jobId)).toBeUndefined();
    } finally {
      await bull.close();
    }
    const { token } = await registerRunner(app, { name: 'redis-1' });
    expect((await runnerCall(server!, token, 'POST', '/jobs/claim')).body.data.job).toMatchObject({ jobId, attempt: 1 });
    expect(await revokeRunner(app, { name: 'redis-1' })).toEqual({ jobsReleased: [jobId] });
    expect(await app.db.db.selectFrom('jobs').select(['state', 'attempts', 'runner_id']).where('id', '=', jobId).executeTakeFirst()).toEqual({ state: 'queued', attempts: 0, runner_id: null });
    expect((await runnerCall(server!, token, 'POST', `/jobs/${jobId}/1/progress`, { fraction: 0.1 })).status).toBe(401);
  }, 60_000);
});
