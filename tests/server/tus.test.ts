import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';
import { call, databases, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { filesUnder, makeClip, mp4Upload, openTusPatch, uploadVideo, waitForVideo } from './mediaFixtures.js';

const NOT_A_VIDEO = /^Video file must be an MP4, WebM or MOV video/;
const DECLARED_10 = 'This upload was declared as 10 bytes (Upload-Length) and the body goes past that';
const clip = makeClip('tus.mp4', { width: 320, height: 180, seconds: 2 });

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${base64(value)}`)
    .join(',');

type Server = TestServer & { dataDir: string };

/** One tus request over real HTTP; `path` is absolute (a Location) or relative to /api/v1/uploads/tus. */
async function tusCall(server: Server, method: string, path: string, options: { token?: string; headers?: Record<string, string>; body?: Buffer } = {}) {
  const url = path.startsWith('/api/') ? `${server.url}${path}` : `${server.url}${TUS_UPLOADS_PATH}${path}`;
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body) headers['content-type'] = 'application/offset+octet-stream';
  const response = await fetch(url, { method, headers, body: options.body ? new Uint8Array(options.body) : undefined });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, body };
}

async function createUpload(server: Server, token: string, size: number, fields: Record<string, string> = { filename: 'trip.mp4', title: 'Bus trip', description: 'Filmed on a phone' }) {
  return tusCall(server, 'POST', '', { token, headers: { 'Upload-Length': String(size), 'Upload-Metadata': metadataHeader(fields) } });
}

/** The size of an upload's partial file on the server's disk (0 before it exists). */
const storedBytes = (server: Server, location: string) =>
  stat(join(server.dataDir, 'tmp', 'tus', location.split('/').pop()!)).then((file) => file.size, () => 0);

/** A PATCH whose connection is cut after `sent` of its bytes, as on a flaky phone connection: cut once the server has stored them. */
async function patchThenCut(server: Server, location: string, token: string, bytes: Buffer, sent: number): Promise<void> {
  const request = openTusPatch(server, location, token, bytes.length);
  const ended = new Promise<void>((resolve) => {
    request.on('error', () => resolve());
    request.on('response', () => resolve()); // not expected: the body is never complete
    request.on('close', () => resolve());
  });
  await new Promise<void>((resolve) => request.write(bytes.subarray(0, sent), () => resolve()));
  await expect.poll(() => storedBytes(server, location), { timeout: 10_000, interval: 20 }).toBe(sent);
  request.destroy();
  await ended;
}

async function offsetOf(server: Server, location: string, token: string): Promise<number> {
  const head = await tusCall(server, 'HEAD', location, { token });
  expect(head.status).toBe(200);
  return Number(head.headers.get('upload-offset'));
}

/** Resumes with the real tus client (HEAD, then PATCH from the offset) and reports the Video-Id header. */
function resumeWithTusClient(server: Server, location: string, token: string, bytes: Buffer): Promise<{ videoId: string | null; error?: Error }> {
  return new Promise((resolve) => {
    let videoId: string | null = null;
    const upload = new tus.Upload(bytes, {
      uploadUrl: `${server.url}${location}`,
      headers: { Authorization: `Bearer ${token}` },
      retryDelays: null,
      onAfterResponse(_request, response) {
        videoId = response.getHeader('Video-Id') || videoId;
      },
      onSuccess: () => resolve({ videoId }),
      onError: (error) => resolve({ videoId, error }),
    });
    upload.start();
  });
}

describe.each(databases)('resumable uploads (tus) on %s', (dialect) => {
  let server: Server;
  let alice: TestUser;
  let bob: TestUser;
  let mp4: Buffer;
  const tusDir = () => join(server.dataDir, 'tmp', 'tus');
  const mediaDir = () => join(server.dataDir, 'media');
  /** What the FileStore still holds for one upload. */
  const leftovers = async (location: string) => (await filesUnder(tusDir())).filter((name) => name.startsWith(location.split('/').pop()!));
  const videoRows = async () => (await server.app.db.db.selectFrom('videos').select('id').execute()).map((row) => row.id);

  beforeAll(async () => {
    mp4 = await readFile(await clip);
    server = await startServer({ dialect, env: { MAX_VIDEO_BYTES: String(2 * 1024 * 1024) } });
    alice = await registerUser(server);
    bob = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('resumes an upload cut in half and turns it into a video that transcodes to ready', async () => {
    const created = await createUpload(server, alice.token, mp4.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${TUS_UPLOADS_PATH}/[0-9a-f]{32}$`));
    expect(created.headers.get('upload-expires')).toBeTruthy();
    const uploadId = location.split('/').pop()!;

    const half = Math.floor(mp4.length / 2);
    await patchThenCut(server, location, alice.token, mp4, half);
    let offset = 0;
    for (let i = 0; i < 50 && offset < half; i += 1) {
      offset = await offsetOf(server, location, alice.token);
      if (offset < half) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(half); // every byte that arrived before the cut is kept

    const resumed = await resumeWithTusClient(server, location, alice.token, mp4);
    expect(resumed.error).toBeUndefined();
    const videoId = resumed.videoId!;
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);

    const state = await waitForVideo(server.app.repos, videoId);
    expect(state.status).toBe('ready');
    expect(state.duration).toBeCloseTo(2, 0);
    expect(state.thumbnail).not.toBe(''); // a frame at 1 s, as with the multipart upload
    expect(state.renditions.map((rendition) => rendition.height)).toEqual([180]);
    const video = await call(server, 'GET', `/videos/${videoId}`, { token: alice.token });
    expect(video.body.data).toMatchObject({ title: 'Bus trip', description: 'Filmed on a phone', owner: { _id: alice.id } });
    expect(await filesUnder(mediaDir())).toContain(`sources/${videoId}.mp4`);
    expect(await leftovers(location)).toEqual([]);

    // A client that reloads after the last byte still finds its video.
    const found = await call(server, 'GET', `/uploads/tus/${uploadId}/video`, { token: alice.token });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({ videoId });
    const head = await tusCall(server, 'HEAD', location, { token: alice.token });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(mp4.length));
    expect(head.headers.get('upload-length')).toBe(String(mp4.length));
    expect(head.headers.get('video-id')).toBe(videoId);
  });

  it('refuses a finished upload that is not a video: 415, no row, no file, and the answer is kept', async () => {
    const before = await videoRows();
    const mediaBefore = await filesUnder(mediaDir());
    const fake = Buffer.from('<html><body>definitely not a video</body></html>'.repeat(20));
    const created = await createUpload(server, alice.token, fake.length, { filename: 'x.mp4', title: 'Fake', description: 'Not a video' });
    const location = created.headers.get('location')!;
    const finished = await tusCall(server, 'PATCH', location, { token: alice.token, headers: { 'Upload-Offset': '0' }, body: fake });
    expect(finished.status).toBe(415);
    expect(finished.headers.get('content-type')).toMatch(/^application\/json/);
    expect(finished.body).toMatchObject({ statusCode: 415, success: false });
    expect(finished.body.message).toMatch(NOT_A_VIDEO);
    expect(await videoRows()).toEqual(before);
    expect(await filesUnder(mediaDir())).toEqual(mediaBefore);
    expect(await leftovers(location)).toEqual([]);

    const found = await call(server, 'GET', `/uploads/tus/${location.split('/').pop()}/video`, { token: alice.token });
    expect(found.status).toBe(415);
    expect(found.body.message).toBe(finished.body.message);
  });

  it('answers 413 past MAX_VIDEO_BYTES at creation and for bytes beyond the declared length', async () => {
    const big = await createUpload(server, alice.token, 2 * 1024 * 1024 + 1);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ statusCode: 413, success: false, message: 'Video must be at most 2 MB' });

    const created = await createUpload(server, alice.token, 10);
    const location = created.headers.get('location')!;
    const overflow = await tusCall(server, 'PATCH', location, { token: alice.token, headers: { 'Upload-Offset': '0' }, body: Buffer.alloc(20, 1) });
    expect(overflow.status).toBe(413);
    expect(overflow.body).toMatchObject({ statusCode: 413, success: false, message: DECLARED_10 });
    // The upload itself is intact and takes its 10 bytes afterwards.
    expect(await offsetOf(server, location, alice.token)).toBe(0);
  });

  it('refuses a creation whose body goes past its Upload-Length: 413 naming the length, no row, no file', async () => {
    const uploadRows = async () => (await server.app.db.db.selectFrom('tus_uploads').select('id').execute()).length;
    const rowsBefore = await uploadRows();
    const filesBefore = await filesUnder(tusDir());
    const headers = { 'Upload-Length': '10', 'Upload-Metadata': metadataHeader({ filename: 'long.mp4', title: 'Too long', description: 'Longer than it says' }) };
    // With a Content-Length: refused before tus starts.
    const declared = await tusCall(server, 'POST', '', { token: alice.token, headers, body: Buffer.alloc(64 * 1024, 1) });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ statusCode: 413, success: false, message: DECLARED_10 });
    // Chunked (no Content-Length): tus finds out while writing, after it created the upload.
    const chunks = [Buffer.alloc(8, 1), Buffer.alloc(64 * 1024, 2)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const chunked = await fetch(`${server.url}${TUS_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { ...headers, 'Tus-Resumable': '1.0.0', authorization: `Bearer ${alice.token}`, 'content-type': 'application/offset+octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ statusCode: 413, success: false, message: DECLARED_10 });
    expect(await uploadRows()).toBe(rowsBefore);
    expect(await filesUnder(tusDir())).toEqual(filesBefore);
  });

  it('checks the metadata at creation, like the multipart form', async () => {
    const untitled = await createUpload(server, alice.token, 100, { filename: 'a.mp4', description: 'No title' });
    expect(untitled.status).toBe(400);
    expect(untitled.body).toMatchObject({ statusCode: 400, success: false, message: 'Title and description are required' });
    const malformed = await tusCall(server, 'POST', '', { token: alice.token, headers: { 'Upload-Length': '100', 'Upload-Metadata': 'title not*base64' } });
    expect(malformed.status).toBe(400);
    const deferred = await tusCall(server, 'POST', '', { token: alice.token, headers: { 'Upload-Defer-Length': '1', 'Upload-Metadata': metadataHeader({ title: 'a', description: 'b' }) } });
    expect(deferred.status).toBe(400);
    expect(await server.app.db.db.selectFrom('tus_uploads').select('id').where('user_id', '=', alice.id).where('size', '=', 100).execute()).toEqual([]);
  });

  it('is for signed-in users only, and an upload is its creator’s alone', async () => {
    const anonymous = await createUpload(server, '', 100);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, success: false });
    const badToken = await createUpload(server, 'not-a-token', 100);
    expect(badToken.status).toBe(401);

    const created = await createUpload(server, alice.token, mp4.length);
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').pop()!;
    expect((await tusCall(server, 'HEAD', location)).status).toBe(401);
    expect((await tusCall(server, 'HEAD', location, { token: bob.token })).status).toBe(403);
    const foreignPatch = await tusCall(server, 'PATCH', location, { token: bob.token, headers: { 'Upload-Offset': '0' }, body: mp4.subarray(0, 100) });
    expect(foreignPatch.status).toBe(403);
    expect(foreignPatch.body).toMatchObject({ statusCode: 403, success: false });
    expect((await tusCall(server, 'DELETE', location, { token: bob.token })).status).toBe(403);
    expect((await call(server, 'GET', `/uploads/tus/${uploadId}/video`, { token: bob.token })).status).toBe(403);
    expect(await offsetOf(server, location, alice.token)).toBe(0);
    expect((await call(server, 'GET', `/uploads/tus/${uploadId}/video`, { token: alice.token })).body.message).toBe('Upload is not complete');
    expect((await tusCall(server, 'HEAD', '/0123456789abcdef0123456789abcdef', { token: alice.token })).status).toBe(404);

    // The owner may abandon it: bytes and row go.
    const deleted = await tusCall(server, 'DELETE', location, { token: alice.token });
    expect(deleted.status).toBe(204);
    expect(await leftovers(location)).toEqual([]);
    expect((await tusCall(server, 'HEAD', location, { token: alice.token })).status).toBe(404);
  });

  it('ignores Idempotency-Key (tus resumes by offset) and keeps the multipart upload working', async () => {
    const headers = { 'Upload-Length': '100', 'Upload-Metadata': metadataHeader({ title: 'a', description: 'b' }), 'Idempotency-Key': 'same-key' };
    const first = await tusCall(server, 'POST', '', { token: alice.token, headers });
    const second = await tusCall(server, 'POST', '', { token: alice.token, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.headers.get('location')).not.toBe(second.headers.get('location'));
    for (const result of [first, second]) expect((await tusCall(server, 'DELETE', result.headers.get('location')!, { token: alice.token })).status).toBe(204);

    const multipart = await uploadVideo(server, alice.token, await mp4Upload(await clip, 'Classic form'));
    expect(multipart.status).toBe(201);
    expect(multipart.body.data).toMatchObject({ title: 'Classic form', status: 'processing' });
  });
});

describe.each(databases)('abandoned tus uploads on %s', (dialect) => {
  let server: Server;
  let alice: TestUser;
  beforeAll(async () => {
    server = await startServer({ dialect, env: { TUS_EXPIRY_MS: '1500' } });
    alice = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('deletes a partial upload once it expires (periodic cleanup)', async () => {
    const bytes = Buffer.alloc(4000, 7);
    const created = await createUpload(server, alice.token, bytes.length);
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').pop()!;
    const half = await tusCall(server, 'PATCH', location, { token: alice.token, headers: { 'Upload-Offset': '0' }, body: bytes.subarray(0, 2000) });
    expect(half.status).toBe(204);
    expect(await filesUnder(join(server.dataDir, 'tmp', 'tus'))).toEqual([uploadId, `${uploadId}.json`]);

    await expect.poll(() => filesUnder(join(server.dataDir, 'tmp', 'tus')), { timeout: 8000, interval: 250 }).toEqual([]);
    // The same sweep removes the rows after the files: it may still be on its way there.
    await expect.poll(() => server.app.repos.tusUploads.find(uploadId), { timeout: 5000 }).toBeUndefined();
    expect((await tusCall(server, 'HEAD', location, { token: alice.token })).status).toBe(404);
  });
});
