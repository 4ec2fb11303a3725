import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../server/ids.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('views on %s', (dialect) => {
  let server: TestServer;
  let viewer: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
    viewer = await registerUser(server);
  });
  afterAll(() => server?.close());

  it('counts one view per user per video within 24 hours and tells the caller it viewed it', async () => {
    const id = await insertVideo(server, owner.id);
    const emitted = vi.spyOn(server.parts.live, 'viewsUpdated');
    try {
      const before = await call(server, 'GET', `/views/${id}`, { token: viewer.token });
      expect(before.body.data).toEqual({ totalViews: 0, isViewed: false });
      const first = await call(server, 'POST', `/views/add/${id}`, { token: viewer.token });
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ totalViews: 1, isViewed: true });
      const again = await call(server, 'POST', `/views/add/${id}`, { token: viewer.token });
      expect(again.body.data).toEqual({ totalViews: 1, isViewed: true });
      expect(emitted).toHaveBeenCalledTimes(1);
      // The viewer is named: their own other tabs learn they viewed it.
      expect(emitted).toHaveBeenCalledWith({ videoId: id, totalViews: 1, actorId: viewer.id }, { kind: 'everyone' });
    } finally {
      emitted.mockRestore();
    }
    expect((await call(server, 'GET', `/views/${id}`, { token: viewer.token })).body.data).toEqual({ totalViews: 1, isViewed: true });
    expect((await call(server, 'GET', `/views/${id}`)).body.data).toEqual({ totalViews: 1, isViewed: false });
    expect((await call(server, 'GET', `/videos/${id}`)).body.data.views).toBe(1);
  });

  it('counts again once the last view is older than 24 hours', async () => {
    const id = await insertVideo(server, owner.id);
    await call(server, 'POST', `/views/add/${id}`, { token: viewer.token });
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await server.app.db.db.updateTable('video_views').set({ viewed_at: dayAgo }).where('video_id', '=', id).execute();
    const later = await call(server, 'POST', `/views/add/${id}`, { token: viewer.token });
    expect(later.body.data.totalViews).toBe(2);
  });

  it('stays exact under concurrent adds: 20 by one user count once, 5 users count 5', async () => {
    const id = await insertVideo(server, owner.id);
    const same = await Promise.all(Array.from({ length: 20 }, () => call(server, 'POST', `/views/add/${id}`, { token: viewer.token })));
    expect(same.every((r) => r.status === 200)).toBe(true);
    expect((await call(server, 'GET', `/views/${id}`)).body.data.totalViews).toBe(1);

    const others = await Promise.all(Array.from({ length: 5 }, () => registerUser(server)));
    const many = await Promise.all(others.map((user) => call(server, 'POST', `/views/add/${id}`, { token: user.token })));
    expect(many.every((r) => r.status === 200)).toBe(true);
    expect((await call(server, 'GET', `/views/${id}`)).body.data.totalViews).toBe(6);
    const rows = await server.app.db.db.selectFrom('video_views').select('id').where('video_id', '=', id).execute();
    expect(rows).toHaveLength(6);
  });

  it('holds the once-per-day rule for transactions that really overlap (no HTTP in between)', async () => {
    // Over HTTP the requests tend to arrive one after another; here 20 transactions race for real.
    const id = await insertVideo(server, owner.id);
    const views = server.app.repos.views;
    const results = await Promise.all(Array.from({ length: 20 }, () => views.add(viewer.id, id)));
    expect(results.filter((r) => r?.counted)).toHaveLength(1);
    expect((await views.info(id, viewer.id))?.totalViews).toBe(1);
  });

  it('needs a token to add, and answers 404 for an unknown video', async () => {
    const id = await insertVideo(server, owner.id);
    const anonymous = await call(server, 'POST', `/views/add/${id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    expect((await call(server, 'POST', `/views/add/${newId()}`, { token: viewer.token })).status).toBe(404);
    const missing = await call(server, 'GET', `/views/${newId()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Video not found');
  });
});
