import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../server/ids.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('likes and reactions on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  let fan: TestUser;

  beforeAll(async () => {
    server = await startServer({ dialect });
    owner = await registerUser(server);
    fan = await registerUser(server, { fullName: 'Fan Person' });
  });
  afterAll(() => server?.close());

  const toggle = (user: TestUser, videoId: string, reactionType: string) =>
    call(server, 'POST', `/likes/toggle/v/${videoId}?reactionType=${reactionType}`, { token: user.token });

  async function insertComment(videoId: string, ownerId: string): Promise<string> {
    const id = newId();
    const at = new Date().toISOString();
    await server.app.db.db.insertInto('comments').values({ id, video_id: videoId, owner_id: ownerId, parent_id: null, content: 'Nice', created_at: at, updated_at: at }).execute();
    return id;
  }

  it('toggles like and disLike: mutually exclusive, the same again removes, counts in the answer', async () => {
    const id = await insertVideo(server, owner.id);
    const emitted = vi.spyOn(server.parts.live, 'videoReactionUpdated');
    const stateReads = vi.spyOn(server.app.repos.videos, 'findState');
    try {
      const liked = await toggle(fan, id, 'like');
      expect(liked.status).toBe(200);
      // The use case's own check reads the video; its live event goes out on the reach the domain event carries.
      expect(stateReads).toHaveBeenCalledTimes(1);
      expect(liked.body.data).toEqual({ reactionType: 'like', likes: 1, disLikes: 0 });
      expect((await toggle(fan, id, 'disLike')).body.data).toEqual({ reactionType: 'disLike', likes: 0, disLikes: 1 });
      expect((await toggle(owner, id, 'disLike')).body.data).toEqual({ reactionType: 'disLike', likes: 0, disLikes: 2 });
      expect((await toggle(fan, id, 'disLike')).body.data).toEqual({ reactionType: null, likes: 0, disLikes: 1 });
      expect(emitted).toHaveBeenCalledTimes(4);
      // The event names its actor and the actor's reaction now (none: the fan took back the disLike).
      expect(emitted).toHaveBeenLastCalledWith({ videoId: id, likes: 0, disLikes: 1, actorId: fan.id, actorReaction: null }, { kind: 'everyone' });
    } finally {
      stateReads.mockRestore();
      emitted.mockRestore();
    }
    const video = await call(server, 'GET', `/videos/${id}`, { token: owner.token });
    expect(video.body.data).toMatchObject({ likes: 0, disLikes: 1, userReaction: 'disLike' });
  });

  it('refuses other reaction types, no token and unknown videos', async () => {
    const id = await insertVideo(server, owner.id);
    const bad = await toggle(fan, id, 'love');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await call(server, 'POST', `/likes/toggle/v/${id}`, { token: fan.token })).status).toBe(400);
    expect((await call(server, 'POST', `/likes/toggle/v/${id}?reactionType=like`)).status).toBe(401);
    const missing = await toggle(fan, newId(), 'like');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Video not found');
  });

  it('keeps the counters exact under concurrent toggles', async () => {
    const id = await insertVideo(server, owner.id);
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
    const answers = await Promise.all(users.map((user, i) => toggle(user, id, i % 3 === 0 ? 'disLike' : 'like')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await call(server, 'GET', `/videos/${id}`)).body.data).toMatchObject({ likes: 4, disLikes: 2 });

    // Transactions that truly overlap: one user toggling like 11 times ends liked, counted once.
    const reactions = server.app.repos.reactions;
    await Promise.all(Array.from({ length: 11 }, () => reactions.toggleVideo(fan.id, id, 'like')));
    const all = { limit: 100, offset: 0 };
    const likers = await reactions.reactorsOf(id, 'like', all);
    const dislikers = await reactions.reactorsOf(id, 'disLike', all);
    const counted = (await server.app.repos.videos.findDetail(id))!;
    expect(Number(counted.likes_count)).toBe(likers.length);
    expect(Number(counted.dislikes_count)).toBe(dislikers.length);
    expect(Number(counted.likes_count)).toBe(5);
  });

  it("lists a video's likes and disLikes with who reacted", async () => {
    const id = await insertVideo(server, owner.id);
    await toggle(fan, id, 'like');
    await toggle(owner, id, 'disLike');
    const likes = await call(server, 'GET', `/likes/get/video/likes/${id}`);
    expect(likes.status).toBe(200);
    expect(likes.body.data).toEqual([
      { likedById: fan.id, likedByName: 'Fan Person', likedByUser: fan.username, likedByAvatar: expect.stringMatching(/\/media\/image\/upload\//) },
    ]);
    const disLikes = await call(server, 'GET', `/likes/get/video/disLikes/${id}`);
    expect(disLikes.body.data).toEqual([
      { dislikedById: owner.id, dislikedByName: owner.fullName, dislikedByUser: owner.username, dislikedByAvatar: expect.any(String) },
    ]);
    expect((await call(server, 'GET', `/likes/get/video/likes/${newId()}`)).status).toBe(404);
  });

  it('pages liked videos, most recent like first, and clears them with exact counts', async () => {
    const me = await registerUser(server);
    const ids = [await insertVideo(server, owner.id, { title: 'First' }), await insertVideo(server, owner.id), await insertVideo(server, owner.id)];
    for (const id of ids) await toggle(me, id, 'like');
    await toggle(me, ids[1]!, 'disLike'); // a disLike is not a liked video
    await toggle(fan, ids[0]!, 'like');

    const first = await call(server, 'GET', '/likes/get/user/liked-videos?page=1&limit=1', { token: me.token });
    expect(first.status).toBe(200);
    expect(first.body.data.hasMore).toBe(true);
    expect(first.body.data.videos[0]).toMatchObject({ _id: ids[2], videoId: ids[2], likedAt: expect.any(String), owner: { _id: owner.id } });
    const all = await call(server, 'GET', '/likes/get/user/liked-videos', { token: me.token });
    expect(all.body.data.videos.map((v: { _id: string }) => v._id)).toEqual([ids[2], ids[0]]);
    expect(all.body.data.videos[1]).toMatchObject({ title: 'First', likes: 2 });

    const cleared = await call(server, 'DELETE', '/likes/delete/all/liked-videos', { token: me.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.deletedCount).toBe(2);
    expect((await call(server, 'GET', '/likes/get/user/liked-videos', { token: me.token })).body.data).toEqual({ videos: [], hasMore: false });
    expect((await call(server, 'GET', `/videos/${ids[0]}`)).body.data).toMatchObject({ likes: 1 });
    expect((await call(server, 'GET', `/videos/${ids[1]}`)).body.data).toMatchObject({ likes: 0, disLikes: 1 });
    expect((await call(server, 'GET', '/likes/get/user/liked-videos')).status).toBe(401);
    expect((await call(server, 'DELETE', '/likes/delete/all/liked-videos')).status).toBe(401);
  });

  it('toggles a comment like with an exact count and a live event', async () => {
    const videoId = await insertVideo(server, owner.id);
    const commentId = await insertComment(videoId, owner.id);
    const emitted = vi.spyOn(server.parts.live, 'commentReactionsUpdated');
    try {
      const path = `/likes/toggle/c/${commentId}?reactionType=like`;
      const liked = await call(server, 'POST', path, { token: fan.token, json: { videoId } });
      expect(liked.status).toBe(200);
      expect(liked.body.data).toEqual({ isLiked: true, totalLikes: 1 });
      expect((await call(server, 'POST', path, { token: owner.token, json: { videoId } })).body.data).toEqual({ isLiked: true, totalLikes: 2 });
      expect((await call(server, 'POST', path, { token: fan.token, json: { videoId } })).body.data).toEqual({ isLiked: false, totalLikes: 1 });
      expect(emitted).toHaveBeenLastCalledWith({ videoId, commentId, totalLikes: 1, actorId: fan.id, actorLiked: false }, { kind: 'everyone' });
      // Without a body as well.
      expect((await call(server, 'POST', path, { token: fan.token })).body.data).toEqual({ isLiked: true, totalLikes: 2 });
      // A body naming another video: not this comment, nothing changes.
      const elsewhere = await call(server, 'POST', path, { token: fan.token, json: { videoId: newId() } });
      expect([elsewhere.status, elsewhere.body.message]).toEqual([404, 'Comment not found']);
    } finally {
      emitted.mockRestore();
    }
    const reactions = server.app.repos.reactions;
    const someone = await registerUser(server);
    await Promise.all(Array.from({ length: 9 }, () => reactions.toggleComment(someone.id, commentId)));
    expect(Number((await server.app.repos.comments.findById(commentId))!.likes_count)).toBe(3);

    expect((await call(server, 'POST', `/likes/toggle/c/${commentId}?reactionType=disLike`, { token: fan.token, json: { videoId } })).status).toBe(400);
    expect((await call(server, 'POST', `/likes/toggle/c/${commentId}?reactionType=like`, { json: { videoId } })).status).toBe(401);
    const missing = await call(server, 'POST', `/likes/toggle/c/${newId()}?reactionType=like`, { token: fan.token, json: { videoId } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Comment not found');
  });
});
