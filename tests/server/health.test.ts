// Liveness, readiness and status against real dependencies. Readiness is this node's own: the
// database (and ffmpeg where jobs run). The shared ones (Redis when REDIS_URL is set, the media
// storage: a writable DATA_DIR or the S3 bucket) show in the status, never in readiness.
import { rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, startServer, type TestServer } from '../support/server.js';
import { freePort } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';
import { type S3rverProcess, startS3rverProcess } from './s3rverProcess.js';

describe.each(databases)('health on %s', (dialect) => {
  let server: TestServer & { dataDir: string };
  beforeAll(async () => {
    if (dialect === databases[0]) skipReason('readiness with Redis');
    server = await startServer({ dialect, env: redisForTests.url ? { REDIS_URL: redisForTests.url, JOBS_QUEUE: uniqueName('health') } : {} });
  });
  afterAll(() => server?.close());

  it('answers liveness without touching its dependencies', async () => {
    const result = await call(server, 'GET', '/healthcheck');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ statusCode: 200, success: true, data: { status: 'ok', database: dialect } });
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  it('is ready when the database answers and ffmpeg runs (jobs run in this process)', async () => {
    const result = await call(server, 'GET', '/healthcheck/ready');
    expect(result.status).toBe(200);
    expect(result.body.data.status).toBe('ready');
    expect(Object.keys(result.body.data.checks).sort()).toEqual(['database', 'mediaTools']);
    for (const check of Object.values<{ ok: boolean }>(result.body.data.checks)) expect(check.ok).toBe(true);
  });

  it('shows every dependency on the status', async () => {
    const result = await call(server, 'GET', '/healthcheck/status');
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toBe('no-store');
    expect(result.body.data).toMatchObject({ status: 'ok', ready: true, degraded: [] });
    const expected = ['database', 'mediaTools', 'storage', ...(redisForTests.url ? ['redis'] : [])].sort();
    expect(Object.keys(result.body.data.checks).sort()).toEqual(expected);
    for (const check of Object.values<{ ok: boolean }>(result.body.data.checks)) expect(check.ok).toBe(true);
  });

  it('stays ready when the media directory cannot be written, and the status names the storage', async () => {
    // A file where the media directory should be: no mkdir, no write, even for root.
    const mediaDir = server.config.mediaDir;
    await rm(mediaDir, { recursive: true, force: true });
    await writeFile(mediaDir, 'not a directory');
    try {
      expect((await call(server, 'GET', '/healthcheck/ready')).status).toBe(200);
      const status = await call(server, 'GET', '/healthcheck/status');
      expect(status.status).toBe(200);
      expect(status.body.data).toMatchObject({ status: 'degraded', ready: true, checks: { storage: { ok: false } } });
      expect(status.body.data.degraded).toEqual([expect.objectContaining({ feature: 'media', missing: 'media storage' })]);
      expect((await call(server, 'GET', '/healthcheck')).status).toBe(200);
    } finally {
      await rm(mediaDir, { force: true });
    }
    expect((await call(server, 'GET', '/healthcheck/status')).body.data.status).toBe('ok');
  });
});

describe('readiness on S3 storage', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens there: HeadBucket cannot answer.
    const port = await freePort();
    server = await startServer({
      env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'gone', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'x' },
    });
  });
  afterAll(() => server?.close());

  it('stays ready when the bucket does not answer; the status names the storage', async () => {
    expect((await call(server, 'GET', '/healthcheck/ready')).status).toBe(200);
    const status = await call(server, 'GET', '/healthcheck/status');
    expect(status.body.data).toMatchObject({ status: 'degraded', ready: true, checks: { storage: { ok: false } } });
    expect(status.body.message).toBe('Degraded: media (media storage)');
  });
});

describe('a bucket that does not exist', () => {
  let s3: S3rverProcess | null = null;
  let server: TestServer | undefined;
  beforeAll(async () => {
    try {
      s3 = await startS3rverProcess('vidshare-health');
    } catch (error) {
      console.log(`[skip] missing bucket test skipped: s3rver could not start (${(error as Error).message})`);
      return;
    }
    server = await startServer({ env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('is named on the status: NoSuchBucket, not an unknown error', async (context) => {
    if (!server) return context.skip();
    const status = await call(server, 'GET', '/healthcheck/status');
    expect(status.body.data.checks.storage).toMatchObject({ ok: false, error: expect.stringContaining('bucket "no-such-bucket" does not exist (NoSuchBucket)') });
    expect(status.body.data.checks.storage.error).not.toMatch(/UnknownError/);
  });
});
