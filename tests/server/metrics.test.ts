// Prometheus metrics scraped over HTTP from a real API (in-process, METRICS_PORT) and a real
// `npm run worker` process: request counts and durations by route, live sockets, jobs by state,
// job and per-rung transcode durations, upload bytes, the worker's readiness and queue lag.
import type { ChildProcess } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer, type TestServer } from '../support/server.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { freePort, schemaOf, sharedPlace, startWorkerProcess, stopProcess } from './processes.js';

const dialect = databases.at(-1)!;
const clip = makeClip('metrics.mp4', { width: 320, height: 180, seconds: 1 });

async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of the sample `name` whose labels include every pair in `labels` (null when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return null;
}

describe(`API metrics (${dialect})`, () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startServer({ dialect, env: { METRICS_PORT: String(port) } });
  });
  afterAll(() => server?.close());

  it('serves process, HTTP, socket, job, transcode and upload metrics', async () => {
    for (let i = 0; i < 3; i += 1) expect((await call(server, 'GET', '/healthcheck')).status).toBe(200);
    expect((await call(server, 'GET', '/videos/does-not-exist')).status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/healthcheck`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/no-such-route`)).status).toBe(404);
    const user = await registerUser(server);
    const socket = connectSocket(server.url, { transports: ['websocket'], auth: { token: user.token } });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    try {
      const path = await clip;
      const upload = await uploadVideo(server, user.token, await mp4Upload(path, 'Measured'));
      expect(upload.status).toBe(201);
      await waitForVideo(server.app.repos, upload.body.data._id);

      const text = await scrape(port);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).not.toBeNull();
      expect(sample(text, 'vidshare_http_requests_total', { method: 'GET', route: '/api/v1/healthcheck', status: '200', process: 'api' })).toBe(3);
      expect(sample(text, 'vidshare_http_requests_total', { method: 'GET', route: '/api/v1/videos/:videoId', status: '404' })).toBe(1);
      // Fastify's HEAD twin of a GET route counts once, under HEAD; a path no route matches, as 'unmatched'.
      expect(sample(text, 'vidshare_http_requests_total', { method: 'HEAD', route: '/api/v1/healthcheck', status: '200' })).toBe(1);
      expect(sample(text, 'vidshare_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
      expect(sample(text, 'vidshare_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/healthcheck', status: '200' })).toBe(3);
      expect(sample(text, 'vidshare_http_request_duration_seconds_bucket', { route: '/api/v1/healthcheck', status: '200', le: '+Inf' })).toBe(3);
      expect(sample(text, 'vidshare_live_sockets')).toBe(1);
      expect(sample(text, 'vidshare_jobs', { state: 'done' })).toBe(1);
      expect(sample(text, 'vidshare_jobs', { state: 'queued' })).toBe(0);
      expect(sample(text, 'vidshare_job_duration_seconds_count', { type: 'transcode', outcome: 'done' })).toBe(1);
      expect(sample(text, 'vidshare_transcode_seconds_count', { rung: '180' })).toBe(1);
      expect(sample(text, 'vidshare_transcode_seconds_sum', { rung: '180' })).toBeGreaterThan(0);
      expect(sample(text, 'vidshare_upload_bytes_total', { kind: 'multipart' })).toBe((await stat(path)).size);
      expect(sample(text, 'vidshare_queue_lag_seconds')).toBe(0);
    } finally {
      socket.disconnect();
    }
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});

describe(`API health gauges while Redis does not answer (${dialect})`, () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    const closedPort = await freePort();
    server = await startServer({ dialect, env: { METRICS_PORT: String(port), REDIS_URL: `redis://127.0.0.1:${closedPort}` } });
  });
  afterAll(() => server?.close());

  it('keeps vidshare_ready at 1 and shows Redis down in vidshare_dependency_up', async () => {
    const text = await scrape(port);
    expect(sample(text, 'vidshare_ready', { process: 'api' })).toBe(1);
    expect(sample(text, 'vidshare_dependency_up', { dependency: 'redis' })).toBe(0);
    for (const dependency of ['database', 'storage', 'mediaTools']) expect(sample(text, 'vidshare_dependency_up', { dependency })).toBe(1);
  });
});

describe(`worker metrics (${dialect})`, () => {
  it('serves readiness, queue lag and job metrics from `npm run worker`', async () => {
    const place = await sharedPlace(dialect);
    const port = await freePort();
    let worker: ChildProcess | null = null;
    let api: TestServer | null = null;
    try {
      api = await startServer({ dialect, dataDir: place.env.DATA_DIR, env: { RUN_JOBS_IN_PROCESS: 'false' }, schema: schemaOf(place) });
      const user = await registerUser(api);
      const upload = await uploadVideo(api, user.token, await mp4Upload(await clip, 'For the worker'));
      expect(upload.status).toBe(201);
      worker = await startWorkerProcess(place, { METRICS_PORT: String(port) });
      const before = await scrape(port);
      expect(sample(before, 'vidshare_ready', { process: 'worker' })).toBe(1);
      for (const dependency of ['database', 'storage', 'mediaTools']) expect(sample(before, 'vidshare_dependency_up', { dependency })).toBe(1);
      expect(sample(before, 'vidshare_queue_lag_seconds')).not.toBeNull();
      expect(sample(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      await waitForVideo(place.repos, upload.body.data._id);
      const after = await scrape(port);
      expect(sample(after, 'vidshare_job_duration_seconds_count', { type: 'transcode', outcome: 'done' })).toBe(1);
      expect(sample(after, 'vidshare_jobs', { state: 'done' })).toBe(1);
      expect(sample(after, 'vidshare_queue_lag_seconds')).toBe(0);
    } finally {
      if (worker) await stopProcess(worker);
      await api?.close();
      await place.dispose();
    }
  });
});
