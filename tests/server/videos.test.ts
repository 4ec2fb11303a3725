import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/ids.js';
import { transcodeJobId } from '../../server/media/videoFiles.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('videos on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;
  const db = () => server.app.db.db;
  const setStatus = (id: string, status: 'processing' | 'ready' | 'failed') => server.app.repos.videos.setStatus(id, status);

  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
    other = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('walks the feed page by page: each ready video exactly once, newest first across pages', async () => {
    for (let i = 0; i < 13; i += 1) await insertVideo(server, i % 2 ? owner.id : other.id, { title: `Feed ${i}` });
    await setStatus(await insertVideo(server, owner.id, { title: 'Still processing' }), 'processing');
    const ready = await db().selectFrom('videos').select('id').where('status', '=', 'ready').orderBy('id', 'desc').execute();

    const seen: string[][] = [];
    for (let page = 1; ; page += 1) {
      const result = await call(server, 'GET', `/videos/all-videos?page=${page}&limit=5`);
      expect(result.status).toBe(200);
      expect(result.body.success).toBe(true);
      seen.push(result.body.data.videos.map((video: { _id: string }) => video._id));
      if (!result.body.data.hasMore) break;
    }
    expect(seen.flat()).toHaveLength(ready.length);
    expect(new Set(seen.flat())).toEqual(new Set(ready.map((row) => row.id)));
    // Shuffled within a page, but each page holds the next slice of the stable order.
    seen.forEach((ids, index) => expect(new Set(ids)).toEqual(new Set(ready.slice(index * 5, index * 5 + 5).map((row) => row.id))));

    const card = (await call(server, 'GET', '/videos/all-videos?limit=1')).body.data.videos[0];
    expect(card).toMatchObject({ views: 0, likes: 0, status: 'ready', owner: { _id: expect.any(String), username: expect.any(String) } });
    expect(card.filePath).toMatch(/\/upload\//);
  });

  it('excludes the current video from the related list and validates the limit', async () => {
    const current = await insertVideo(server, owner.id);
    const related = await call(server, 'GET', `/videos/all-videos?page=1&limit=10&exclude=${current}`);
    expect(related.body.data.videos).toHaveLength(10);
    expect(related.body.data.videos.map((v: { _id: string }) => v._id)).not.toContain(current);
    expect((await call(server, 'GET', '/videos/all-videos?limit=51')).status).toBe(400);
    expect((await call(server, 'GET', '/videos/all-videos?page=0')).status).toBe(400);
    const defaultPage = await call(server, 'GET', '/videos/all-videos');
    expect(defaultPage.body.data.videos).toHaveLength(12);
  });

  it('takes an optional bearer on the feed, but a bad one is a 401', async () => {
    expect((await call(server, 'GET', '/videos/all-videos', { token: owner.token })).status).toBe(200);
    const bad = await call(server, 'GET', '/videos/all-videos', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ success: false, statusCode: 401 });
  });

  it('answers one video with counts, qualities, the caller reaction and progress', async () => {
    const id = await insertVideo(server, owner.id, { title: 'Detail', duration: 42 });
    const at = new Date().toISOString();
    await db()
      .insertInto('video_renditions')
      .values([360, 1080, 720].map((height) => ({ video_id: id, height, storage_key: `videos/${id}/${height}.mp4`, size_bytes: 1, created_at: at })))
      .execute();
    expect((await call(server, 'POST', `/likes/toggle/v/${id}?reactionType=disLike`, { token: other.token })).status).toBe(200);

    const signedOut = await call(server, 'GET', `/videos/${id}`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.data).toMatchObject({
      _id: id,
      title: 'Detail',
      duration: 42,
      likes: 0,
      disLikes: 1,
      commentsCount: 0,
      qualities: [1080, 720, 360],
      userReaction: null,
      progress: 100,
      status: 'ready',
      owner: { _id: owner.id, username: owner.username, fullName: owner.fullName },
    });
    expect(signedOut.body.data.updatedAt).toEqual(expect.any(String));
    expect((await call(server, 'GET', `/videos/${id}`, { token: other.token })).body.data.userReaction).toBe('disLike');

    const missing = await call(server, 'GET', `/videos/${newId()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'This video does not exist or was deleted.', success: false });
    // Whatever a /watch/{id} link carries, a video that is not there is a 404 saying so.
    for (const id of ['not-a-real-id', 'bad%20id!', 'x'.repeat(100)]) {
      expect((await call(server, 'GET', `/videos/${id}`)).body).toMatchObject({ statusCode: 404, message: 'This video does not exist or was deleted.' });
    }
  });

  it('shows a processing video by id with its job progress, but not in lists of others', async () => {
    const id = await insertVideo(server, owner.id, { title: 'Transcoding' });
    await setStatus(id, 'processing');
    const at = new Date().toISOString();
    await db()
      .insertInto('jobs')
      .values({ id: transcodeJobId(id), type: 'transcode', payload: JSON.stringify({ videoId: id }), state: 'running', progress: 37, run_at: at, created_at: at, updated_at: at })
      .execute();
    const detail = await call(server, 'GET', `/videos/${id}`);
    expect(detail.body.data).toMatchObject({ status: 'processing', progress: 37, qualities: [] });

    const theirs = await call(server, 'GET', `/videos/all-uploaded-videos/${owner.username}?limit=50`, { token: other.token });
    expect(theirs.body.data.videos.map((v: { _id: string }) => v._id)).not.toContain(id);
    const mine = await call(server, 'GET', `/videos/all-uploaded-videos/${owner.username}?limit=50`, { token: owner.token });
    expect(mine.body.data.videos.map((v: { _id: string }) => v._id)).toContain(id);
    const feed = await call(server, 'GET', '/videos/all-videos?limit=50');
    expect(feed.body.data.videos.map((v: { _id: string }) => v._id)).not.toContain(id);
  });

  it("lists a user's uploads by username, newest first, 404 for an unknown user", async () => {
    const author = await registerUser(server);
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await insertVideo(server, author.id, { title: `Upload ${i}` }));
    const first = await call(server, 'GET', `/videos/all-uploaded-videos/${author.username}?page=1&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.videos.map((v: { _id: string }) => v._id)).toEqual([ids[2], ids[1]]);
    expect(first.body.data.hasMore).toBe(true);
    const second = await call(server, 'GET', `/videos/all-uploaded-videos/${author.username}?page=2&limit=2`);
    expect(second.body.data).toMatchObject({ hasMore: false, videos: [{ _id: ids[0] }] });
    const unknown = await call(server, 'GET', '/videos/all-uploaded-videos/nobody_here');
    expect(unknown.status).toBe(404);
  });

  it('lists own uploads of every status with totals, filtered by title', async () => {
    const me = await registerUser(server);
    await insertVideo(server, me.id, { title: 'Cooking pasta' });
    await insertVideo(server, me.id, { title: 'Cooking rice' });
    await setStatus(await insertVideo(server, me.id, { title: 'Hiking 100%' }), 'failed');
    const all = await call(server, 'GET', '/videos/all-uploaded-videos?page=1&limit=2', { token: me.token });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ hasMore: true, totalPages: 2, totalVideos: 3 });
    expect(all.body.data.videos[0]).toMatchObject({ title: 'Hiking 100%', status: 'failed' });
    const cooking = await call(server, 'GET', '/videos/all-uploaded-videos?q=COOKING', { token: me.token });
    expect(cooking.body.data).toMatchObject({ totalVideos: 2, totalPages: 1, hasMore: false });
    const percent = await call(server, 'GET', '/videos/all-uploaded-videos?q=100%25', { token: me.token });
    expect(percent.body.data.videos.map((v: { title: string }) => v.title)).toEqual(['Hiking 100%']);
    const literal = await call(server, 'GET', '/videos/all-uploaded-videos?q=%25', { token: me.token });
    expect(literal.body.data.totalVideos).toBe(1);
    expect((await call(server, 'GET', '/videos/all-uploaded-videos')).status).toBe(401);
  });

  it('lets the owner edit title and description, and nobody else', async () => {
    const id = await insertVideo(server, owner.id, { title: 'Old title' });
    const edited = await call(server, 'PATCH', `/videos/${id}`, { token: owner.token, json: { title: '  New title ', description: 'New words' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ _id: id, title: 'New title', description: 'New words' });
    const blank = await call(server, 'PATCH', `/videos/${id}`, { token: owner.token, json: { title: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Title is required');
    expect((await call(server, 'PATCH', `/videos/${id}`, { token: owner.token, json: { title: 'x'.repeat(101) } })).status).toBe(400);
    expect((await call(server, 'PATCH', `/videos/${id}`, { token: owner.token, json: { description: 'x'.repeat(5001) } })).status).toBe(400);
    expect((await call(server, 'PATCH', `/videos/${id}`, { token: owner.token, json: {} })).status).toBe(400);
    expect((await call(server, 'PATCH', `/videos/${id}`, { token: other.token, json: { title: 'Mine now' } })).status).toBe(403);
    expect((await call(server, 'PATCH', `/videos/${id}`, { json: { title: 'Anon' } })).status).toBe(401);
    expect((await call(server, 'PATCH', `/videos/${newId()}`, { token: owner.token, json: { title: 'Ghost' } })).status).toBe(404);
    expect((await call(server, 'GET', `/videos/${id}`)).body.data.title).toBe('New title');
  });

  it('deletes one own video with its files, and cascades to history, likes and playlist counts', async () => {
    const id = await insertVideo(server, owner.id);
    const kept = await insertVideo(server, owner.id);
    await server.app.storage.putBuffer(`videos/${id}/720.mp4`, Buffer.from('bytes'), 'video/mp4');
    await call(server, 'POST', `/watch-history/add/${id}`, { token: other.token });
    await call(server, 'POST', `/likes/toggle/v/${id}?reactionType=like`, { token: other.token });
    const playlistId = newId();
    const at = new Date().toISOString();
    await db().insertInto('playlists').values({ id: playlistId, owner_id: other.id, name: 'Mix', description: 'd', videos_count: 2, created_at: at, updated_at: at }).execute();
    await db().insertInto('playlist_videos').values([id, kept].map((video_id) => ({ playlist_id: playlistId, video_id, added_at: at }))).execute();

    const forbidden = await call(server, 'DELETE', `/videos/delete/${id}`, { token: other.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('You are not allowed to delete this video');
    expect((await call(server, 'DELETE', `/videos/delete/${id}`)).status).toBe(401);
    const deleted = await call(server, 'DELETE', `/videos/delete/${id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Video deleted successfully');
    expect((await call(server, 'DELETE', `/videos/delete/${id}`, { token: owner.token })).status).toBe(404);

    expect((await call(server, 'GET', `/videos/${id}`)).status).toBe(404);
    expect(await server.app.storage.stat(`videos/${id}/720.mp4`)).toBeNull();
    const history = await call(server, 'GET', '/watch-history/get/?page=1', { token: other.token });
    expect(history.body.data.videos.map((v: { _id: string }) => v._id)).not.toContain(id);
    const liked = await call(server, 'GET', '/likes/get/user/liked-videos', { token: other.token });
    expect(liked.body.data.videos.map((v: { _id: string }) => v._id)).not.toContain(id);
    const playlist = await db().selectFrom('playlists').select('videos_count').where('id', '=', playlistId).executeTakeFirstOrThrow();
    expect(Number(playlist.videos_count)).toBe(1);
    expect((await call(server, 'GET', `/videos/${kept}`)).status).toBe(200);
  });

  it('deletes all own videos and leaves the others alone', async () => {
    const me = await registerUser(server);
    const mine = [await insertVideo(server, me.id), await insertVideo(server, me.id)];
    const theirs = await insertVideo(server, other.id);
    expect((await call(server, 'DELETE', '/videos')).status).toBe(401);
    const result = await call(server, 'DELETE', '/videos', { token: me.token });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ message: 'All videos deleted successfully', data: { deletedCount: 2 } });
    for (const id of mine) expect((await call(server, 'GET', `/videos/${id}`)).status).toBe(404);
    expect((await call(server, 'GET', `/videos/${theirs}`)).status).toBe(200);
    const own = await call(server, 'GET', '/videos/all-uploaded-videos', { token: me.token });
    expect(own.body.data).toMatchObject({ videos: [], totalVideos: 0, hasMore: false });
  });
});
