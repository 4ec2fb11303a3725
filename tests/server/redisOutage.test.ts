// Redis outages, as a deployment meets them: an API process started while Redis is unreachable,
// and Redis cut away and restored under a running one (a TCP proxy in front of the real Redis).
// The process stays up and ready (a shared dependency's outage must not take every node out of
// rotation), says so on the status, answers what needs Redis (tus, whose lock lives there) with
// 503 and Retry-After, limits per process, answers uploads at once and hands their jobs to
// BullMQ when Redis is back; each transition is logged once.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { freePort, type Place, sharedPlace, spawnTs, startApiProcess, stopProcess } from './processes.js';
import { CuttableProxy, redisForTests, skipReason, uniqueName } from './redisFixtures.js';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';
import { NO_REDIS_FOR_LOCKS } from '../../server/health/readiness.js';

const dialect = databases.at(-1)!;
const clip = makeClip('redis-outage.mp4', { width: 320, height: 180, seconds: 1 });

const count = (text: string, needle: string) => text.split(needle).length - 1;

/** A tus creation, which needs Redis (the upload's lock across nodes). */
async function createTusUpload(server: { url: string }, token: string) {
  const metadata = [`filename ${btoa('trip.mp4')}`, `title ${btoa('Bus trip')}`, `description ${btoa('Filmed on a phone')}`].join(',');
  const response = await fetch(`${server.url}${TUS_UPLOADS_PATH}`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': metadata, authorization: `Bearer ${token}` },
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json().catch(() => null) };
}

/** Readiness stays 200 while the status shows Redis down and what that takes away. */
async function expectRedisDownButReady(server: { url: string }) {
  const ready = await call(server, 'GET', '/healthcheck/ready');
  expect(ready.status).toBe(200);
  const status = await call(server, 'GET', '/healthcheck/status');
  expect(status.status).toBe(200);
  expect(status.body.data).toMatchObject({ status: 'degraded', ready: true, checks: { redis: { ok: false } } });
  expect(status.body.data.degraded).toContainEqual(NO_REDIS_FOR_LOCKS);
}

async function timedLogin(server: { url: string }, email: string, password: string) {
  const started = performance.now();
  const result = await call(server, 'POST', '/users/login', { json: { email, password } });
  return { status: result.status, ms: performance.now() - started };
}

describe(`Redis unreachable at start (${dialect})`, () => {
  let place: Place;
  let child: ReturnType<typeof spawnTs> | undefined;
  afterAll(async () => {
    if (child) await stopProcess(child);
    await place?.dispose();
  });

  it('starts and stays ready, shows Redis on the status, answers tus 503 with Retry-After, limits per process and answers uploads with the job recorded', async () => {
    const closedPort = await freePort();
    place = await sharedPlace(dialect, { REDIS_URL: `redis://127.0.0.1:${closedPort}`, RATE_LIMIT_AUTH_MAX: '5', JOBS_QUEUE: uniqueName('outage'), RATE_LIMIT_NAMESPACE: `${uniqueName('rl')}-` });
    const api = await startApiProcess(place);
    child = api.child;

    await expectRedisDownButReady(api);

    const user = await registerUser(api);
    const tus = await createTusUpload(api, user.token);
    expect(tus).toEqual({ status: 503, retryAfter: expect.stringMatching(/^[1-9]\d*$/), body: { statusCode: 503, message: NO_REDIS_FOR_LOCKS.message, success: false, errors: [] } });
    const upload = await uploadVideo(api, user.token, await mp4Upload(await clip, 'While Redis is away'));
    expect(upload.status).toBe(201);
    const state = await waitForVideo(place.repos, upload.body.data._id, () => true);
    expect(state.job).toMatchObject({ state: 'queued' });

    // The per-process limit (5 logins per window) holds without Redis.
    const attempts = [];
    for (let i = 0; i < 6; i += 1) attempts.push(await timedLogin(api, user.email, 'wrong password'));
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 401, 401, 429]);
    // No wait on Redis: the refusal (a store lookup, no password hashing) answers at once, where
    // it took 3-10 s while Redis was awaited. Coarse bound: the machine may be loaded.
    expect(attempts.at(-1)!.ms).toBeLessThan(2000);

    expect(child.exitCode).toBeNull();
    expect(count(child.output(), 'Redis unreachable')).toBe(1);
    expect(child.output()).not.toMatch(/Unhandled error event|UnhandledPromiseRejection/);
  });
});

