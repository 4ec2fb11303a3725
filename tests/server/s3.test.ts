// The S3 storage path against a local S3-compatible server (s3rver), started here on a free port;
// skipped with a printed reason when it cannot start.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../server/media/s3Storage.js';
import { removeVideoFiles } from '../../server/useCases/videoRemoval.js';
import { databases, registerUser, startServer, type TestServer } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { expectValidHls } from './hlsFixtures.js';
import { filesUnder, makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

const BUCKET = 'vidshare-test';
const s3Directory = await mkdtemp(join(tmpdir(), 'vidshare-s3rver-'));
let s3rver: S3rverInstance | null = null;
let endpoint = '';
try {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory, configureBuckets: [{ name: BUCKET }] });
  endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
} catch (error) {
  console.log(`[skip] S3 storage tests skipped: s3rver could not start (${(error as Error).message})`);
  s3rver = null;
}

const s3Config = { endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', timeoutMs: 5000 };
const client = new S3Client({ ...s3Config, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
const keysUnder = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!).sort();
const objectBytes = async (key: string) => Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToByteArray());

afterAll(async () => {
  client.destroy();
  await s3rver?.close();
  await rm(s3Directory, { recursive: true, force: true });
});

describe.skipIf(!s3rver)('S3Storage', () => {
  it('stores, stats, reads ranges of and removes objects', async () => {
    const storage = new S3Storage(s3Config);
    await storage.putBuffer('unit/a.bin', Buffer.from('0123456789'), 'application/octet-stream');
    await storage.putBuffer('unit/dir/b.bin', Buffer.from('abc'), 'application/octet-stream');
    expect(await storage.stat('unit/a.bin')).toMatchObject({ size: 10 });
    expect(await storage.stat('unit/missing.bin')).toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read('unit/a.bin', { start: 2, end: 5 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    expect(storage.localPath()).toBeNull();
    await storage.removePrefix('unit/');
    expect(await keysUnder('unit/')).toEqual([]);
  });
});

describe.skipIf(!s3rver).each(databases)('media on S3 storage on %s', (dialect) => {
  let server: TestServer & { dataDir: string };
  beforeAll(async () => {
    server = await startServer({
      dialect,
      // A short grace: the streamed rung's own fragments (when the run lasted long enough to stream) go soon after.
      env: { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', LIVE_FILES_GRACE_MS: '200' },
    });
  });
  afterAll(() => server?.close());

  it('uploads, transcodes and serves ranges through /media from the bucket; deleting empties it', async () => {
    // Nothing on this machine's disk: the bucket below holds every byte.
    expect(server.app.storage.localPath('sources/any.mp4')).toBeNull();
    const user = await registerUser(server);
    const clip = await makeClip(`s3-${dialect}.mp4`, { width: 640, height: 360, seconds: 2 });
    const upload = await uploadVideo(server, user.token, await mp4Upload(clip, 'On S3'));
    expect(upload.status).toBe(201);
    const videoId: string = upload.body.data._id;
    const state = await waitForVideo(server.app.repos, videoId);
    expect(state.renditions.map((rendition) => rendition.height)).toEqual([360, 240, 144]);
    const finalKeys = [...[144, 240, 360].flatMap((height) => [`videos/${videoId}/${height}.m3u8`, `videos/${videoId}/${height}.mp4`]), `videos/${videoId}/master.m3u8`];
    await eventually(async () => JSON.stringify(await keysUnder(`videos/${videoId}/`)) === JSON.stringify(finalKeys), { what: 'only the rungs and their playlists in the bucket' });
    // HLS from the bucket: the master, the playlist and every byte range of the one file.
    await expectValidHls(server, videoId, { resolutions: { 360: '640x360', 240: '426x240', 144: '256x144' }, duration: 2 });
    expect(await objectBytes(state.source_key)).toEqual(await readFile(clip));
    expect(await filesUnder(join(server.dataDir, 'media'))).toEqual([]); // nothing on local disk

    const stored = await objectBytes(`videos/${videoId}/360.mp4`);
    const ranged = await fetch(`${server.url}/media/video/upload/q_auto:low/${videoId}.mp4`, { headers: { range: 'bytes=100-1099' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-1099/${stored.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(stored.subarray(100, 1100))).toBe(true);
    const thumbnail = await fetch(`${server.url}${upload.body.data.thumbnail}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');

    const row = (await server.app.repos.videos.findOwned(videoId))!;
    await removeVideoFiles(server.app, row);
    expect(await keysUnder(`videos/${videoId}/`)).toEqual([]);
    expect(await keysUnder(row.source_key)).toEqual([]);
    expect(await keysUnder(`images/${row.thumbnail}`)).toEqual([]);
    expect(await filesUnder(join(server.dataDir, 'tmp'))).toEqual([]);
  });
});
