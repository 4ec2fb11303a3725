import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../server/domain/events.js';
import { newId } from '../../server/ids.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';

const ids = (result: { body: { data: { videos: Array<{ _id: string }> } } }) => result.body.data.videos.map((v) => v._id);

describe.each(databases)('watch later on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  let moderator: TestUser;
  const changes: Array<DomainEvents['watchLater.changed']> = [];

  beforeAll(async () => {
    server = await startServer({ dialect });
    [owner, moderator] = await Promise.all([registerUser(server), registerUser(server)]);
    await setRole(server, moderator, 'moderator');
    server.app.events.on('watchLater.changed', 'test', (change) => void changes.push(change));
  });
  afterAll(() => server?.close());

  it('saves videos newest first in the card shape; saving twice keeps one entry in its place', async () => {
    const me = await registerUser(server);
    const [a, b, c] = [await insertVideo(server, owner.id, { title: 'A' }), await insertVideo(server, owner.id), await insertVideo(server, owner.id)];
    for (const id of [a, b, c]) {
      const saved = await call(server, 'POST', `/watch-later/${id}`, { token: me.token });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ success: true, data: { videoId: id, saved: true, savedAt: expect.any(String) } });
    }
    const again = await call(server, 'POST', `/watch-later/${a}`, { token: me.token });
    expect(again.status).toBe(200);
    expect(again.body.data.saved).toBe(true);
    expect(changes.filter((change) => change.userId === me.id)).toEqual([a, b, c].map((videoId) => ({ userId: me.id, videoId, saved: true })));

    const list = await call(server, 'GET', '/watch-later', { token: me.token });
    expect(list.status).toBe(200);
    expect(ids(list)).toEqual([c, b, a]);
    expect(list.body.data.hasMore).toBe(false);
    const entry = list.body.data.videos[2];
    expect(entry).toMatchObject({ _id: a, videoId: a, title: 'A', duration: 10, views: 0, owner: { _id: owner.id, username: owner.username }, savedAt: again.body.data.savedAt });
    expect(entry.filePath).toMatch(/\/upload\//);
    expect(ids(await call(server, 'GET', '/watch-later/', { token: me.token }))).toEqual([c, b, a]);
  });

  it('pages the list', async () => {
    const me = await registerUser(server);
    const saved: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = await insertVideo(server, owner.id);
      await call(server, 'POST', `/watch-later/${id}`, { token: me.token });
      saved.unshift(id);
    }
    const first = await call(server, 'GET', '/watch-later?page=1&limit=3', { token: me.token });
    expect(ids(first)).toEqual(saved.slice(0, 3));
    expect(first.body.data.hasMore).toBe(true);
    const second = await call(server, 'GET', '/watch-later?page=2&limit=3', { token: me.token });
    expect(ids(second)).toEqual(saved.slice(3));
    expect(second.body.data.hasMore).toBe(false);
    expect((await call(server, 'GET', '/watch-later?page=0', { token: me.token })).status).toBe(400);
  });

  it('removes an entry for the caller only; removing again succeeds, an unknown video is a 404', async () => {
    const me = await registerUser(server);
    const someone = await registerUser(server);
    const [a, b] = [await insertVideo(server, owner.id), await insertVideo(server, owner.id)];
    for (const user of [me, someone]) for (const id of [a, b]) await call(server, 'POST', `/watch-later/${id}`, { token: user.token });

    const removed = await call(server, 'DELETE', `/watch-later/${a}`, { token: me.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ videoId: a, saved: false, savedAt: null });
    expect(changes.at(-1)).toEqual({ userId: me.id, videoId: a, saved: false });
    const count = changes.length;
    expect((await call(server, 'DELETE', `/watch-later/${a}`, { token: me.token })).status).toBe(200);
    expect(changes).toHaveLength(count);
    expect(ids(await call(server, 'GET', '/watch-later', { token: me.token }))).toEqual([b]);
    expect(ids(await call(server, 'GET', '/watch-later', { token: someone.token }))).toEqual([b, a]);

    for (const method of ['POST', 'DELETE']) {
      const missing = await call(server, method, `/watch-later/${newId()}`, { token: me.token });
      expect(missing.status, method).toBe(404);
      expect(missing.body).toMatchObject({ success: false, statusCode: 404, message: 'Video not found' });
    }
    expect((await call(server, 'POST', '/watch-later/not%20an%20id', { token: me.token })).status).toBe(400);
  });

  it('refuses a taken-down video (410) and leaves it out of the list; a deleted video leaves the list', async () => {
    const me = await registerUser(server);
    const [down, deleted, kept] = [await insertVideo(server, owner.id), await insertVideo(server, owner.id), await insertVideo(server, owner.id)];
    for (const id of [down, deleted, kept]) await call(server, 'POST', `/watch-later/${id}`, { token: me.token });
    expect((await call(server, 'POST', `/moderation/videos/${down}/takedown`, { token: moderator.token, json: { reason: 'Copyright claim' } })).status).toBe(200);
    expect((await call(server, 'DELETE', `/videos/delete/${deleted}`, { token: owner.token })).status).toBe(200);

    const gone = await call(server, 'POST', `/watch-later/${down}`, { token: me.token });
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ success: false, statusCode: 410 });
    expect((await call(server, 'POST', `/watch-later/${deleted}`, { token: me.token })).status).toBe(404);
    expect(ids(await call(server, 'GET', '/watch-later', { token: me.token }))).toEqual([kept]);
    // Its entry may still be taken off.
    expect((await call(server, 'DELETE', `/watch-later/${down}`, { token: me.token })).status).toBe(200);
  });

  it('needs a token on every route', async () => {
    const id = await insertVideo(server, owner.id);
    for (const [method, path] of [
      ['GET', '/watch-later'],
      ['POST', `/watch-later/${id}`],
      ['DELETE', `/watch-later/${id}`],
    ] as const) {
      const result = await call(server, method, path);
      expect(result.status, `${method} ${path}`).toBe(401);
      expect(result.body.success).toBe(false);
    }
  });
});
