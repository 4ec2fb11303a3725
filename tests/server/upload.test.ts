import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventPayloads } from '../../contract/events.js';
import { transcodeJob } from '../../server/jobs/handlers/transcode.js';
import { removeStaleTempFiles } from '../../server/http/multipart.js';
import { removeVideoFiles } from '../../server/useCases/videoRemoval.js';
import { userRoom } from '../../server/realtime/live.js';
import { transcodeJobId } from '../../server/media/videoFiles.js';
import { blobOf, call, databases, insertVideo, pngBytes, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { ffprobe, filesUnder, makeClip, mp4Upload, uploadVideo, videoState, waitForVideo } from './mediaFixtures.js';

const NOT_A_VIDEO = /^Video file must be an MP4, WebM or MOV video/;

// Generated once for the whole file (both dialects).
const clips = Promise.all([
  makeClip('hd.mp4', { width: 1280, height: 720, seconds: 2 }),
  makeClip('small.mp4', { width: 320, height: 180, seconds: 2 }),
  makeClip('small-faststart.mp4', { width: 320, height: 180, seconds: 2, faststart: true }),
]);
const longClip = makeClip('long.mp4', { width: 1280, height: 720, seconds: 6 });

describe('temp files', () => {
  it('clears what a crash left in the temp dir, but not what is in use', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vidshare-tmp-'));
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await writeFile(join(dir, 'old.upload'), 'x');
    await mkdir(join(dir, 'job-old-1-x'));
    await writeFile(join(dir, 'job-old-1-x', '360.mp4'), 'x');
    await utimes(join(dir, 'old.upload'), dayAgo, dayAgo);
    await utimes(join(dir, 'job-old-1-x'), dayAgo, dayAgo);
    await writeFile(join(dir, 'fresh.upload'), 'x');
    await removeStaleTempFiles(dir);
    expect(await filesUnder(dir)).toEqual(['fresh.upload']);
    await rm(dir, { recursive: true, force: true });
  });
});

