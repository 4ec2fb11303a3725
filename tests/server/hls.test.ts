// HLS on local disk (S3 in s3.test.ts): the ladder as fragmented MP4s with byte-range HLS
// playlists, the master growing rung by rung, a new video's lowest rung streamed while the ladder
// is made (and behind filePath as one growing MP4), the migration of older renditions, and playback
// from the source before any rung exists.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveEvent, type LiveEventPayloads } from '../../contract/events.js';
import { queueHlsPackaging } from '../../server/jobs/handlers/packageHls.js';
import { queueSlowLinkRungs } from '../../server/jobs/handlers/slowLinkRungs.js';
import { removeLeftLiveFiles, transcodeJob } from '../../server/jobs/handlers/transcode.js';
import { hlsMasterKey, liveFileKey, liveFilesPrefix, transcodeJobId } from '../../server/media/videoFiles.js';
import { parseMediaPlaylist } from '../../server/media/hls.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { expectSlowLinkAudio, expectValidHls } from './hlsFixtures.js';
import { closeSocketsAfterEach, connectLive } from './liveFixtures.js';
import { ffprobe, makeClip, mp4Upload, tools, uploadVideo, waitForVideo } from './mediaFixtures.js';

const run = promisify(execFile);
closeSocketsAfterEach();

// Generated once for the whole file (both dialects).
const hlsClip = makeClip('hls.mp4', { width: 854, height: 480, seconds: 5 });
const oldClip = makeClip('old.mp4', { width: 640, height: 360, seconds: 9 });
const sourceClip = makeClip('source.mp4', { width: 640, height: 360, seconds: 2, faststart: true });
const streamedClip = makeClip('streamed.mp4', { width: 1280, height: 720, seconds: 12 });
// jobs.test.ts' crash clip (one encode per run): 720p, and long enough to be read while it streams.
const movClip = makeClip('streamed-mov.mp4', { width: 1280, height: 720, seconds: 6 });

/** The slow-link rungs' audio rates (48 and 32 kbps asked for), with room for the encoder's swing. */
const SLOW_LINK_AUDIO_KBPS = { 240: 56, 144: 38 };

