// A hung S3 (s3rver frozen with SIGSTOP: connections are accepted, nothing answers) must not hang
// media requests: each answers 503 in the envelope, with Retry-After, within the bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startServer, type TestServer } from './harness.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { type S3rverProcess, startS3rverProcess } from './s3rverProcess.js';

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
    await waitForVideo(server.app.db.db, videoId);
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

  it('answers 503 with Retry-After in the envelope for the master playlist, a rendition and a thumbnail, then serves again', async () => {
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
    } finally {
      s3!.thaw();
    }
    for (const path of paths) expect((await timedGet(path)).response.status).toBe(200);
  });
});
