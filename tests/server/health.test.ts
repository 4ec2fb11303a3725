// Liveness and readiness against real dependencies: the database, Redis when REDIS_URL is set
// and reachable, and the media storage (a writable DATA_DIR, or the S3 bucket).
import { rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, startServer, type TestServer } from './harness.js';
import { freePort } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

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

  it('is ready when the database, Redis and the media directory answer', async () => {
    const result = await call(server, 'GET', '/healthcheck/ready');
    expect(result.status).toBe(200);
    expect(result.body.data.status).toBe('ready');
    const expected = ['database', 'storage', ...(redisForTests.url ? ['redis'] : [])].sort();
    expect(Object.keys(result.body.data.checks).sort()).toEqual(expected);
    for (const check of Object.values<{ ok: boolean }>(result.body.data.checks)) expect(check.ok).toBe(true);
  });

  it('answers 503 naming the storage when the media directory cannot be written', async () => {
    // A file where the media directory should be: no mkdir, no write, even for root.
    const mediaDir = server.config.mediaDir;
    await rm(mediaDir, { recursive: true, force: true });
    await writeFile(mediaDir, 'not a directory');
    try {
      const result = await call(server, 'GET', '/healthcheck/ready');
      expect(result.status).toBe(503);
      expect(result.body).toMatchObject({ statusCode: 503, success: false, message: 'Not ready: storage did not answer' });
      expect(result.body.errors).toEqual([expect.objectContaining({ dependency: 'storage', ok: false })]);
      expect((await call(server, 'GET', '/healthcheck')).status).toBe(200);
    } finally {
      await rm(mediaDir, { force: true });
    }
    expect((await call(server, 'GET', '/healthcheck/ready')).status).toBe(200);
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

  it('answers 503 naming the storage when the bucket does not answer', async () => {
    const result = await call(server, 'GET', '/healthcheck/ready');
    expect(result.status).toBe(503);
    expect(result.body.message).toBe('Not ready: storage did not answer');
    expect(result.body.errors[0]).toMatchObject({ dependency: 'storage', ok: false });
  });
});