describe.each(databases)('HLS on %s', (dialect) => {
  let server: TestServer & { dataDir: string };
  let token: string;
  let owner: TestUser;
  beforeAll(async () => {
    // A short grace: a transcode's streamed files are gone before the server closes. The fastest
    // x264 preset: the migration's transcodes are checked for their rungs and keyframes, not the encode.
    server = await startServer({ dialect, env: { LIVE_FILES_GRACE_MS: '1000', TRANSCODE_PRESET: 'ultrafast' } });
    owner = await registerUser(server);
    token = owner.token;
  });
  afterAll(() => server?.close());

  it('drops a stream that stopped short when its job fails for good: its files and master go, the video is failed', async () => {
    const videoId = await insertVideo(server, owner.id, { title: 'Cut short' });
    const { storage, repos } = server.app;
    // As a run that died after streaming two fragments leaves it.
    for (const name of ['live-360.m3u8', 'live-360-init.mp4', 'live-360-0.m4s', 'live-360-1.m4s']) await storage.putBuffer(liveFileKey(videoId, name), Buffer.from(name), 'video/mp4');
    await storage.putBuffer(hlsMasterKey(videoId), Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
    expect(await repos.videoMedia.setStreamingHeight(videoId, 360)).toBe(true);
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data.hlsUrl).toBe(`/media/video/hls/${videoId}/master.m3u8`);
    expect((await fetch(`${server.url}/media/video/hls/${videoId}/live-360-1.m4s`)).status).toBe(200);

    const deps = { config: server.app.config, repos, storage, events: server.app.events, log: server.app.log, redis: null, jobs: server.app.jobs };
    await transcodeJob.onFailed!(deps, { videoId }, 'ffmpeg died');
    const video = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
    expect(video.status).toBe('failed');
    expect(video.hlsUrl).toBeUndefined();
    expect(await storage.list(liveFilesPrefix(videoId))).toEqual([]);
    expect(await storage.stat(hlsMasterKey(videoId))).toBeNull();
    for (const name of ['master.m3u8', 'live-360.m3u8', 'live-360-1.m4s']) expect((await fetch(`${server.url}/media/video/hls/${videoId}/${name}`)).status, name).toBe(404);
  });

  it('sweeps, at start, the streamed files a stop within their grace period left behind', async () => {
    const { storage, repos } = server.app;
    const putLiveFiles = (videoId: string) => storage.putBuffer(liveFileKey(videoId, 'live-360-0.m4s'), Buffer.from('fragment'), 'video/mp4');
    // Transcoded (its job done) with its live files left; streaming again (a re-queued job, say); without a transcode of late.
    const [left, streaming, unknown] = await Promise.all([0, 1, 2].map((index) => insertVideo(server, owner.id, { title: `Sweep ${index}` })));
    // Rows written as they stand (never queued, so this server's queue cannot take them).
    const at = new Date().toISOString();
    for (const videoId of [left!, streaming!]) {
      await server.app.db.db
        .insertInto('jobs')
        .values({ id: transcodeJobId(videoId), type: 'transcode', payload: JSON.stringify({ videoId }), state: 'done', run_at: at, locked_at: null, last_error: null, created_at: at, updated_at: at })
        .execute();
    }
    for (const videoId of [left!, streaming!, unknown!]) await putLiveFiles(videoId);
    await repos.videoMedia.setStreamingHeight(streaming!, 360);

    expect(await removeLeftLiveFiles(server.app)).toBeGreaterThanOrEqual(1);
    expect(await storage.list(liveFilesPrefix(left!))).toEqual([]);
    expect(await storage.list(liveFilesPrefix(streaming!))).toHaveLength(1);
    expect(await storage.list(liveFilesPrefix(unknown!))).toHaveLength(1);
  });

  it('packages older progressive renditions by remux, and re-queues a transcode when keyframes are too sparse', async () => {
    const clip = await oldClip;
    const upload = await uploadVideo(server, token, await mp4Upload(clip, 'Old'));
    const videoId: string = upload.body.data._id;
    await waitForVideo(server.app.repos, videoId);
    const db = server.app.db.db;
    const mediaDir = join(server.dataDir, 'media');

    // Turn it into a video from before HLS packaging: a faststart MP4 rendition without playlists (and
    // the ladder of then: 360p alone, no slow-link rungs).
    const makeOld = async (keyframeSeconds: number) => {
      await db.deleteFrom('video_renditions').where('video_id', '=', videoId).where('height', '<>', 360).execute();
      await rm(join(mediaDir, `videos/${videoId}`), { recursive: true, force: true });
      const old = join(server.dataDir, `old-${keyframeSeconds}.mp4`);
      await run(tools.ffmpeg, ['-v', 'error', '-y', '-i', clip, '-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(25 * keyframeSeconds), '-sc_threshold', '0', '-c:a', 'aac', '-movflags', '+faststart', old]);
      await mkdir(join(mediaDir, `videos/${videoId}`), { recursive: true });
      await copyFile(old, join(mediaDir, `videos/${videoId}/360.mp4`));
      await db.updateTable('video_renditions').set({ playlist_key: null, codecs: '', resolution: '', bandwidth: 0, average_bandwidth: 0 }).where('video_id', '=', videoId).execute();
      // Written behind the API's back: the read cache learns of it as from a write.
      server.parts.core.readCache.bump(`video:${videoId}`);
      expect((await call(server, 'GET', `/videos/${videoId}`)).body.data.hlsUrl).toBeUndefined();
    };
    const packaged = async () => (await db.selectFrom('video_renditions').select('playlist_key').where('video_id', '=', videoId).executeTakeFirst())?.playlist_key;

    // Keyframes every 2 s: remuxed in place, no transcode.
    await makeOld(2);
    const transcodeBefore = await db.selectFrom('jobs').select('updated_at').where('id', '=', `transcode-${videoId}`).executeTakeFirstOrThrow();
    expect(await queueHlsPackaging(server.app.repos.videoMedia, server.app.jobs)).toBe(1);
    await eventually(async () => Boolean(await packaged()), { what: 'the packaging', timeout: 60_000 });
    await eventually(async () => (await db.selectFrom('jobs').select('state').where('id', '=', `package-hls-${videoId}`).executeTakeFirst())?.state === 'done', { what: 'the packaging', timeout: 60_000 });
    const transcodeAfter = await db.selectFrom('jobs').select('updated_at').where('id', '=', `transcode-${videoId}`).executeTakeFirstOrThrow();
    expect(transcodeAfter.updated_at).toBe(transcodeBefore.updated_at);
    await expectValidHls(server, videoId, { resolutions: { 360: '640x360' }, duration: 9 });

    // Keyframes every 8 s: too sparse for 2 s fragments, so the rung is encoded again.
    await makeOld(8);
    expect(await queueHlsPackaging(server.app.repos.videoMedia, server.app.jobs)).toBe(1);
    await eventually(async () => Boolean(await packaged()), { what: 'the packaging', timeout: 60_000 });
    await waitForVideo(db, videoId);
    const transcodeAgain = await db.selectFrom('jobs').select('updated_at').where('id', '=', `transcode-${videoId}`).executeTakeFirstOrThrow();
    expect(transcodeAgain.updated_at > transcodeBefore.updated_at).toBe(true);
    // The transcode makes what is missing: the rung again, and the slow-link rungs of today's ladder.
    await expectValidHls(server, videoId, { resolutions: { 360: '640x360', 240: '426x240', 144: '256x144' }, duration: 9 });
    expect(await queueHlsPackaging(server.app.repos.videoMedia, server.app.jobs)).toBe(0);
  });
});

// The full-ladder runs at the production preset (the packaging's bandwidths are checked) and the
// two streamed ones (720p, 12 s and 6 s), on one database (the last: PostgreSQL when reachable): what
// they add to the tests above is the ladder and the stream themselves, files, events and ffmpeg.
// The SQL of recording rungs is run on each database by the migration test's transcodes, the
// streaming height's by the two tests before it.
const streamDialect = databases.at(-1)!;

describe(`the ladder packaged, and the start rung streamed while it is made, on ${streamDialect}`, () => {
  let server: TestServer & { dataDir: string };
  let token: string;
  beforeAll(async () => {
    // A short grace so the streamed rung's own files are seen to go.
    server = await startServer({ dialect: streamDialect, env: { LIVE_FILES_GRACE_MS: '1000' } });
    token = (await registerUser(server)).token;
  });
  afterAll(() => server?.close());

  it('packages every rung as one fMP4 with a byte-range playlist and lists them in the master', async () => {
    const clip = await hlsClip;
    // A viewer's socket (in no room, as the spec's clients) hears each rung land.
    const viewer = await connectLive(server);
    const events: LiveEventPayloads['video-qualities-updated'][] = [];
    viewer.on(LiveEvent.videoQualitiesUpdated, (payload: LiveEventPayloads['video-qualities-updated']) => events.push(payload));
    const upload = await uploadVideo(server, token, await mp4Upload(clip, 'HLS'));
    expect(upload.status).toBe(201);
    const videoId: string = upload.body.data._id;
    await waitForVideo(server.app.repos, videoId);
    const hlsUrl = `/media/video/hls/${videoId}/master.m3u8`;
    const ofRungs = () => events.filter((event) => event.videoId === videoId && event.qualities.length > 0);
    await eventually(() => ofRungs().length === 4, { what: 'four qualities events' });
    // The start rung (360p) first, so the master never lists a slow-link rung alone, then lowest first.
    expect(ofRungs()).toEqual([
      { videoId, qualities: [360], pendingQualities: [480, 240, 144], hlsUrl },
      { videoId, qualities: [360, 144], pendingQualities: [480, 240], hlsUrl },
      { videoId, qualities: [360, 240, 144], pendingQualities: [480], hlsUrl },
      { videoId, qualities: [480, 360, 240, 144], pendingQualities: [], hlsUrl },
    ]);
    // Before them, when the run lasted long enough to stream the start rung, the stream's start.
    for (const event of events.filter((candidate) => candidate.videoId === videoId && candidate.qualities.length === 0)) {
      expect(event).toEqual({ videoId, qualities: [], pendingQualities: [480, 360, 240, 144], hlsUrl });
    }

    const video = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
    expect(video.qualities).toEqual([480, 360, 240, 144]);
    expect(video.pendingQualities).toEqual([]);
    expect(video.sourceUrl).toBeUndefined();
    const masterText = await expectValidHls(server, videoId, { resolutions: { 480: '854x480', 360: '640x360', 240: '428x240', 144: '256x144' }, duration: 5 });
    // Players without hints start on the first variant: 360p, not the top rung. A 400 kbps link
    // holds 240p (BANDWIDTH, the peak fragment, at most 350 000) and a 200 kbps one 144p.
    const bandwidths = Object.fromEntries([...masterText.matchAll(/BANDWIDTH=(\d+),.*\n(\d+)\.m3u8/g)].map((match) => [Number(match[2]), Number(match[1])]));
    expect(Object.keys(bandwidths).map(Number).sort((a, b) => b - a)).toEqual([480, 360, 240, 144]);
    expect(masterText.split('\n').filter((line) => line.endsWith('.m3u8'))).toEqual(['360.m3u8', '480.m3u8', '240.m3u8', '144.m3u8']);
    expect(bandwidths[240]).toBeLessThanOrEqual(350_000);
    expect(bandwidths[144]).toBeLessThanOrEqual(180_000);
    expect(bandwidths[144]).toBeLessThan(bandwidths[240]!);
    expect(bandwidths[240]).toBeLessThan(bandwidths[360]!);
    // Stepping down to a slow-link rung steps the sound down too: its own mono low-rate track.
    await expectSlowLinkAudio(server, videoId, 240, SLOW_LINK_AUDIO_KBPS[240]);
    await expectSlowLinkAudio(server, videoId, 144, SLOW_LINK_AUDIO_KBPS[144]);

    const masterUrl = `${server.url}${video.hlsUrl}`;
    const master = await fetch(masterUrl);
    // A video's files are revalidated at every use (a takedown must reach caches); unchanged, a 304.
    expect(master.headers.get('cache-control')).toBe('public, no-cache');
    const etag = master.headers.get('etag')!;
    expect((await fetch(masterUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(masterUrl, { method: 'HEAD' })).headers.get('content-length')).toBe(master.headers.get('content-length'));
    // Nothing for rungs that do not exist, other files, or other videos.
    for (const path of [`/media/video/hls/${videoId}/720.m3u8`, `/media/video/hls/${videoId}/480.ts`, `/media/video/hls/${videoId}/..%2Fsecret.m3u8`, '/media/video/hls/nope/master.m3u8']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });

  it("streams a new video's start rung (360p) while the ladder is made, then answers the live URL with the rung's own playlist", async () => {
    const upload = await uploadVideo(server, token, await mp4Upload(await streamedClip, 'Streamed'));
    expect(upload.status).toBe(201);
    const videoId: string = upload.body.data._id;
    const base = `${server.url}/media/video/hls/${videoId}`;
    const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

    // Streaming: the video plays through HLS (and is listed) while no rung is complete.
    let during: Record<string, unknown> & { qualities: number[] } = { qualities: [] };
    await eventually(async () => {
        during = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
        // (ready a moment after the stream's first files are in place)
        return Boolean(during.hlsUrl) && during.qualities.length === 0 && during.status === 'ready';
      }, { what: 'the stream before any rung', timeout: 60_000 });
    expect(during).toMatchObject({ status: 'ready', pendingQualities: [720, 480, 360, 240, 144], hlsUrl: `/media/video/hls/${videoId}/master.m3u8` });
    // Ready, but the ladder is not: the run's own progress, not 100.
    expect(during.progress).toBeLessThan(100);
    const master = await fetch(`${base}/master.m3u8`);
    expect(master.headers.get('cache-control')).toBe('public, no-cache');
    expect(await master.text()).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\nlive-360\.m3u8\n$/);
    const live = await (await fetch(`${base}/live-360.m3u8`)).text();
    expect(live).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(live).toContain('#EXT-X-MAP:URI="live-360-init.mp4"');
    expect(live).not.toContain('#EXT-X-ENDLIST');
    expect(live.split('\n').filter((line) => line && !line.startsWith('#'))[0]).toBe('live-360-0.m4s');
    const init = await bytesOf(`${base}/live-360-init.mp4`);
    const firstFragment = await bytesOf(`${base}/live-360-0.m4s`);
    expect(init.toString('latin1', 4, 8)).toBe('ftyp');
    expect(firstFragment.length).toBeGreaterThan(1000);
    // One spelling per file, and nothing for rungs that do not stream.
    for (const name of ['live-360-00.m4s', 'live-360-0.mp4', 'live-360-init.m4s', 'live-360.mp4', 'live-720.m3u8', 'live-720-0.m4s']) {
      expect((await fetch(`${base}/${name}`)).status, name).toBe(404);
    }

    // Complete: the live URL answers with the rung's playlist over its file, the same bytes.
    await waitForVideo(server.app.repos, videoId);
    const after = parseMediaPlaylist(await (await fetch(`${base}/live-360.m3u8`)).text());
    expect(after).toMatchObject({ ended: true, uri: '360.mp4' });
    const file = await bytesOf(`${base}/360.mp4`);
    expect(file.subarray(after.map.offset, after.map.offset + after.map.length).equals(init)).toBe(true);
    const first = after.segments[0]!;
    expect(file.subarray(first.offset, first.offset + first.length).equals(firstFragment)).toBe(true);
    await expectValidHls(server, videoId, { resolutions: { 720: '1280x720', 480: '854x480', 360: '640x360', 240: '426x240', 144: '256x144' }, duration: 12 });
    // The stream's own files go after the grace period.
    await eventually(async () => (await server.app.storage.list(`videos/${videoId}/live/`)).length === 0, { what: 'the live files removed', timeout: 15_000 });
    expect((await fetch(`${base}/live-360-0.m4s`)).status).toBe(404);
  });

  it('plays filePath as soon as a spec list shows the video ready, from the streamed start rung when browsers cannot play the upload', async () => {
    // MPEG-4 Part 2 in MOV: no source to fall back on, so only the stream plays before the first rung.
    const mov = join(server.dataDir, 'streamed.mov');
    await run(tools.ffmpeg, ['-v', 'error', '-y', '-i', await movClip, '-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'copy', mov]);
    const upload = await uploadVideo(server, token, { title: 'Spec client', description: 'x', video: { bytes: await readFile(mov), type: 'video/quicktime', name: 'streamed.mov' } });
    expect(upload.status).toBe(201);
    const videoId: string = upload.body.data._id;

    // A client that knows only the spec: the feed, then the card's filePath.
    let card: { _id: string; status?: string; filePath: string } | undefined;
    await eventually(async () => {
        const feed = await call(server, 'GET', '/videos/all-videos?page=1&limit=50');
        card = (feed.body.data.videos as (typeof card & object)[]).find((listed) => listed._id === videoId);
        return card?.status === 'ready';
      }, { what: 'the feed lists the video ready', timeout: 60_000 });
    const answer = await fetch(`${server.url}${card!.filePath}`, { headers: { range: 'bytes=0-' } });
    expect([200, 206]).toContain(answer.status);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    const played = join(server.dataDir, 'played.mp4');
    await writeFile(played, Buffer.from(await answer.arrayBuffer()));
    const probed = await ffprobe(played);
    expect(probed).toMatchObject({ width: 640, height: 360, videoCodec: 'h264' });
    expect(probed.duration).toBeGreaterThan(5.5);
  });
});

// A transcode, a restart and the backfill on one database; its query (which videos get one) is
// checked on each by 'queues the slow-link backfill...' below.
describe(`slow-link rungs for videos from before them, on ${streamDialect}`, () => {
  const dialect = streamDialect;
  let server: TestServer & { dataDir: string; schema: string | null };
  let token: string;
  beforeAll(async () => {
    server = await startServer({ dialect });
    token = (await registerUser(server)).token;
  });
  afterAll(() => server?.close());

  it('are made at the next start from the 360p rung, listed in the master and announced, nothing else encoded again', async () => {
    const upload = await uploadVideo(server, token, await mp4Upload(await hlsClip, 'Before the slow-link rungs'));
    const videoId: string = upload.body.data._id;
    const db = server.app.db.db;
    await waitForVideo(db, videoId, undefined, 120_000);
    const dir = join(server.dataDir, 'media', `videos/${videoId}`);
    // The ladder of then: no 240p or 144p rows, files or master lines.
    await db.deleteFrom('video_renditions').where('video_id', '=', videoId).where('height', 'in', [240, 144]).execute();
    for (const name of ['240.mp4', '240.m3u8', '144.mp4', '144.m3u8']) await rm(join(dir, name));
    const masterPath = join(dir, 'master.m3u8');
    await writeFile(masterPath, (await readFile(masterPath, 'utf8')).replace(/#EXT-X-STREAM-INF:[^\n]*\n(240|144)\.m3u8\n/g, ''));
    server.parts.core.readCache.bump(`video:${videoId}`);
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data.qualities).toEqual([480, 360]);
    expect((await (await fetch(`${server.url}/media/video/hls/${videoId}/master.m3u8`)).text()).match(/^\d+\.m3u8$/gm)).toEqual(['360.m3u8', '480.m3u8']);
    const kept = ['480.mp4', '480.m3u8', '360.mp4', '360.m3u8'];
    const fileStates = () => Promise.all(kept.map(async (name) => ({ name, ...pick(await stat(join(dir, name))) })));
    const before = await fileStates();
    const transcode = () => db.selectFrom('jobs').select(['updated_at', 'attempts']).where('id', '=', transcodeJobId(videoId)).executeTakeFirstOrThrow();
    const transcodeBefore = await transcode();
    const events: LiveEventPayloads['video-qualities-updated'][] = [];
    const collect = (payload: LiveEventPayloads['video-qualities-updated']) => events.push(payload);
    (await connectLive(server)).on(LiveEvent.videoQualitiesUpdated, collect);

    // A restart (a second process on the same data that runs jobs, as the first one does) queues it;
    // either process may run it, and each announces to its own sockets (no Redis here).
    const restarted = await startServer({ dialect, dataDir: server.dataDir, schema: server.schema ?? undefined });
    try {
      (await connectLive(restarted)).on(LiveEvent.videoQualitiesUpdated, collect);
      const job = () => db.selectFrom('jobs').select(['state', 'type']).where('id', '=', `slow-link-rungs-${videoId}`).executeTakeFirst();
      await eventually(async () => (await job())?.state === 'done', { what: 'the slow-link rungs job', timeout: 150_000 });
      expect(await job()).toEqual({ state: 'done', type: 'slow-link-rungs' });
      // Queued once: a video whose backfill ran is not queued again.
      expect(await queueSlowLinkRungs(restarted.app.repos.videoMedia, restarted.app.jobs)).toBe(0);
      await eventually(() => events.some((event) => event.videoId === videoId && event.qualities.length === 4), { what: 'the qualities event' });
    } finally {
      await restarted.close();
    }
    // When the restarted process ran it, its cache bump stayed there (Redis carries it between nodes).
    server.parts.core.readCache.bump(`video:${videoId}`);

    const hlsUrl = `/media/video/hls/${videoId}/master.m3u8`;
    expect(events.filter((event) => event.videoId === videoId).at(-1)).toEqual({ videoId, qualities: [480, 360, 240, 144], pendingQualities: [], hlsUrl });
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data).toMatchObject({ qualities: [480, 360, 240, 144], pendingQualities: [] });
    // Same picture sizes as a transcode from the upload gives (428, not 426 from the 640x360 rung).
    const masterText = await expectValidHls(server, videoId, { resolutions: { 480: '854x480', 360: '640x360', 240: '428x240', 144: '256x144' }, duration: 5 });
    expect(masterText.match(/^\d+\.m3u8$/gm)).toEqual(['360.m3u8', '480.m3u8', '240.m3u8', '144.m3u8']);
    const bandwidth = (height: number) => Number(new RegExp(`BANDWIDTH=(\\d+),.*\\n${height}\\.m3u8`).exec(masterText)?.[1]);
    expect(bandwidth(240)).toBeLessThanOrEqual(350_000);
    expect(bandwidth(144)).toBeLessThan(bandwidth(240));
    await expectSlowLinkAudio(server, videoId, 240, SLOW_LINK_AUDIO_KBPS[240]);
    await expectSlowLinkAudio(server, videoId, 144, SLOW_LINK_AUDIO_KBPS[144]);
    // The other rungs' files were not written again, and the transcode did not run again.
    expect(await fileStates()).toEqual(before);
    expect(await transcode()).toEqual(transcodeBefore);
    // A transcode, a restart and the backfill: more than one ordinary test's time on a busy machine.
  }, 240_000);
});

const pick = ({ ino, size, mtimeMs }: { ino: number; size: number; mtimeMs: number }) => ({ ino, size, mtimeMs });

describe.each(databases)('playback before the first rung on %s', (dialect) => {
  // No job runs in this server, so the video stays at "first rung being made".
  let server: TestServer & { dataDir: string };
  let token: string;
  let ownerId: string;
  beforeAll(async () => {
    server = await startServer({ dialect, env: { RUN_JOBS_IN_PROCESS: 'false' } });
    ({ token, id: ownerId } = await registerUser(server));
  });
  afterAll(() => server?.close());

  it('serves a browser-playable source at sourceUrl and behind filePath, with ranges', async () => {
    const clip = await sourceClip;
    const upload = await uploadVideo(server, token, await mp4Upload(clip, 'Early'));
    const videoId: string = upload.body.data._id;
    const video = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
    expect(video).toMatchObject({ status: 'processing', qualities: [], pendingQualities: [360, 240, 144], sourceUrl: `/media/video/source/${videoId}.mp4` });
    expect(video.hlsUrl).toBeUndefined();
    const original = await readFile(clip);
    for (const path of [video.sourceUrl, video.filePath]) {
      const whole = await fetch(`${server.url}${path}`);
      expect(whole.status, path).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      // Revalidated: a rendition replaces it behind filePath soon.
      expect(whole.headers.get('cache-control')).toBe('public, no-cache');
      expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);
      const part = await fetch(`${server.url}${path}`, { headers: { range: 'bytes=10-19' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(10, 20))).toBe(true);
    }
    expect((await fetch(`${server.url}/media/video/hls/${videoId}/master.m3u8`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/video/source/${videoId}.webm`)).status).toBe(404);
  });

  it('offers no sourceUrl for a source browsers cannot play (MOV, or MPEG-4 Part 2 video)', async () => {
    const mov = join(server.dataDir, 'clip.mov');
    await run(tools.ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=1', '-c:v', 'mpeg4', mov]);
    const upload = await uploadVideo(server, token, { title: 'Mov', description: 'x', video: { bytes: await readFile(mov), type: 'video/quicktime', name: 'clip.mov' } });
    expect(upload.status).toBe(201);
    const video = (await call(server, 'GET', `/videos/${upload.body.data._id}`)).body.data;
    expect(video.sourceUrl).toBeUndefined();
    expect((await fetch(`${server.url}${video.filePath}`)).status).toBe(404);
  });

  it('queues the slow-link backfill once, for the ready videos whose size gets a slow-link rung they lack', async () => {
    // The backfill's query on each database (the backfill runs on one, above). No job runs in this
    // server: what is queued stays queued.
    const { videoMedia } = server.app.repos;
    const video = async (title: string, size: [number, number], rungs: number[], status: 'ready' | 'processing' = 'ready') => {
      const videoId = await insertVideo(server, ownerId, { title, status });
      await videoMedia.setProbe(videoId, { duration: 5, width: size[0], height: size[1], browserPlayable: true });
      for (const height of rungs) {
        const hls = { playlistKey: `videos/${videoId}/${height}.m3u8`, resolution: '', bandwidth: 1, averageBandwidth: 1, codecs: '' };
        await videoMedia.addRendition(videoId, { height, storageKey: `videos/${videoId}/${height}.mp4`, sizeBytes: 1, hls });
      }
      return videoId;
    };
    const lacksBoth = await video('Lacks both', [854, 480], [480, 360]);
    const lacks144 = await video('Lacks 144p', [480, 854], [480, 360, 240]);
    await video('Complete', [854, 480], [480, 360, 240, 144]);
    await video('Too small for either', [128, 72], []);
    await video('Processing', [854, 480], [480, 360], 'processing');
    const streaming = await video('Streaming', [854, 480], [480, 360]);
    await videoMedia.setStreamingHeight(streaming, 360);
    const transcoding = await video('Transcode queued', [854, 480], [480, 360]);
    await server.app.jobs.enqueue('transcode', { videoId: transcoding }, { id: transcodeJobId(transcoding) });
    const enqueue = vi.spyOn(server.app.jobs, 'enqueue');
    try {
      expect(await queueSlowLinkRungs(videoMedia, server.app.jobs)).toBe(2);
      expect(enqueue.mock.calls.map(([, payload]) => (payload as { videoId: string }).videoId).sort()).toEqual([lacksBoth, lacks144].sort());
      // Queued once: a video with a backfill job (here still queued) is left out.
      expect(await queueSlowLinkRungs(videoMedia, server.app.jobs)).toBe(0);
    } finally {
      enqueue.mockRestore();
    }
  });
});
