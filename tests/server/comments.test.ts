import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('comments on %s', (dialect) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let videoId: string;

  const commentsCount = async (id: string) => (await call(server, 'GET', `/videos/${id}`)).body.data.commentsCount as number;
  const add = (user: TestUser, content: string, extra: Record<string, unknown> = {}, video = videoId) =>
    call(server, 'POST', `/comments/add/${video}`, { token: user.token, json: { content, ...extra } });

  beforeAll(async () => {
    server = await startServer({ dialect });
    alice = await registerUser(server, { fullName: 'Alice Example' });
    bob = await registerUser(server, { fullName: 'Bob Example' });
    videoId = await insertVideo(server, alice.id, { title: 'Commented video' });
  });
  afterAll(() => server?.close());

  it('adds a trimmed comment and answers it with its owner, 201', async () => {
    const result = await add(bob, '  First!  ');
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ statusCode: 201, success: true });
    expect(result.body.data).toMatchObject({
      videoId,
      parentId: null,
      content: 'First!',
      owner: { _id: bob.id, username: bob.username, fullName: 'Bob Example' },
      totalLikes: 0,
      isLiked: false,
    });
    expect(result.body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.body.data.owner.avatar).toMatch(/\/media\/image\/upload\//);
    expect(result.body.data.createdAt).toBe(result.body.data.updatedAt);
  });

  it('validates content with the spec message and the length limit', async () => {
    for (const content of ['', '   \n ']) {
      const blank = await add(bob, content);
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ statusCode: 400, message: 'Comment is required', success: false, errors: [] });
    }
    const missing = await call(server, 'POST', `/comments/add/${videoId}`, { token: bob.token, json: {} });
    expect(missing.body.message).toBe('Comment is required');
    expect((await add(bob, 'x'.repeat(2000))).status).toBe(201);
    const long = await add(bob, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Comment must be at most 2000 characters');
  });

  it('needs a token to write, and answers 404 for an unknown video', async () => {
    const anonymous = await call(server, 'POST', `/comments/add/${videoId}`, { json: { content: 'hi' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    expect((await call(server, 'PATCH', '/comments/update/whatever', { json: { content: 'x' } })).status).toBe(401);
    expect((await call(server, 'DELETE', '/comments/delete/whatever')).status).toBe(401);
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expect((await add(bob, 'hello', {}, unknown)).status).toBe(404);
    const list = await call(server, 'GET', `/comments/all/${unknown}`);
    expect(list.status).toBe(404);
    expect(list.body.message).toBe('Video not found');
  });

  it('lists newest first for visitors and with isLiked for the caller', async () => {
    const video = await insertVideo(server, alice.id);
    const older = (await add(bob, 'older', {}, video)).body.data;
    const newer = (await add(alice, 'newer', {}, video)).body.data;
    const like = await call(server, 'POST', `/likes/toggle/c/${older._id}?reactionType=like`, { token: alice.token, json: { videoId: video } });
    expect(like.status).toBe(200);

    const visitor = await call(server, 'GET', `/comments/all/${video}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.map((c: any) => c.content)).toEqual(['newer', 'older']);
    expect(visitor.body.data[1]).toMatchObject({ _id: older._id, totalLikes: 1, isLiked: false });

    const liker = await call(server, 'GET', `/comments/all/${video}`, { token: alice.token });
    expect(liker.body.data.find((c: any) => c._id === older._id)).toMatchObject({ totalLikes: 1, isLiked: true });
    expect(liker.body.data.find((c: any) => c._id === newer._id)).toMatchObject({ totalLikes: 0, isLiked: false });

    const reactions = await call(server, 'GET', `/comments/reactions/${older._id}`);
    expect(reactions.status).toBe(200);
    expect(reactions.body.data).toEqual([{ likedById: alice.id, likedByName: 'Alice Example', likedByAvatar: expect.stringMatching(/^\/media\/image\/upload\//) }]);
    const none = await call(server, 'GET', '/comments/reactions/0190a0a0-0000-7000-8000-000000000000');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it('pages top-level comments with ?page&limit', async () => {
    const video = await insertVideo(server, alice.id);
    for (const n of [1, 2, 3]) await add(bob, `c${n}`, {}, video);
    const first = await call(server, 'GET', `/comments/all/${video}?limit=2`);
    expect(first.body.data.map((c: any) => c.content)).toEqual(['c3', 'c2']);
    const second = await call(server, 'GET', `/comments/all/${video}?limit=2&page=2`);
    expect(second.body.data.map((c: any) => c.content)).toEqual(['c1']);
    expect((await call(server, 'GET', `/comments/all/${video}?limit=500`)).status).toBe(400);
  });

  it('threads replies under their top-level comment and keeps comments_count exact', async () => {
    const video = await insertVideo(server, alice.id);
    const parent = (await add(alice, 'Question?', {}, video)).body.data;
    const reply = await add(bob, 'Answer.', { parentId: parent._id }, video);
    expect(reply.status).toBe(201);
    expect(reply.body.data.parentId).toBe(parent._id);
    // A reply to a reply joins the same thread.
    const nested = await add(alice, 'Thanks!', { parentId: reply.body.data._id }, video);
    expect(nested.body.data.parentId).toBe(parent._id);
    const later = (await add(bob, 'Another topic', {}, video)).body.data;
    expect(await commentsCount(video)).toBe(4);

    const list = await call(server, 'GET', `/comments/all/${video}`);
    expect(list.body.data.map((c: any) => [c.content, c.parentId])).toEqual([
      ['Another topic', null],
      ['Question?', null],
      ['Answer.', parent._id],
      ['Thanks!', parent._id],
    ]);

    const otherVideo = await insertVideo(server, alice.id);
    const crossed = await add(bob, 'Wrong place', { parentId: parent._id }, otherVideo);
    expect(crossed.status).toBe(400);
    const orphan = await add(bob, 'No parent', { parentId: '0190a0a0-0000-7000-8000-000000000000' }, video);
    expect(orphan.status).toBe(404);
    expect(await commentsCount(otherVideo)).toBe(0);

    // Deleting the parent takes its replies with it.
    const deleted = await call(server, 'DELETE', `/comments/delete/${parent._id}`, { token: alice.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ _id: parent._id, videoId: video, deletedCount: 3 });
    expect(await commentsCount(video)).toBe(1);
    const after = await call(server, 'GET', `/comments/all/${video}`);
    expect(after.body.data.map((c: any) => c._id)).toEqual([later._id]);
  });

  it('lets only the owner edit or delete, with 403 for others', async () => {
    const comment = (await add(bob, 'mine')).body.data;
    const notYours = await call(server, 'PATCH', `/comments/update/${comment._id}`, { token: alice.token, json: { content: 'hacked' } });
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe('You are not allowed to edit this comment');
    // The video's owner (alice) may delete comments under it; anyone else who did not write it may not.
    const stranger = await registerUser(server);
    const notYoursDelete = await call(server, 'DELETE', `/comments/delete/${comment._id}`, { token: stranger.token });
    expect(notYoursDelete.status).toBe(403);
    expect(notYoursDelete.body.message).toBe('You are not allowed to delete this comment');

    const blank = await call(server, 'PATCH', `/comments/update/${comment._id}`, { token: bob.token, json: { content: ' ' } });
    expect(blank.body.message).toBe('Comment is required');
    const edited = await call(server, 'PATCH', `/comments/update/${comment._id}`, { token: bob.token, json: { content: ' edited ' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ _id: comment._id, content: 'edited', owner: { _id: bob.id } });
    expect(edited.body.data.updatedAt >= comment.updatedAt).toBe(true);

    const before = await commentsCount(videoId);
    expect((await call(server, 'DELETE', `/comments/delete/${comment._id}`, { token: bob.token })).status).toBe(200);
    expect(await commentsCount(videoId)).toBe(before - 1);
    expect((await call(server, 'DELETE', `/comments/delete/${comment._id}`, { token: bob.token })).status).toBe(404);
    expect((await call(server, 'PATCH', `/comments/update/${comment._id}`, { token: bob.token, json: { content: 'x' } })).status).toBe(404);
  });

  it('keeps comments_count exact under concurrent adds and deletes', async () => {
    const video = await insertVideo(server, alice.id);
    const added = await Promise.all(Array.from({ length: 12 }, (_, i) => add(i % 2 ? alice : bob, `n${i}`, {}, video)));
    expect(added.every((r) => r.status === 201)).toBe(true);
    expect(await commentsCount(video)).toBe(12);
    const mine = added.filter((_, i) => i % 2 === 1).map((r) => r.body.data._id);
    // Each deleted twice at once: only one of each pair counts.
    await Promise.all([...mine, ...mine].map((id) => call(server, 'DELETE', `/comments/delete/${id}`, { token: alice.token })));
    expect(await commentsCount(video)).toBe(6);
    expect((await call(server, 'GET', `/comments/all/${video}`)).body.data).toHaveLength(6);
  });

  it('emits comment-updated for the video on add, edit and delete', async () => {
    const events: string[] = [];
    const original = server.parts.live.commentUpdated;
    server.parts.live.commentUpdated = (id: string) => {
      events.push(id);
      original(id);
    };
    try {
      const comment = (await add(bob, 'live')).body.data;
      await call(server, 'PATCH', `/comments/update/${comment._id}`, { token: bob.token, json: { content: 'live 2' } });
      await call(server, 'DELETE', `/comments/delete/${comment._id}`, { token: bob.token });
      await add(bob, ' ');
      expect(events).toEqual([videoId, videoId, videoId]);
    } finally {
      server.parts.live.commentUpdated = original;
    }
  });
});
