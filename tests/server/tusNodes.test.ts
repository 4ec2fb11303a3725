// tus without sticky routing: two real API servers sharing the database and DATA_DIR (and Redis
// for the upload locks, when REDIS_URL answers), as behind a round-robin load balancer. An upload
// created on node A continues and finishes on node B, and a PATCH on B takes the lock over from a
// stalled PATCH still open on A.
import { readFile } from 'node:fs/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';
import { DEPLOYMENT_MARKER_KEY } from '../../server/deployment/identity.js';
import { call, databases, registerUser, startServer, type TestServer } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { filesUnder, makeClip, openTusPatch, waitForVideo } from './mediaFixtures.js';
import { type MotoProcess, startMoto } from './motoProcess.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

type Server = TestServer & { dataDir: string; schema: string | null };

const clip = makeClip('tus-nodes.mp4', { width: 320, height: 180, seconds: 2 });
const base64 = (value: string) => Buffer.from(value).toString('base64');
const metadata = `filename ${base64('trip.mp4')},title ${base64('Two nodes')},description ${base64('Round robin')}`;

async function tusCall(server: { url: string }, method: string, path: string, token: string, headers: Record<string, string> = {}, body?: Buffer) {
  const response = await fetch(path.startsWith('/api/') ? `${server.url}${path}` : `${server.url}${TUS_UPLOADS_PATH}${path}`, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  const text = await response.text();
  return Object.assign(response, { text });
}

/** Creates an upload on node A, sends half there, finds the offset on node B and finishes there. */
async function continueOnNodeB(nodeA: Server, nodeB: Server) {
  const user = await registerUser(nodeA);
  const bytes = await readFile(await clip);
  const half = Math.floor(bytes.length / 2);
  const created = await tusCall(nodeA, 'POST', '', user.token, { 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata });
  expect(created.status, created.text).toBe(201);
  const location = created.headers.get('location')!;
  const first = await tusCall(nodeA, 'PATCH', location, user.token, { 'Upload-Offset': '0' }, bytes.subarray(0, half));
  expect(first.status, first.text).toBe(204);
  const head = await tusCall(nodeB, 'HEAD', location, user.token);
  expect(head.status, head.text).toBe(200);
  expect(head.headers.get('upload-offset')).toBe(String(half));
  const last = await tusCall(nodeB, 'PATCH', location, user.token, { 'Upload-Offset': String(half) }, bytes.subarray(half));
  expect(last.status, last.text).toBe(204);
  const videoId = last.headers.get('video-id')!;
  expect(videoId).toBeTruthy();
  return { user, bytes, videoId };
}

/** A PATCH that sends `sent` bytes and then stalls with the connection open (a phone gone quiet). */
function stalledPatch(server: { url: string }, location: string, token: string, bytes: Buffer, sent: number) {
  const request = openTusPatch(server, location, token, bytes.length);
  const answered = new Promise<number>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
  request.write(bytes.subarray(0, sent));
  return { answered, destroy: () => request.destroy() };
}

const modes = [
  ...databases.map((dialect) => ({ dialect, redis: false })),
  ...(redisForTests.url ? databases.map((dialect) => ({ dialect, redis: true })) : []),
];
skipReason('tus across nodes with Redis locks');

describe.each(modes)('tus across two nodes on $dialect (Redis locks: $redis)', ({ dialect, redis }) => {
  let nodeA: Server;
  let nodeB: Server;
  beforeAll(async () => {
    const env: Record<string, string> = redis ? { REDIS_URL: redisForTests.url!, JOBS_QUEUE: uniqueName('tus-nodes') } : {};
    nodeA = await startServer({ dialect, env });
    nodeB = await startServer({ dialect, env, dataDir: nodeA.dataDir, schema: nodeA.schema ?? undefined });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('continues on node B an upload created and half sent on node A', async () => {
    const { user, videoId } = await continueOnNodeB(nodeA, nodeB);
    const video = await call(nodeA, 'GET', `/videos/${videoId}`, { token: user.token });
    expect(video.status).toBe(200);
    const done = await waitForVideo(nodeA.app.repos, videoId);
    expect(done.status).toBe('ready');
    // The partial upload is gone from the shared directory once taken in.
    expect((await filesUnder(nodeA.dataDir)).filter((path) => path.includes('tmp/tus/') && !path.endsWith('.lock'))).toEqual([]);
  });

  // The cross-node lock lives in Redis: without it each node only knows its own requests.
  it.skipIf(!redis)('makes a PATCH stalled on node A let go when node B resumes the upload', async () => {
    const user = await registerUser(nodeA);
    const bytes = await readFile(await clip);
    const created = await tusCall(nodeA, 'POST', '', user.token, { 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata });
    const location = created.headers.get('location')!;
    const stalled = stalledPatch(nodeA, location, user.token, bytes, 4096);
    let stalledAnswered = false;
    void stalled.answered.then(() => (stalledAnswered = true));
    try {
      // HEAD on B takes the lock: node A's request is asked to stop and answers.
      const offset = await eventually(async () => Number((await tusCall(nodeB, 'HEAD', location, user.token)).headers.get('upload-offset')), { until: (at) => at >= 4096, timeout: 15_000, interval: 20, what: 'the stalled bytes on node B' });
      expect(offset).toBe(4096);
      expect(stalledAnswered).toBe(true);
      const resumed = await tusCall(nodeB, 'PATCH', location, user.token, { 'Upload-Offset': String(offset) }, bytes.subarray(offset));
      expect(resumed.status).toBe(204);
      const videoId = resumed.headers.get('video-id')!;
      const done = await waitForVideo(nodeA.app.repos, videoId);
      expect(done.status).toBe('ready');
    } finally {
      stalled.destroy();
    }
  });
});

// With S3 storage the nodes share no disk: @tus/s3-store keeps the parts in the bucket. Its
// multipart calls (ListParts) need a fuller S3 than s3rver: moto's server, when installed.
const BUCKET = 'vidshare-tus-nodes';
if (!databases.includes('postgres')) console.log('[skip] tus across nodes on S3 skipped: nodes without a shared disk need PostgreSQL (DATABASE_URL)');

describe.skipIf(!databases.includes('postgres'))('tus across two nodes on S3 storage, each with its own DATA_DIR', () => {
  let s3: MotoProcess | null;
  let nodeA: Server;
  let nodeB: Server;
  beforeAll(async () => {
    s3 = await startMoto(BUCKET, 'tus across nodes on S3');
    if (!s3) return;
    const env: Record<string, string> = { ...s3.env };
    if (redisForTests.url) Object.assign(env, { REDIS_URL: redisForTests.url, JOBS_QUEUE: uniqueName('tus-s3') });
    nodeA = await startServer({ dialect: 'postgres', env });
    nodeB = await startServer({ dialect: 'postgres', env, schema: nodeA.schema! });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    await s3?.stop();
  });

  it('continues on node B an upload created and half sent on node A', async (context) => {
    if (!s3) return context.skip();
    expect(nodeB.dataDir).not.toBe(nodeA.dataDir);
    const { bytes, videoId } = await continueOnNodeB(nodeA, nodeB);
    const done = await waitForVideo(nodeA.app.repos, videoId);
    expect(done.status).toBe('ready');
    // The source in the bucket is the whole upload.
    const stored = await nodeB.app.storage.stat(done.source_key);
    expect(stored?.size).toBe(bytes.length);
    // Nothing of the tus upload is left in the bucket: only media keys and the deployment's marker.
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    const keys = ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key!);
    client.destroy();
    expect(keys.filter((key) => !/^(videos|images|sources)\//.test(key) && key !== DEPLOYMENT_MARKER_KEY)).toEqual([]);
  });
});