skipReason('Redis cut and restored at runtime');
describe.skipIf(!redisForTests.url)(`Redis cut and restored at runtime (${dialect})`, () => {
  let place: Place;
  let child: ReturnType<typeof spawnTs> | undefined;
  let proxy: CuttableProxy;
  const direct = redisForTests.url ? new Redis(redisForTests.url) : null;
  afterAll(async () => {
    if (child) await stopProcess(child);
    await proxy?.close();
    direct?.disconnect();
    await place?.dispose();
  });

  it('keeps serving and ready, answers tus 503 while Redis is away, limits per process, queues uploads in the jobs table and hands them to BullMQ on return', async () => {
    proxy = CuttableProxy.forRedis(redisForTests.url!);
    await proxy.start();
    const queueName = uniqueName('outage');
    place = await sharedPlace(dialect, { REDIS_URL: proxy.redisUrl(redisForTests.url!), RATE_LIMIT_AUTH_MAX: '4', JOBS_QUEUE: queueName, RATE_LIMIT_NAMESPACE: `${uniqueName('rl')}-` });
    const api = await startApiProcess(place);
    child = api.child;
    expect((await call(api, 'GET', '/healthcheck/ready')).status).toBe(200);
    const user = await registerUser(api);
    expect((await createTusUpload(api, user.token)).status).toBe(201);

    await proxy.cut();
    await eventually(() => call(api, 'GET', '/healthcheck/status'), { until: (result) => result.body.data.checks.redis.ok === false, timeout: 20_000, what: 'the status to show Redis down' });
    await expectRedisDownButReady(api);
    await eventually(() => createTusUpload(api, user.token), { until: (result) => result.status === 503, timeout: 20_000, what: 'tus to answer 503' });

    const started = performance.now();
    const upload = await uploadVideo(api, user.token, await mp4Upload(await clip, 'Across an outage'));
    expect(upload.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(10_000);
    const videoId = upload.body.data._id;
    expect((await waitForVideo(place.repos, videoId, () => true)).job).toMatchObject({ state: 'queued' });
    expect(await direct!.exists(`bull:${queueName}:${videoId}`)).toBe(0);

    // Logins counted in this process while Redis is away: the fifth is refused.
    const attempts = [];
    for (let i = 0; i < 5; i += 1) attempts.push(await timedLogin(api, user.email, 'wrong password'));
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 401, 429]);
    // No wait on Redis: the refusal (a store lookup, no password hashing) answers at once, where
    // it took 3-10 s while Redis was awaited. Coarse bound: the machine may be loaded.
    expect(attempts.at(-1)!.ms).toBeLessThan(2000);

    await proxy.restore();
    await eventually(() => call(api, 'GET', '/healthcheck/status'), { until: (result) => result.body.data.status === 'ok', timeout: 20_000, what: 'the status to say ok' });
    expect((await createTusUpload(api, user.token)).status).toBe(201);
    const done = await waitForVideo(place.repos, videoId, (state) => state.job?.state === 'done', 60_000);
    expect(done.status).toBe('ready');

    expect(child.exitCode).toBeNull();
    const output = child.output();
    expect(count(output, 'Redis unreachable')).toBe(1);
    expect(count(output, 'Redis is back')).toBe(1);
    expect(output).toContain('unfinished jobs handed to BullMQ');
    expect(output).not.toMatch(/Unhandled error event|UnhandledPromiseRejection/);
  });
});
