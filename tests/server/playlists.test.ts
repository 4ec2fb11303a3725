import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('playlists on %s', (dialect) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  const create = (user: TestUser, name = 'Favourites', description = 'Videos I like') =>
    call(server, 'POST', '/playlist/create', { token: user.token, json: { name, description } });
  const addTo = (user: TestUser, videoId: string, playlistId: string) => call(server, 'PATCH', `/playlist/add/${videoId}/${playlistId}`, { token: user.token });
  const storedCount = async (id: string) => Number((await server.app.repos.playlists.findById(id))!.videos_count);
  const videoWithThumbnail = (ownerId: string, title: string, thumbnail: string) => insertVideo(server, ownerId, { title, duration: 61, thumbnail });

  beforeAll(async () => {
    server = await startServer({ dialect });
    alice = await registerUser(server, { fullName: 'Alice Lists' });
    bob = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('creates a playlist with trimmed fields, 201 and the spec message', async () => {
    const result = await create(alice, '  Road trip  ', ' Songs and vlogs ');
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ statusCode: 201, success: true, message: 'Playlist created successfully' });
    expect(result.body.data).toMatchObject({
      name: 'Road trip',
      description: 'Songs and vlogs',
      owner: { _id: alice.id, username: alice.username, fullName: 'Alice Lists' },
      videos: [],
      videosCount: 0,
      totalVideos: 0,
      PlaylistThumbnail: '',
    });
    expect(result.body.data._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('validates name and description with the spec rules', async () => {
    const cases: Array<[string, string, string]> = [
      ['  ', 'd', 'Playlist name is required'],
      ['n', ' ', 'Playlist description is required'],
      ['x'.repeat(101), 'd', 'Playlist name must be at most 100 characters'],
      ['n', 'x'.repeat(501), 'Playlist description must be at most 500 characters'],
    ];
    for (const [name, description, message] of cases) {
      const result = await create(alice, name, description);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ statusCode: 400, message, success: false, errors: [] });
    }
    expect((await create(alice, 'x'.repeat(100), 'y'.repeat(500))).status).toBe(201);
    const missing = await call(server, 'POST', '/playlist/create', { token: alice.token, json: {} });
    expect(missing.body.message).toBe('Playlist name is required');
  });

  it('needs a token for every change', async () => {
    const playlist = (await create(alice)).body.data;
    const video = await insertVideo(server, alice.id);
    const attempts = [
      call(server, 'POST', '/playlist/create', { json: { name: 'n', description: 'd' } }),
      call(server, 'PATCH', `/playlist/${playlist._id}`, { json: { name: 'n' } }),
      call(server, 'DELETE', `/playlist/${playlist._id}`),
      call(server, 'PATCH', `/playlist/add/${video}/${playlist._id}`),
      call(server, 'PATCH', `/playlist/remove/${video}/${playlist._id}`),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(401);
      expect(result.body.success).toBe(false);
    }
  });

  it('adds videos newest first, refuses duplicates with 409 and keeps videos_count exact', async () => {
    const playlist = (await create(alice)).body.data;
    const first = await videoWithThumbnail(bob.id, 'First', 'first.webp');
    const second = await videoWithThumbnail(alice.id, 'Second', 'second.webp');

    const added = await addTo(alice, first, playlist._id);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Video added to playlist successfully');
    expect(added.body.data).toMatchObject({ videosCount: 1, totalVideos: 1, PlaylistThumbnail: expect.stringMatching(/first\.webp$/) });
    await addTo(alice, second, playlist._id);

    const twice = await addTo(alice, first, playlist._id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Video is already in this playlist');
    expect(await storedCount(playlist._id)).toBe(2);

    const unknown = await addTo(alice, '0190a0a0-0000-7000-8000-000000000000', playlist._id);
    expect(unknown.status).toBe(404);
    expect((await addTo(alice, first, '0190a0a0-0000-7000-8000-000000000000')).status).toBe(404);

    const detail = await call(server, 'GET', `/playlist/${playlist._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.message).toBe('Playlist videos fetched successfully');
    expect(detail.body.data).toMatchObject({ hasMore: false, totalVideos: 2 });
    expect(detail.body.data.playlist).toMatchObject({ _id: playlist._id, name: 'Favourites', description: 'Videos I like', owner: { _id: alice.id } });
    expect(detail.body.data.playlist.videos.map((v: any) => v.title)).toEqual(['Second', 'First']);
    expect(detail.body.data.playlist.videos[0]).toMatchObject({ _id: second, duration: 61, owner: { _id: alice.id } });
    expect(detail.body.data.playlist.PlaylistThumbnail).toMatch(/second\.webp$/);
  });

  it('keeps videos_count exact under concurrent adds of the same and different videos', async () => {
    const playlist = (await create(alice)).body.data;
    const videos = await Promise.all(Array.from({ length: 5 }, () => insertVideo(server, alice.id)));
    const results = await Promise.all([...videos, ...videos].map((video) => addTo(alice, video, playlist._id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await storedCount(playlist._id)).toBe(5);
    // Deleting a video through the API drops it from the playlist and the count.
    expect((await call(server, 'DELETE', `/videos/delete/${videos[0]}`, { token: alice.token })).status).toBe(200);
    expect(await storedCount(playlist._id)).toBe(4);
  });

  it('pages a playlist 12 videos at a time', async () => {
    const playlist = (await create(alice)).body.data;
    const videos: string[] = [];
    for (let i = 0; i < 14; i++) {
      videos.push(await insertVideo(server, alice.id, { title: `v${i}` }));
      await addTo(alice, videos[i]!, playlist._id);
    }
    const first = await call(server, 'GET', `/playlist/${playlist._id}?page=1`);
    expect(first.body.data.hasMore).toBe(true);
    expect(first.body.data.totalVideos).toBe(14);
    expect(first.body.data.playlist.videos).toHaveLength(12);
    expect(first.body.data.playlist.videos[0].title).toBe('v13');
    const second = await call(server, 'GET', `/playlist/${playlist._id}?page=2`);
    expect(second.body.data.hasMore).toBe(false);
    expect(second.body.data.playlist.videos.map((v: any) => v.title)).toEqual(['v1', 'v0']);
    expect((await call(server, 'GET', '/playlist/0190a0a0-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it("lists a user's playlists with a preview of videos and the full count", async () => {
    const owner = await registerUser(server);
    const big = (await create(owner, 'Big', 'many videos')).body.data;
    for (let i = 0; i < 6; i++) await addTo(owner, await insertVideo(server, owner.id, { title: `b${i}`, duration: 30 + i }), big._id);
    const empty = (await create(owner, 'Empty', 'nothing yet')).body.data;

    const result = await call(server, 'GET', `/playlist/user/${owner.username}/playlists`);
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Playlists fetched successfully');
    expect(result.body.data.hasMore).toBe(false);
    const [newest, older] = result.body.data.playlists;
    expect(newest).toMatchObject({ _id: empty._id, videosCount: 0, videos: [] });
    expect(older).toMatchObject({ _id: big._id, videosCount: 6, totalVideos: 6 });
    expect(older.videos.map((v: any) => v.title)).toEqual(['b5', 'b4', 'b3', 'b2']);
    expect(older.videos[0].duration).toBe(35);

    expect((await call(server, 'GET', `/playlist/user/${owner.username.toUpperCase()}/playlists`)).body.data.playlists).toHaveLength(2);
    expect((await call(server, 'GET', '/playlist/user/nobody_here_at_all/playlists')).status).toBe(404);
  });

  it('renames, removes videos and deletes for the owner only', async () => {
    const playlist = (await create(alice)).body.data;
    const video = await insertVideo(server, alice.id);
    await addTo(alice, video, playlist._id);

    const forbidden = [
      await call(server, 'PATCH', `/playlist/${playlist._id}`, { token: bob.token, json: { name: 'Mine now' } }),
      await call(server, 'DELETE', `/playlist/${playlist._id}`, { token: bob.token }),
      await addTo(bob, await insertVideo(server, bob.id), playlist._id),
      await call(server, 'PATCH', `/playlist/remove/${video}/${playlist._id}`, { token: bob.token }),
    ];
    for (const result of forbidden) {
      expect(result.status).toBe(403);
      expect(result.body.message).toBe('You are not allowed to modify this playlist');
    }

    const blank = await call(server, 'PATCH', `/playlist/${playlist._id}`, { token: alice.token, json: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Playlist name is required');
    const renamed = await call(server, 'PATCH', `/playlist/${playlist._id}`, { token: alice.token, json: { name: ' Renamed ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('Playlist name updated successfully');
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', description: 'Videos I like' });

    const removed = await call(server, 'PATCH', `/playlist/remove/${video}/${playlist._id}`, { token: alice.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ videosCount: 0, videos: [], PlaylistThumbnail: '' });
    expect(await storedCount(playlist._id)).toBe(0);
    expect((await call(server, 'PATCH', `/playlist/remove/${video}/${playlist._id}`, { token: alice.token })).status).toBe(404);

    const deleted = await call(server, 'DELETE', `/playlist/${playlist._id}`, { token: alice.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ message: 'Playlist deleted successfully', data: { _id: playlist._id } });
    expect((await call(server, 'GET', `/playlist/${playlist._id}`)).status).toBe(404);
    expect((await call(server, 'DELETE', `/playlist/${playlist._id}`, { token: alice.token })).status).toBe(404);
  });

  it('adds a video that is still processing, its own or someone else\'s (unlisted, not hidden: server/videos/visibility.ts)', async () => {
    const playlist = (await create(alice)).body.data;
    const processing = await insertVideo(server, bob.id);
    await server.app.repos.videos.setStatus(processing, 'processing');
    expect((await addTo(alice, processing, playlist._id)).status).toBe(200);
    const own = await insertVideo(server, alice.id);
    await server.app.repos.videos.setStatus(own, 'processing');
    expect((await addTo(alice, own, playlist._id)).status).toBe(200);
  });
});
