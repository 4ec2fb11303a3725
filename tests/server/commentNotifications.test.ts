// Creators hear of comments on their videos: one notification per comment, pushed live, never for
// their own comments, only while they want them, never from someone they blocked; a reply to the
// owner's own comment is told once, as a reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contract/entities.js';
import { LiveEvent } from '../../contract/events.js';
import { notificationLink, notificationText } from '../../contract/notificationText.js';
import { pushPayloadOf } from '../../contract/push.js';
import { userRoom } from '../../server/realtime/live.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { closeSocketsAfterEach, connectLive } from './liveFixtures.js';

closeSocketsAfterEach();

describe.each(databases)('comment notifications on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(() => server?.close());

  const notificationsOf = async (user: TestUser): Promise<Notification[]> => (await call(server, 'GET', '/notifications?limit=50', { token: user.token })).body.data.notifications;
  const comment = async (user: TestUser, videoId: string, content: string, parentId?: string): Promise<string> => {
    const answer = await call(server, 'POST', `/comments/add/${videoId}`, { token: user.token, json: { content, parentId } });
    expect(answer.status).toBe(201);
    return answer.body.data._id;
  };
  const setPreferences = (user: TestUser, json: object) => call(server, 'PATCH', '/notifications/preferences', { token: user.token, json });

  it('tells the owner of each comment on their video, live, in the notification shape, with the push built from it', async () => {
    const owner = await registerUser(server);
    const fan = await registerUser(server, { fullName: 'A Fan' });
    const videoId = await insertVideo(server, owner.id, { title: 'My recipe' });
    const socket = await connectLive(server, { token: owner.token });
    const live: Notification[] = [];
    socket.on(LiveEvent.notificationCreated, (payload: Notification) => live.push(payload));
    await eventually(async () => (await server.app.io.in(userRoom(owner.id)).fetchSockets()).some((s) => s.id === socket.id), { what: 'user room' });

    const commentId = await comment(fan, videoId, 'Tried it, loved it');
    await eventually(() => live.length === 1, { what: 'notification-created' });
    const [made] = await notificationsOf(owner);
    expect(made).toEqual({
      _id: expect.any(String),
      type: 'video-comment',
      read: false,
      createdAt: expect.any(String),
      actor: { _id: fan.id, username: fan.username, fullName: 'A Fan', avatar: expect.any(String) },
      video: { _id: videoId, title: 'My recipe', thumbnail: '' },
      comment: { _id: commentId, content: 'Tried it, loved it' },
    });
    expect(live[0]).toEqual(made);
    expect(notificationText(made!)).toBe('A Fan commented on "My recipe": "Tried it, loved it"');
    expect(notificationLink(made!)).toBe(`/watch/${videoId}`);
    expect(pushPayloadOf(made!, 1)).toMatchObject({ type: 'video-comment', title: 'New comment', body: notificationText(made!), url: `/watch/${videoId}` });
    expect((await call(server, 'GET', '/notifications?limit=1', { token: owner.token })).body.data.unreadCount).toBe(1);

    // The owner's own comments and replies notify nobody; the fan hears of nothing on someone else's video.
    await comment(owner, videoId, 'Thanks!', commentId);
    await comment(owner, videoId, 'Recipe card in the description');
    expect(await notificationsOf(owner)).toHaveLength(1);
    expect((await notificationsOf(fan)).map((n) => n.type)).toEqual(['comment-reply']);
  });

  it('tells the owner once, as a reply, when the comment replies to their own; the parent\'s author as a reply otherwise', async () => {
    const owner = await registerUser(server);
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    const videoId = await insertVideo(server, owner.id);
    const ownersComment = await comment(owner, videoId, 'Pinned: questions here');
    await comment(alice, videoId, 'A question', ownersComment);
    expect((await notificationsOf(owner)).map((n) => n.type)).toEqual(['comment-reply']);

    const alicesComment = await comment(alice, videoId, 'Top-level');
    await comment(bob, videoId, 'Reply to Alice', alicesComment);
    expect((await notificationsOf(alice)).map((n) => n.type)).toEqual(['comment-reply']);
    expect((await notificationsOf(owner)).map((n) => n.type)).toEqual(['video-comment', 'video-comment', 'comment-reply']);
  });

  it('honours the videoComment preference and never notifies from a user the owner blocked', async () => {
    const owner = await registerUser(server);
    const fan = await registerUser(server);
    const videoId = await insertVideo(server, owner.id);
    expect((await setPreferences(owner, { videoComment: false })).body.data).toEqual({ newVideo: true, commentReply: true, newSubscriber: true, videoComment: false });
    const quiet = await comment(fan, videoId, 'While the switch is off');
    expect(await notificationsOf(owner)).toEqual([]);
    expect((await setPreferences(owner, { videoComment: true })).body.data.videoComment).toBe(true);
    await comment(fan, videoId, 'Switched on again');
    expect(await notificationsOf(owner)).toHaveLength(1);

    // A block stops the fan commenting at all (403); a comment made before the block, announced
    // after it (a slow subscriber), notifies nobody either.
    expect((await call(server, 'POST', `/users/blocks/${fan.id}`, { token: owner.token })).status).toBeLessThan(300);
    expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: fan.token, json: { content: 'Blocked' } })).status).toBe(403);
    const announce = () => server.app.events.publish('comment.posted', { commentId: quiet, videoId, authorId: fan.id, repliedToAuthorId: null, videoOwnerId: owner.id, takenDown: false });
    await announce();
    expect(await notificationsOf(owner)).toHaveLength(1);
    expect((await call(server, 'DELETE', `/users/blocks/${fan.id}`, { token: owner.token })).status).toBe(200);
    await announce();
    expect(await notificationsOf(owner)).toHaveLength(2);
  });
});
