import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearestHeight } from '../../server/routes/media.js';
import { parseRange } from '../../server/media/streaming.js';
import sharp from 'sharp';
import { v7 } from 'uuid';
import { blobOf, call, databases, insertVideo, pngBytes, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';
import { ffprobe, makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';

describe('range parsing and quality fallback', () => {
  it('parses single byte ranges and refuses what cannot be satisfied', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
  });

  it('picks the nearest existing height, the better one on a tie', () => {
    expect(nearestHeight(720, [1080, 720, 480, 360])).toBe(720);
    expect(nearestHeight(1080, [720, 480, 360])).toBe(720);
    expect(nearestHeight(480, [720, 360])).toBe(360);
    expect(nearestHeight(600, [720, 480])).toBe(720);
    expect(nearestHeight(360, [180])).toBe(180);
  });
});

describe.each(databases)('media routes on %s', (dialect) => {
  let server: TestServer;
  let user: TestUser;
  let videoId: string;
  const bodies = new Map<number, Buffer>();

  /** A 720p video whose 720p and 360p renditions exist (480p still missing), with known bytes. */
  async function videoWithRenditions(heights: number[]): Promise<string> {
    const id = await insertVideo(server, user.id);
    await server.app.db.db.updateTable('videos').set({ width: 1280, height: 720 }).where('id', '=', id).execute();
    for (const height of heights) {
      const key = `videos/${id}/${height}.mp4`;
      const body = Buffer.concat([Buffer.from(`rendition ${height} `), randomBytes(4000 + height)]);
      bodies.set(height, body);
      await server.app.storage.putBuffer(key, body, 'video/mp4');
      await server.app.db.db
        .insertInto('video_renditions')
        .values({ video_id: id, height, storage_key: key, size_bytes: body.length, created_at: new Date().toISOString() })
        .execute();
    }
    return id;
  }

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${server.url}${path}`, { method, headers });
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  beforeAll(async () => {
    server = await startServer({ dialect });
    user = await registerUser(server);
    videoId = await videoWithRenditions([720, 360]);
  });
  afterAll(() => server?.close());

  it('serves the whole rendition with its type, length, validators and caching', async () => {
    const response = await get(`/media/video/upload/q_auto:good/${videoId}.mp4`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(bodies.get(720)!.length));
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect((await bytesOf(response)).equals(bodies.get(720)!)).toBe(true);
  });

  it('answers Range requests with 206 and exactly the asked bytes', async () => {
    const body = bodies.get(720)!;
    const path = `/media/video/upload/${videoId}.mp4`;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, body.length - 1],
      ['bytes=-50', body.length - 50, body.length - 1],
      [`bytes=${body.length - 10}-${body.length + 500}`, body.length - 10, body.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(path, { range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${body.length}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect((await bytesOf(response)).equals(body.subarray(start, end + 1))).toBe(true);
    }
    const unsatisfiable = await get(path, { range: `bytes=${body.length}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe(`bytes */${body.length}`);
    expect(await unsatisfiable.json()).toMatchObject({ statusCode: 416, success: false });
    const malformed = await get(path, { range: 'bytes=9-3' });
    expect(malformed.status).toBe(200);
    expect((await bytesOf(malformed)).length).toBe(body.length);
  });

  it('answers HEAD without a body, and conditional requests with 304 or the full file', async () => {
    const path = `/media/video/upload/q_auto:low/${videoId}.mp4`;
    const head = await get(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bodies.get(360)!.length));
    expect((await bytesOf(head)).length).toBe(0);
    const headRange = await get(path, { range: 'bytes=0-9' }, 'HEAD');
    expect(headRange.status).toBe(206);
    expect(headRange.headers.get('content-length')).toBe('10');

    const etag = head.headers.get('etag')!;
    const notModified = await get(path, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect((await bytesOf(notModified)).length).toBe(0);
    const otherEtag = await get(`/media/video/upload/${videoId}.mp4`, { 'if-none-match': etag });
    expect(otherEtag.status).toBe(200); // another rendition, another validator
    await otherEtag.arrayBuffer();
    const staleIfRange = await get(path, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(staleIfRange.status).toBe(200);
    expect((await bytesOf(staleIfRange)).equals(bodies.get(360)!)).toBe(true);
  });

  it('maps quality segments to renditions, falling back to the nearest one', async () => {
    const expected: [string, number][] = [
      ['', 720],
      ['q_auto:good/', 720],
      ['q_auto:best/', 720],
      ['q_auto:eco/', 360],
      ['q_auto:low/', 360],
    ];
    for (const [segment, height] of expected) {
      const response = await get(`/media/video/upload/${segment}${videoId}.mp4`);
      expect(response.status, segment).toBe(200);
      expect((await bytesOf(response)).equals(bodies.get(height)!), segment).toBe(true);
      expect(response.headers.get('cache-control'), segment).toBe('public, no-cache');
    }
  });

  it("has caches ask again at every use of a video's files, so a takedown reaches them: 304 while it stands, 410 once taken down", async () => {
    const id = await videoWithRenditions([360]);
    const moderator = await registerUser(server);
    await setRole(server, moderator, 'moderator');
    const path = `/media/video/upload/${id}.mp4`;
    const first = await get(path);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    // A cache revalidating its copy, whole or a fragment's byte range: nothing to send again.
    for (const headers of [{ 'if-none-match': etag }, { 'if-none-match': etag, range: 'bytes=0-99' }] as Record<string, string>[]) {
      const again = await get(path, headers);
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe('public, no-cache');
    }
    const down = await call(server, 'POST', `/moderation/videos/${id}/takedown`, { token: moderator.token, json: { reason: 'Copyright claim' } });
    expect(down.status).toBe(200);
    // The same revalidation now learns the video is gone (not a 304 that would keep the copy).
    const gone = await get(path, { 'if-none-match': etag, range: 'bytes=0-99' });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ statusCode: 410, success: false });
    // Its owner still has it, kept out of every cache.
    const own = await get(path, { authorization: `Bearer ${user.token}` });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    await own.arrayBuffer();
  });

  it('answers 404 in the envelope for unknown videos, qualities, names and unfinished videos', async () => {
    const processing = await insertVideo(server, user.id);
    await server.app.repos.videos.setStatus(processing, 'processing');
    const paths = [
      `/media/video/upload/01a0aaaa-0000-7000-8000-000000000000.mp4`,
      `/media/video/upload/q_auto:ultra/${videoId}.mp4`,
      `/media/video/upload/${videoId}.webm`,
      `/media/video/upload/${processing}.mp4`,
      `/media/image/upload/nothing-here.webp`,
      `/media/image/upload/..%2F..%2Fjwt-secret`,
      `/media/image/upload/q_auto:nope/x.webp`,
    ];
    for (const path of paths) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ statusCode: 404, success: false });
    }
    expect(await (await get(`/media/video/upload/${processing}.mp4`)).json()).toMatchObject({ message: 'Video is still processing' });
  });

  it('serves images, with or without a quality segment, immutable and rangeable', async () => {
    const me = await call(server, 'GET', '/users/me', { token: user.token });
    const avatar: string = me.body.data.avatar;
    expect(avatar).toMatch(/^\/media\/image\/upload\/[\w-]+\.webp$/);
    const whole = await get(avatar);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/webp');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = await bytesOf(whole);
    const withQuality = await get(avatar.replace('/upload/', '/upload/q_auto:eco/'), { range: 'bytes=0-3' });
    expect(withQuality.status).toBe(206);
    expect((await bytesOf(withQuality)).equals(bytes.subarray(0, 4))).toBe(true);
  });

  it('serves narrower copies of an image (w_ segments), made once and kept, never wider than the image', async () => {
    const form = new FormData();
    form.set('coverImage', blobOf(await pngBytes(1000, 250, '#3366aa'), 'image/png'), 'cover.png');
    expect((await call(server, 'POST', '/users/update-coverImage', { token: user.token, form })).status).toBe(200);
    const cover: string = (await call(server, 'GET', '/users/me', { token: user.token })).body.data.coverImage;
    const name = cover.split('/').pop()!;
    const widthOf = async (response: Response) => (await sharp(await bytesOf(response)).metadata()).width;
    const narrow = await get(cover.replace('/upload/', '/upload/w_320/'));
    expect(narrow.status).toBe(200);
    expect(narrow.headers.get('content-type')).toBe('image/webp');
    expect(narrow.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = narrow.headers.get('etag');
    expect(await widthOf(narrow)).toBe(320);
    expect(await server.app.storage.stat(`images/w320/${name}`)).not.toBeNull();
    // Asked again: the kept copy, same validator; a conditional request gets 304.
    expect((await get(cover.replace('/upload/', '/upload/w_320/'))).headers.get('etag')).toBe(etag);
    expect((await get(cover.replace('/upload/', '/upload/w_320/'), { 'if-none-match': etag! })).status).toBe(304);
    expect(await widthOf(await get(cover.replace('/upload/', '/upload/w_960/')))).toBe(960);
    // Wider than the image: the image's own width.
    const avatar: string = (await call(server, 'GET', '/users/me', { token: user.token })).body.data.avatar;
    const avatarWidth = await widthOf(await get(avatar));
    expect(avatarWidth).toBeLessThan(320);
    const asIs = await get(avatar.replace('/upload/', '/upload/w_320/'));
    expect(await widthOf(asIs.clone())).toBe(avatarWidth);
    // Not narrower than asked: the image's own bytes, not a re-encode.
    expect((await bytesOf(asIs)).equals(await bytesOf(await get(avatar)))).toBe(true);
    for (const path of [cover.replace('/upload/', '/upload/w_500/'), cover.replace('/upload/', '/upload/w_320/').replace(name, `${v7()}.webp`)]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ statusCode: 404, success: false });
    }
  });

  it("makes a thumbnail's narrower copies when it is stored, before any request asks for them", async () => {
    const clip = await makeClip(`thumbnail-copies-${dialect}.mp4`, { width: 320, height: 180, seconds: 1 });
    const thumbnail = { bytes: await pngBytes(1280, 720, '#aa6633'), type: 'image/png', name: 'thumbnail.png' };
    const upload = await uploadVideo(server, user.token, { ...(await mp4Upload(clip, 'Copies')), thumbnail });
    expect(upload.status).toBe(201);
    const name = String(upload.body.data.thumbnail).split('/').pop()!;
    for (const width of [320, 480, 640, 960]) {
      const key = `images/w${width}/${name}`;
      expect(await server.app.storage.stat(key), key).not.toBeNull();
      expect((await sharp(await buffer(await server.app.storage.read(key))).metadata()).width, key).toBe(width);
    }
    const served = await get(String(upload.body.data.thumbnail).replace('/upload/', '/upload/w_480/'));
    expect(served.status).toBe(200);
    expect((await sharp(await bytesOf(served)).metadata()).width).toBe(480);
  });

  it('streams a real transcoded rendition that ffprobe can read over HTTP', async () => {
    const clip = await makeClip(`media-${dialect}.mp4`, { width: 320, height: 180, seconds: 2 });
    const upload = await uploadVideo(server, user.token, await mp4Upload(clip));
    expect(upload.status).toBe(201);
    await waitForVideo(server.app.repos, upload.body.data._id);
    const probed = await ffprobe(`${server.url}/media/video/upload/q_auto:best/${upload.body.data._id}.mp4`);
    expect(probed).toMatchObject({ width: 320, height: 180, videoCodec: 'h264', audioCodec: 'aac' });
    const thumbnail = await get(upload.body.data.thumbnail);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
  });
});
