import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/ids.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('watch history on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
  });
  afterAll(() => server?.close());

  const ids = (result: { body: { data: { videos: Array<{ _id: string }> } } }) => result.body.data.videos.map((v) => v._id);

  it('lists entries newest first; watching again moves an entry to the top without duplicates', async () => {
    const me = await registerUser(server);
    const [a, b, c] = [await insertVideo(server, owner.id, { title: 'A' }), await insertVideo(server, owner.id), await insertVideo(server, owner.id)];
    for (const id of [a, b, c]) expect((await call(server, 'POST', `/watch-history/add/${id}`, { token: me.token })).status).toBe(200);
    expect(ids(await call(server, 'GET', '/watch-history/get/?page=1', { token: me.token }))).toEqual([c, b, a]);

    await call(server, 'POST', `/watch-history/add/${a}`, { token: me.token });
    const list = await call(server, 'GET', '/watch-history/get/?page=1', { token: me.token });
    expect(ids(list)).toEqual([a, c, b]);
    expect(list.body.data.hasMore).toBe(false);
    const entry = list.body.data.videos[0];
    expect(entry).toMatchObject({ _id: a, videoId: a, title: 'A', owner: { _id: owner.id }, watchedAt: expect.any(String) });
    expect(entry.filePath).toMatch(/\/upload\//);
    // Without the trailing slash too.
    expect(ids(await call(server, 'GET', '/watch-history/get', { token: me.token }))).toEqual([a, c, b]);
  });

  it('pages the history', async () => {
    const me = await registerUser(server);
    const watched: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = await insertVideo(server, owner.id);
      await call(server, 'POST', `/watch-history/add/${id}`, { token: me.token });
      watched.unshift(id);
    }
    const first = await call(server, 'GET', '/watch-history/get/?page=1&limit=3', { token: me.token });
    expect(ids(first)).toEqual(watched.slice(0, 3));
    expect(first.body.data.hasMore).toBe(true);
    const second = await call(server, 'GET', '/watch-history/get/?page=2&limit=3', { token: me.token });
    expect(ids(second)).toEqual(watched.slice(3));
    expect(second.body.data.hasMore).toBe(false);
  });

  it('removes one entry and clears all, only for the caller', async () => {
    const me = await registerUser(server);
    const someone = await registerUser(server);
    const [a, b] = [await insertVideo(server, owner.id), await insertVideo(server, owner.id)];
    for (const user of [me, someone]) for (const id of [a, b]) await call(server, 'POST', `/watch-history/add/${id}`, { token: user.token });

    const removed = await call(server, 'DELETE', `/watch-history/delete/${a}`, { token: me.token });
    expect(removed.status).toBe(200);
    expect(ids(await call(server, 'GET', '/watch-history/get/', { token: me.token }))).toEqual([b]);
    expect((await call(server, 'DELETE', `/watch-history/delete/${a}`, { token: me.token })).status).toBe(404);

    const cleared = await call(server, 'DELETE', '/watch-history/delete/all/watch-history', { token: me.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.success).toBe(true);
    expect(ids(await call(server, 'GET', '/watch-history/get/', { token: me.token }))).toEqual([]);
    expect(ids(await call(server, 'GET', '/watch-history/get/', { token: someone.token }))).toEqual([b, a]);
  });

  it('needs a token on every route and a real video to add', async () => {
    const id = await insertVideo(server, owner.id);
    for (const [method, path] of [
      ['POST', `/watch-history/add/${id}`],
      ['GET', '/watch-history/get/'],
      ['DELETE', `/watch-history/delete/${id}`],
      ['DELETE', '/watch-history/delete/all/watch-history'],
    ] as const) {
      const result = await call(server, method, path);
      expect(result.status, `${method} ${path}`).toBe(401);
      expect(result.body.success).toBe(false);
    }
    const missing = await call(server, 'POST', `/watch-history/add/${newId()}`, { token: owner.token });
    expect(missing.status).toBe(404);
  });
});
