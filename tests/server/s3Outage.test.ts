// A hung S3 (s3rver frozen with SIGSTOP: connections are accepted, nothing answers) must not hang
// media requests: each answers 503 in the envelope, with Retry-After, within the bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startServer, type TestServer } from '../support/server.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { type MotoProcess, startMoto } from './motoProcess.js';
import { type S3rverProcess, startS3rverProcess } from './s3rverProcess.js';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';

/** What a media request may take at most while the storage does not answer. */
const ANSWER_BOUND_MS = 10_000;

let s3: S3rverProcess | null = null;
try {
  s3 = await startS3rverProcess('vidshare-outage');
} catch (error) {
  console.log(`[skip] S3 outage tests skipped: s3rver could not start (${(error as Error).message})`);
}

describe.skipIf(!s3)('media requests while S3 hangs', () => {
  let server: TestServer & { dataDir: string };
  let videoId: string;
  let thumbnail: string;
  beforeAll(async () => {
    server = await startServer({ env: { ...s3!.env } });
    const user = await registerUser(server);
    const clip = await makeClip('outage.mp4', { width: 640, height: 360, seconds: 1 });
    const upload = await uploadVideo(server, user.token, await mp4Upload(clip, 'Before the outage'));
    expect(upload.status).toBe(201);
    videoId = upload.body.data._id;
    thumbnail = upload.body.data.thumbnail;
    await waitForVideo(server.app.repos, videoId);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  async function timedGet(path: string) {
    const started = performance.now();
    // The client gives up well past the bound, so a hang shows as a failed expectation below.
    const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS + 5000) });
    const text = await response.text();
    return { response, text, ms: performance.now() - started };
  }

  it('answers 503 with Retry-After in the envelope for the master playlist, a rendition and a thumbnail, stays ready with the storage down on the status, then serves again', async () => {
    const paths = [`/media/video/hls/${videoId}/master.m3u8`, `/media/video/hls/${videoId}/360.mp4`, `/media/video/upload/q_auto:low/${videoId}.mp4`, thumbnail];
    for (const path of paths) expect((await timedGet(path)).response.status).toBe(200);

    s3!.freeze();
    try {
      const answers = await Promise.all(paths.map(timedGet));
      for (const [index, { response, text, ms }] of answers.entries()) {
        expect({ path: paths[index], status: response.status }).toEqual({ path: paths[index], status: 503 });
        expect(ms).toBeLessThan(ANSWER_BOUND_MS);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('etag')).toBeNull();
        expect(JSON.parse(text)).toEqual({ statusCode: 503, message: expect.stringMatching(/storage/i), success: false, errors: [] });
      }
      // Every node shares the outage: they stay in rotation, and the status says what is out.
      const ready = await timedGet('/api/v1/healthcheck/ready');
      expect(ready.response.status).toBe(200);
      const status = await timedGet('/api/v1/healthcheck/status');
      expect(status.ms).toBeLessThan(ANSWER_BOUND_MS);
      expect(JSON.parse(status.text).data).toMatchObject({ status: 'degraded', ready: true, checks: { storage: { ok: false } } });
    } finally {
      s3!.thaw();
    }
    for (const path of paths) expect((await timedGet(path)).response.status).toBe(200);
  });
});

// tus on a hung S3 (moto: s3rver has no multipart uploads, so tus never reaches it): creation
// and PATCH answer 503 with Retry-After within the bound, where the SDK's retries made a 500 in 20 s.
const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');

describe('tus uploads while S3 hangs', () => {
  let moto: MotoProcess | null = null;
  let server: TestServer | undefined;
  beforeAll(async () => {
    moto = await startMoto('vidshare-tus-outage', 'tus on a hung S3');
    if (moto) server = await startServer({ env: { ...moto.env } });
  });
  afterAll(async () => {
    await server?.close();
    await moto?.stop();
  });

  async function timedTus(method: string, path: string, token: string, headers: Record<string, string>, body?: Buffer) {
    const started = performance.now();
    const response = await fetch(`${server!.url}${path}`, {
      method,
      headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}), ...headers },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(ANSWER_BOUND_MS + 20_000),
    });
    const text = await response.text();
    return { response, text, ms: performance.now() - started };
  }

  it('answers a creation and a PATCH 503 with Retry-After in the envelope, then takes them again', async (context) => {
    if (!moto || !server) return context.skip();
    const user = await registerUser(server);
    const create = () => timedTus('POST', TUS_UPLOADS_PATH, user.token, { 'Upload-Length': '1000', 'Upload-Metadata': metadataHeader({ filename: 'hung.mp4', title: 'On a hung S3', description: 'Sent while S3 hangs' }) });
    const created = await create();
    expect(created.response.status).toBe(201);
    const location = new URL(created.response.headers.get('location')!, server.url).pathname;

    moto.freeze();
    try {
      const answers = await Promise.all([create(), timedTus('PATCH', location, user.token, { 'Upload-Offset': '0' }, Buffer.alloc(100, 1))]);
      for (const [index, { response, text, ms }] of answers.entries()) {
        const what = index === 0 ? 'creation' : 'PATCH';
        expect({ what, status: response.status }).toEqual({ what, status: 503 });
        expect(ms).toBeLessThan(ANSWER_BOUND_MS);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(JSON.parse(text)).toEqual({ statusCode: 503, message: expect.stringMatching(/storage/i), success: false, errors: [] });
      }
    } finally {
      moto.thaw();
    }
    const patched = await timedTus('PATCH', location, user.token, { 'Upload-Offset': '0' }, Buffer.alloc(100, 1));
    expect(patched.response.status).toBe(204);
    expect(patched.response.headers.get('upload-offset')).toBe('100');
  });
});
