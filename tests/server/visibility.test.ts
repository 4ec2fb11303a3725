// One rule for videos that are not ready (server/videos/visibility.ts): unlisted, so
// every route that takes a video id treats them like ready ones, and only lists of someone else's
// videos leave them out. Checked route by route, for a stranger and for an anonymous caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('videos that are not ready, on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
    stranger = await registerUser(server);
    // The stranger follows the owner, so the subscription feed would show the owner's videos.
    expect((await call(server, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: stranger.token })).status).toBe(200);
  });
  afterAll(() => server?.close());

  const idsOf = (result: { body: { data: { videos?: { _id: string }[] } | { _id: string }[] } }) => {
    const data = result.body.data;
    return (Array.isArray(data) ? data : (data.videos ?? [])).map((video) => video._id);
  };

  it.each(['processing', 'failed'] as const)('a %s video is reachable by id on every route, for anyone', async (status) => {
    const videoId = await insertVideo(server, owner.id, { title: `Unlisted ${status} clip`, duration: 30 });
    await server.app.repos.videos.setStatus(videoId, status);
    const playlistId = await server.app.repos.playlists.create(stranger.id, 'Later', '');

    const anonymous = await call(server, 'GET', `/videos/${videoId}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toMatchObject({ _id: videoId, status });
    const asStranger = { token: stranger.token };
    const reads = [`/comments/all/${videoId}`, `/views/${videoId}`, `/videos/${videoId}/captions`, `/likes/get/video/likes/${videoId}`];
    for (const path of reads) expect({ path, status: (await call(server, 'GET', path)).status }).toEqual({ path, status: 200 });
    const writes: [string, string, object?][] = [
      ['POST', `/comments/add/${videoId}`, { json: { content: 'First!' } }],
      ['POST', `/likes/toggle/v/${videoId}?reactionType=like`],
      ['POST', `/views/add/${videoId}`],
      ['POST', `/watch-history/add/${videoId}`],
      ['PATCH', `/watch-history/position/${videoId}`, { json: { position: 12 } }],
      ['PATCH', `/playlist/add/${videoId}/${playlistId}`],
      ['GET', `/reports/video/${videoId}/mine`],
    ];
    for (const [method, path, extra] of writes) {
      const result = await call(server, method, path, { ...asStranger, ...extra });
      expect({ path, status: result.status }).toEqual({ path, status: expect.toSatisfy((code: number) => code === 200 || code === 201) });
    }
    const after = await call(server, 'GET', `/videos/${videoId}`, asStranger);
    expect(after.body.data).toMatchObject({ status, likes: 1, views: 1 });

    // Lists of someone else's videos leave it out; the owner's own list has it.
    const strangerLists = [
      await call(server, 'GET', '/videos/all-videos?limit=50'),
      await call(server, 'GET', `/videos/all-uploaded-videos/${owner.username}?limit=50`, asStranger),
      await call(server, 'GET', '/subscription/feed?limit=50', asStranger),
      await call(server, 'GET', `/videos/search?q=${encodeURIComponent(`Unlisted ${status}`)}`, asStranger),
    ];
    for (const list of strangerLists) {
      expect(list.status).toBe(200);
      expect(idsOf(list)).not.toContain(videoId);
    }
    expect(idsOf(await call(server, 'GET', '/videos/all-uploaded-videos?limit=50', { token: owner.token }))).toContain(videoId);
    expect(idsOf(await call(server, 'GET', `/videos/all-uploaded-videos/${owner.username}?limit=50`, { token: owner.token }))).toContain(videoId);
    // ...and a ready video of the same owner is in those lists (the lists are not simply empty).
    const ready = await insertVideo(server, owner.id, { title: `Listed ${status} clip` });
    expect(idsOf(await call(server, 'GET', '/subscription/feed?limit=50', asStranger))).toContain(ready);
    expect(idsOf(await call(server, 'GET', `/videos/all-uploaded-videos/${owner.username}?limit=50`, asStranger))).toContain(ready);
  });

  it('answers the same 404 on every route for an id no video has', async () => {
    const missing = '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee';
    const playlistId = await server.app.repos.playlists.create(stranger.id, 'Nothing', '');
    const routes: [string, string, object?][] = [
      ['GET', `/comments/all/${missing}`],
      ['POST', `/comments/add/${missing}`, { json: { content: 'Hello' } }],
      ['POST', `/likes/toggle/v/${missing}?reactionType=like`],
      ['POST', `/views/add/${missing}`],
      ['GET', `/views/${missing}`],
      ['POST', `/watch-history/add/${missing}`],
      ['PATCH', `/watch-history/position/${missing}`, { json: { position: 1 } }],
      ['PATCH', `/playlist/add/${missing}/${playlistId}`],
      ['GET', `/videos/${missing}/captions`],
      ['GET', `/reports/video/${missing}/mine`],
    ];
    for (const [method, path, extra] of routes) {
      const result = await call(server, method, path, { token: stranger.token, ...extra });
      expect({ path, status: result.status, message: result.body?.message }).toEqual({ path, status: 404, message: 'Video not found' });
    }
  });
});