describe.each(databases)('video upload on %s', (dialect) => {
  let server: TestServer & { dataDir: string };
  let user: TestUser;
  let hd: string;
  let small: string;
  let smallFaststart: string;
  const mediaDir = () => join(server.dataDir, 'media');
  const tmpDir = () => join(server.dataDir, 'tmp');
  /**
   * A streamed rung's own files outlive its published file by LIVE_FILES_GRACE_MS, past the job's
   * end: file listings wait for them to go, or a slow run shows them (or their removal) later.
   */
  const streamedFilesGone = () => eventually(async () => !(await filesUnder(mediaDir())).some((path) => path.includes('/live-')), { what: 'streamed files to go' });
  const countVideos = async () => Number((await server.app.db.db.selectFrom('videos').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    [hd, small, smallFaststart] = await clips;
    // A short grace: a streamed rung's own files (when a run lasted long enough to stream) go soon after.
    server = await startServer({ dialect, env: { LIVE_FILES_GRACE_MS: '200' } });
    user = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('answers 201 at once, then transcodes a 720p source to 720/480/360/240/144 (no 1080) with the source duration', async () => {
    const before = await filesUnder(mediaDir());
    const upload = await uploadVideo(server, user.token, await mp4Upload(hd, 'Test pattern'));
    expect(upload.status).toBe(201);
    const video = upload.body.data;
    expect(video).toMatchObject({ title: 'Test pattern', description: 'About Test pattern', status: 'processing', owner: { _id: user.id } });
    expect(video.duration).toBeCloseTo(2, 1);
    expect(video.filePath).toBe(`/media/video/upload/${video._id}.mp4`);
    expect(video.thumbnail).toMatch(/^\/media\/image\/upload\/.+\.webp$/); // made from the video at 1 s

    const state = await waitForVideo(server.app.repos, video._id);
    expect(state.status).toBe('ready');
    expect(state.job).toMatchObject({ state: 'done', progress: 100 });
    expect(state.renditions.map((rendition) => rendition.height)).toEqual([720, 480, 360, 240, 144]);
    expect(state.source_key).toBe(`sources/${video._id}.mp4`);
    const widths: Record<number, number> = { 720: 1280, 480: 854, 360: 640, 240: 426, 144: 256 };
    for (const rendition of state.renditions) {
      expect(rendition.storage_key).toBe(`videos/${video._id}/${rendition.height}.mp4`);
      const probed = await ffprobe(join(mediaDir(), rendition.storage_key));
      expect(probed).toMatchObject({ height: rendition.height, width: widths[rendition.height], videoCodec: 'h264', audioCodec: 'aac' });
      expect(probed.duration).toBeGreaterThan(1.8);
      expect(probed.duration).toBeLessThan(2.2);
    }
    await expect.poll(async () => (await filesUnder(mediaDir())).filter((path) => !before.includes(path)), { timeout: 10_000 }).toEqual(
      [
        `sources/${video._id}.mp4`,
        `images/${video.thumbnail.split('/').pop()}`,
        // The 1280 px frame's narrower copies, made with it.
        ...[320, 480, 640, 960].map((width) => `images/w${width}/${video.thumbnail.split('/').pop()}`),
        `videos/${video._id}/master.m3u8`,
        ...[720, 480, 360, 240, 144].flatMap((h) => [`videos/${video._id}/${h}.mp4`, `videos/${video._id}/${h}.m3u8`]),
      ].sort(),
    );
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it('keeps a thumbnail sent with the video, re-encoded to WebP', async () => {
    const fields = await mp4Upload(small, 'With thumbnail');
    fields.thumbnail = { bytes: await pngBytes(320, 180, '#ff0000'), type: 'image/png', name: 'thumb.png' };
    const upload = await uploadVideo(server, user.token, fields);
    expect(upload.status).toBe(201);
    const name = upload.body.data.thumbnail.split('/').pop();
    const stored = await readFile(join(mediaDir(), 'images', name));
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const state = await waitForVideo(server.app.repos, upload.body.data._id);
    expect(state.renditions.map((rendition) => rendition.height)).toEqual([180]); // under 360: its own height; 144 is too close to it to be worth a rung
  });

  describe('refuses what is not a complete video, and leaves nothing behind', () => {
    let before: string[];
    let videosBefore: number;

    async function expectRefused(fields: Parameters<typeof uploadVideo>[2], status: number, message: RegExp | string, signedOut = false) {
      await streamedFilesGone();
      before = await filesUnder(mediaDir());
      videosBefore = await countVideos();
      const result = await uploadVideo(server, signedOut ? undefined : user.token, fields);
      expect(result.status).toBe(status);
      expect(result.body).toMatchObject({ statusCode: status, success: false });
      if (typeof message === 'string') expect(result.body.message).toBe(message);
      else expect(result.body.message).toMatch(message);
      expect(await countVideos()).toBe(videosBefore);
      expect(await filesUnder(mediaDir())).toEqual(before);
      expect(await filesUnder(tmpDir())).toEqual([]);
    }

    it('a text file renamed .mp4 (415)', async () => {
      const text = Buffer.from('this is not a video, only some text\n'.repeat(200));
      await expectRefused({ title: 't', description: 'd', video: { bytes: text, type: 'video/mp4', name: 'notes.mp4' } }, 415, NOT_A_VIDEO);
    });

    it('a truncated MP4, with its index at the end or at the front (415)', async () => {
      const whole = await readFile(hd);
      await expectRefused({ title: 't', description: 'd', video: { bytes: whole.subarray(0, whole.length >> 1), type: 'video/mp4', name: 'cut.mp4' } }, 415, NOT_A_VIDEO);
      const front = await readFile(smallFaststart);
      await expectRefused({ title: 't', description: 'd', video: { bytes: front.subarray(0, front.length >> 1), type: 'video/mp4', name: 'cut.mp4' } }, 415, NOT_A_VIDEO);
    });

    it('a PNG sent as videoFile (415)', async () => {
      await expectRefused({ title: 't', description: 'd', video: { bytes: await pngBytes(), type: 'video/mp4', name: 'frame.mp4' } }, 415, NOT_A_VIDEO);
    });

    it('a 101 MB video (413)', async () => {
      const huge = Buffer.alloc(101 * 1024 * 1024, 7);
      (await readFile(small)).copy(huge); // real MP4 bytes first: only the size is wrong
      await expectRefused({ title: 't', description: 'd', video: { bytes: huge, type: 'video/mp4', name: 'huge.mp4' } }, 413, 'Video must be at most 100 MB');
    });

    it('a thumbnail over 5 MB (413)', async () => {
      const fields = await mp4Upload(small);
      const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
      (await pngBytes()).forEach((byte, index) => (big[index] = byte));
      fields.thumbnail = { bytes: big, type: 'image/png', name: 'big.png' };
      await expectRefused(fields, 413, 'Thumbnail must be at most 5 MB');
    });

    it('a thumbnail that is not a raster image, even with a valid video (415)', async () => {
      const fields = await mp4Upload(small);
      fields.thumbnail = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/png', name: 't.png' };
      await expectRefused(fields, 415, /^Thumbnail must be/);
    });

    it('missing fields (400) and a missing token (401)', async () => {
      const fields = await mp4Upload(small);
      await expectRefused({ ...fields, title: '  ' }, 400, 'Title and description are required');
      await expectRefused({ ...fields, description: undefined }, 400, 'Title and description are required');
      await expectRefused({ ...fields, video: undefined }, 400, 'Video file is required');
      await expectRefused({ ...fields, video: { bytes: Buffer.alloc(0), type: 'video/mp4', name: '' } }, 400, 'Video file is required');
      await expectRefused(fields, 401, 'Unauthorized request', true);
    });

    it('two files in videoFile (400)', async () => {
      await streamedFilesGone();
      before = await filesUnder(mediaDir());
      const form = new FormData();
      form.set('title', 't');
      form.set('description', 'd');
      form.append('videoFile', blobOf(await readFile(small), 'video/mp4'), 'a.mp4');
      form.append('videoFile', blobOf(await readFile(small), 'video/mp4'), 'b.mp4');
      const result = await call(server, 'POST', '/videos/upload-Video', { token: user.token, form });
      expect(result.status).toBe(400);
      expect(await filesUnder(tmpDir())).toEqual([]);
      expect(await filesUnder(mediaDir())).toEqual(before);
    });

    it('an SVG avatar at registration (415, no user, no image)', async () => {
      await streamedFilesGone();
      before = await filesUnder(mediaDir());
      const form = new FormData();
      form.set('fullName', 'Svg Person');
      form.set('username', `svg${Date.now().toString(36)}`);
      form.set('email', `svg${Date.now().toString(36)}@example.com`);
      form.set('password', 'long enough pass');
      form.set('avatar', blobOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml'), 'a.svg');
      const result = await call(server, 'POST', '/users/register', { form });
      expect(result.status).toBe(415);
      expect(await filesUnder(mediaDir())).toEqual(before);
      expect(await filesUnder(tmpDir())).toEqual([]);
    });
  });

  it('sends transcoding progress to the owner only, over socket.io', async () => {
    const stranger = await registerUser(server);
    const sockets: Socket[] = [];
    const open = async (token: string, userId: string) => {
      const socket = connectSocket(server.url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
      sockets.push(socket);
      await eventually(async () => (await server.app.io.in(userRoom(userId)).fetchSockets()).length > 0, { what: 'the socket to join its user room' });
      const events: LiveEventPayloads['transcode-progress'][] = [];
      socket.on('transcode-progress', (payload) => events.push(payload));
      return events;
    };
    try {
      const ownerEvents = await open(user.token, user.id);
      const strangerEvents = await open(stranger.token, stranger.id);
      const upload = await uploadVideo(server, user.token, await mp4Upload(hd, 'Watched live'));
      const videoId = upload.body.data._id;
      await waitForVideo(server.app.repos, videoId);
      await eventually(() => ownerEvents, { until: (events) => events.some((event) => event.progress === 100), what: 'the final event' });
      const mine = ownerEvents.filter((event) => event.videoId === videoId);
      const hlsUrl = `/media/video/hls/${videoId}/master.m3u8`;
      expect(mine.at(-1)).toEqual({ videoId, status: 'ready', progress: 100, qualities: [720, 480, 360, 240, 144], hlsUrl });
      // Watchable before the end, from the first 'ready' on: by HLS, whether the start rung still
      // streams (no rung published yet: qualities []) or a rung landed first. Which one comes first
      // depends on how fast ffmpeg runs, so only what holds either way is asserted.
      const firstReady = mine.findIndex((event) => event.status === 'ready');
      expect(firstReady).toBeGreaterThanOrEqual(0);
      expect(mine.slice(0, firstReady).every((event) => event.status === 'processing' && event.hlsUrl === null && event.qualities.length === 0)).toBe(true);
      expect(mine.slice(firstReady).every((event) => event.status === 'ready' && event.hlsUrl === hlsUrl)).toBe(true);
      expect(mine[firstReady]!.qualities.length).toBeLessThanOrEqual(1);
      // Rungs are announced one at a time and never taken back.
      const counts = mine.map((event) => event.qualities.length);
      for (const [index, event] of mine.entries()) {
        const before = mine[index - 1]?.qualities ?? [];
        expect(before.every((height) => event.qualities.includes(height))).toBe(true);
        expect(counts[index]! - (counts[index - 1] ?? 0)).toBeLessThanOrEqual(1);
      }
      expect(mine.map((event) => event.progress)).toEqual(mine.map((event) => event.progress).sort((a, b) => a - b));
      expect(strangerEvents).toEqual([]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('a transcode that fails for good marks a video without renditions failed, and keeps a watchable one ready', async () => {
    const db = server.app.db.db;
    const brokenSource = `sources/broken-of-${user.id}.mp4`;
    const broken = await insertVideo(server, user.id, { status: 'processing', sourceKey: brokenSource });
    await server.app.storage.putBuffer(brokenSource, Buffer.from('not a video at all'), 'video/mp4');
    const signal = new AbortController().signal;
    await expect(transcodeJob.run(server.app, { id: 'manual', payload: { videoId: broken }, attempt: 1, signal, progress: async () => {} })).rejects.toThrow(/not a readable video/);
    await transcodeJob.onFailed!(server.app, { videoId: broken }, 'the source is not a readable video');
    expect((await videoState(server.app.repos, broken))?.status).toBe('failed');
    const media = await fetch(`${server.url}/media/video/upload/${broken}.mp4`);
    expect(media.status).toBe(404);
    expect((await media.json()).message).toBe('Video could not be processed');

    const watchable = await insertVideo(server, user.id);
    await db.insertInto('video_renditions').values({ video_id: watchable, height: 360, storage_key: `videos/${watchable}/360.mp4`, size_bytes: 1, created_at: new Date().toISOString() }).execute();
    await transcodeJob.onFailed!(server.app, { videoId: watchable }, 'a later rung failed');
    expect((await videoState(server.app.repos, watchable))?.status).toBe('ready');
    await server.app.repos.videos.remove([broken, watchable]);
    await server.app.storage.remove(brokenSource);
  });

  it('DELETE /videos/delete/{id} removes the renditions, source and thumbnail', async () => {
    const upload = await uploadVideo(server, user.token, await mp4Upload(small, 'Short-lived'));
    const videoId: string = upload.body.data._id;
    const thumbnail = `images/${upload.body.data.thumbnail.split('/').pop()}`;
    await waitForVideo(server.app.repos, videoId);
    await streamedFilesGone();
    const mine = (await filesUnder(mediaDir())).filter((path) => path.includes(videoId) || path === thumbnail);
    expect(mine).toHaveLength(5); // source, one rendition with its playlist, the master playlist, thumbnail
    const removed = await call(server, 'DELETE', `/videos/delete/${videoId}`, { token: user.token });
    expect(removed.status).toBe(200);
    expect((await filesUnder(mediaDir())).filter((path) => mine.includes(path))).toEqual([]);
    expect((await fetch(`${server.url}/media/video/upload/${videoId}.mp4`)).status).toBe(404);
  });

  it('removeVideoFiles cancels a running transcode and removes every file of the video', async () => {
    const longer = await longClip;
    const upload = await uploadVideo(server, user.token, await mp4Upload(longer, 'To delete'));
    expect(upload.status).toBe(201);
    const videoId = upload.body.data._id;
    await waitForVideo(server.app.repos, videoId, (state) => state.job?.state === 'running' && state.job.progress > 0, 30_000);
    const row = (await server.app.repos.videos.findOwned(videoId))!;
    await removeVideoFiles(server.app, row);
    await server.app.repos.videos.remove([videoId]);
    expect(await videoState(server.app.repos, videoId)).toBeNull();
    expect(await server.app.repos.jobs.get(transcodeJobId(videoId))).toBeUndefined();
    // Nothing may appear afterwards: the wait is the check itself (a cancelled ffmpeg writing late).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const left = await filesUnder(join(server.dataDir));
    expect(left.filter((path) => path.includes(videoId) || path.includes(row.thumbnail) || path.startsWith('tmp/'))).toEqual([]);
  });
});
