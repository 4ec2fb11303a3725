// Notifications: each kind made exactly once, never for the actor's own actions, only
// when the recipient wants it; the list, read state and preferences; the live push.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contract/entities.js';
import { LiveEvent } from '../../contract/events.js';
import { userRoom } from '../../server/realtime/live.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { closeSocketsAfterEach, connectLive } from './liveFixtures.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';

closeSocketsAfterEach();

const clip = makeClip('notify480.mp4', { width: 854, height: 480, seconds: 1 });

describe.each(databases)('notifications on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(() => server?.close());

  const list = (user: TestUser | null, query = '') => call(server, 'GET', `/notifications${query}`, { token: user?.token });
  const notificationsOf = async (user: TestUser): Promise<Notification[]> => (await list(user, '?limit=50')).body.data.notifications;
  const subscribe = (fan: TestUser, channel: TestUser) => call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
  const comment = (user: TestUser, videoId: string, content: string, parentId?: string) =>
    call(server, 'POST', `/comments/add/${videoId}`, { token: user.token, json: { content, parentId } });
  const setPreferences = (user: TestUser, json: object) => call(server, 'PATCH', '/notifications/preferences', { token: user.token, json });

  /** A socket signed in as `user`, in its user room, recording notification-created. */
  async function liveOf(user: TestUser): Promise<Notification[]> {
    const socket = await connectLive(server, { token: user.token });
    const seen: Notification[] = [];
    socket.on(LiveEvent.notificationCreated, (payload: Notification) => seen.push(payload));
    await eventually(async () => (await server.app.io.in(userRoom(user.id)).fetchSockets()).some((s) => s.id === socket.id), { what: 'user room' });
    return seen;
  }

  it('tells a channel about a new subscriber once, pushed live to its owner only', async () => {
    const channel = await registerUser(server, { fullName: 'The Channel' });
    const fan = await registerUser(server, { fullName: 'A Fan' });
    const channelLive = await liveOf(channel);
    const fanLive = await liveOf(fan);
    expect((await subscribe(fan, channel)).body.data.isSubscribed).toBe(true);
    await eventually(() => channelLive.length === 1, { what: 'notification-created' });
    const [made] = await notificationsOf(channel);
    expect(made).toEqual({
      _id: expect.any(String),
      type: 'new-subscriber',
      read: false,
      createdAt: expect.any(String),
      actor: { _id: fan.id, username: fan.username, fullName: 'A Fan', avatar: expect.stringContaining('/media/image/upload/') },
    });
    expect(channelLive[0]).toEqual(made);

    // Unsubscribing and subscribing again, and a double click, never notify twice.
    await subscribe(fan, channel);
    await subscribe(fan, channel);
    await Promise.all([subscribe(fan, channel), subscribe(fan, channel)]);
    expect((await notificationsOf(channel)).filter((n) => n.type === 'new-subscriber')).toHaveLength(1);
    // The fan made nothing for themselves; their socket heard nothing of the channel's notification.
    expect(await notificationsOf(fan)).toEqual([]);
    expect(fanLive).toEqual([]);
    expect(channelLive).toHaveLength(1);
  });

  it('tells a commenter about a reply once, and never about their own replies', async () => {
    const owner = await registerUser(server);
    const author = await registerUser(server);
    const replier = await registerUser(server, { fullName: 'Replier' });
    const videoId = await insertVideo(server, owner.id, { title: 'Talked about' });
    const top = (await comment(author, videoId, 'first!')).body.data;
    await comment(author, videoId, 'replying to myself', top._id);
    expect(await notificationsOf(author)).toEqual([]);

    const reply = (await comment(replier, videoId, 'nice one', top._id)).body.data;
    const [made] = await notificationsOf(author);
    expect(made).toMatchObject({
      type: 'comment-reply',
      read: false,
      actor: { _id: replier.id, fullName: 'Replier' },
      video: { _id: videoId, title: 'Talked about', thumbnail: '' },
      comment: { _id: reply._id, content: 'nice one' },
    });
    expect(await notificationsOf(author)).toHaveLength(1);
    // A reply to a reply goes to whoever wrote the reply, not to the thread's first comment.
    await comment(author, videoId, 'thanks', reply._id);
    expect((await notificationsOf(replier)).map((n) => [n.type, n.actor._id, n.comment?.content])).toEqual([['comment-reply', author.id, 'thanks']]);
    expect(await notificationsOf(author)).toHaveLength(1);
    // The video's owner hears of every comment and reply under it (tests/server/commentNotifications.test.ts).
    await comment(replier, videoId, 'another top-level one');
    expect((await notificationsOf(owner)).map((n) => n.type)).toEqual(Array(5).fill('video-comment'));
    // Deleting the reply takes its notification with it.
    await call(server, 'DELETE', `/comments/delete/${reply._id}`, { token: replier.token });
    expect(await notificationsOf(author)).toEqual([]);
  });

  it('honours each kind\'s preference and validates changes', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    expect((await call(server, 'GET', '/notifications/preferences')).status).toBe(401);
    const defaults = await call(server, 'GET', '/notifications/preferences', { token: user.token });
    expect(defaults.body.data).toEqual({ newVideo: true, commentReply: true, newSubscriber: true, videoComment: true });
    expect((await setPreferences(user, {})).status).toBe(400);
    expect((await setPreferences(user, { newSubscriber: 'sometimes' })).status).toBe(400);
    const changed = await setPreferences(user, { newSubscriber: false });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ newVideo: true, commentReply: true, newSubscriber: false, videoComment: true });
    expect((await setPreferences(user, { commentReply: false })).body.data).toEqual({ newVideo: true, commentReply: false, newSubscriber: false, videoComment: true });
    // Another user's preferences are their own.
    expect((await call(server, 'GET', '/notifications/preferences', { token: other.token })).body.data.newSubscriber).toBe(true);

    await subscribe(other, user);
    const videoId = await insertVideo(server, other.id);
    const top = (await comment(user, videoId, 'mine')).body.data;
    await comment(other, videoId, 'a reply', top._id);
    expect(await notificationsOf(user)).toEqual([]);
    // Turned back on, the next event is notified.
    await setPreferences(user, { commentReply: true });
    await comment(other, videoId, 'another reply', top._id);
    expect((await notificationsOf(user)).map((n) => n.type)).toEqual(['comment-reply']);
  });

  it('pages newest first with the unread count, and marks one or all read for the owner only', async () => {
    const channel = await registerUser(server);
    const intruder = await registerUser(server);
    const fans: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) fans.push(await registerUser(server));
    for (const fan of fans) await subscribe(fan, channel);

    expect((await list(null)).status).toBe(401);
    expect((await list(channel, '?limit=0')).status).toBe(400);
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push((await list(channel, `?page=${page}&limit=2`)).body.data);
    expect(pages.map((page) => [page.notifications.length, page.hasMore, page.unreadCount])).toEqual([
      [2, true, 5],
      [2, true, 5],
      [1, false, 5],
    ]);
    const ordered = pages.flatMap((page) => page.notifications.map((n: Notification) => n.actor._id));
    expect(ordered).toEqual(fans.map((fan) => fan.id).reverse());

    const target = pages[0].notifications[0] as Notification;
    expect((await call(server, 'PATCH', `/notifications/read/${target._id}`)).status).toBe(401);
    const foreign = await call(server, 'PATCH', `/notifications/read/${target._id}`, { token: intruder.token });
    expect(foreign.status).toBe(403);
    expect(foreign.body.success).toBe(false);
    expect((await call(server, 'PATCH', '/notifications/read/0190aaaa-0000-7000-8000-000000000000', { token: channel.token })).status).toBe(404);
    expect((await call(server, 'PATCH', '/notifications/read/not%20an%20id', { token: channel.token })).status).toBe(400);
    expect((await list(channel)).body.data.unreadCount).toBe(5);

    const one = await call(server, 'PATCH', `/notifications/read/${target._id}`, { token: channel.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ _id: target._id, updatedCount: 1, unreadCount: 4 });
    expect((await call(server, 'PATCH', `/notifications/read/${target._id}`, { token: channel.token })).body.data.updatedCount).toBe(0);
    const after = (await list(channel)).body.data;
    expect(after.unreadCount).toBe(4);
    expect(after.notifications.filter((n: Notification) => n.read).map((n: Notification) => n._id)).toEqual([target._id]);

    // The intruder's read-all touches only their own (none).
    expect((await call(server, 'PATCH', '/notifications/read-all', { token: intruder.token })).body.data).toEqual({ _id: null, updatedCount: 0, unreadCount: 0 });
    expect((await list(channel)).body.data.unreadCount).toBe(4);
    const all = await call(server, 'PATCH', '/notifications/read-all', { token: channel.token });
    expect(all.body.data).toEqual({ _id: null, updatedCount: 4, unreadCount: 0 });
    const read = (await list(channel)).body.data;
    expect(read.unreadCount).toBe(0);
    expect(read.notifications.every((n: Notification) => n.read)).toBe(true);
  });

  it('tells subscribers with the bell on about a new video once, when it becomes ready', async () => {
    const channel = await registerUser(server, { fullName: 'Publisher' });
    const bellOn = await registerUser(server);
    const bellOff = await registerUser(server);
    const optedOut = await registerUser(server);
    const notFollowing = await registerUser(server);
    for (const fan of [bellOn, bellOff, optedOut]) await subscribe(fan, channel);
    expect((await call(server, 'PATCH', `/subscription/notify/${channel.id}`, { token: bellOff.token, json: { notify: false } })).status).toBe(200);
    await setPreferences(optedOut, { newVideo: false });
    const live = await liveOf(bellOn);

    const upload = await uploadVideo(server, channel.token, await mp4Upload(await clip, 'Fresh upload'));
    expect(upload.status).toBe(201);
    const videoId = upload.body.data._id as string;
    // All rungs published (480, 360, 240 and 144): still one notification.
    const state = await waitForVideo(server.app.repos, videoId);
    expect(state.renditions.map((r) => r.height)).toEqual([480, 360, 240, 144]);
    await eventually(() => live.length === 1, { what: 'notification-created' });
    const made = await notificationsOf(bellOn);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      type: 'new-video',
      read: false,
      actor: { _id: channel.id, fullName: 'Publisher' },
      video: { _id: videoId, title: 'Fresh upload', thumbnail: expect.stringContaining('/media/image/upload/') },
    });
    expect(made[0]!.comment).toBeUndefined();
    expect(live[0]).toEqual(made[0]);
    for (const user of [bellOff, optedOut, notFollowing]) expect(await notificationsOf(user)).toEqual([]);
    // The channel heard of its subscribers only, not of its own video.
    expect((await notificationsOf(channel)).map((n) => n.type)).toEqual(['new-subscriber', 'new-subscriber', 'new-subscriber']);

    // Publishing the same video again (a retried job) makes nothing new.
    await server.app.events.publish('video.published', { videoId, ownerId: channel.id });
    expect(await notificationsOf(bellOn)).toHaveLength(1);
    expect(live).toHaveLength(1);
    // Deleting the video takes its notifications with it.
    await call(server, 'DELETE', `/videos/delete/${videoId}`, { token: channel.token });
    expect(await notificationsOf(bellOn)).toEqual([]);
  });

  it('hides a video taken down since from the notifications of everyone but its owner and moderators, and names no moderator', async () => {
    const owner = await registerUser(server, { fullName: 'Uploader' });
    const author = await registerUser(server);
    const replier = await registerUser(server, { fullName: 'Replier' });
    const moderator = await registerUser(server, { fullName: 'Mod Person' });
    await setRole(server, moderator, 'moderator');
    const videoId = await insertVideo(server, owner.id, { title: 'Soon gone', thumbnail: 'thumb-gone.webp' });
    const top = (await comment(author, videoId, 'first!')).body.data;
    const reply = (await comment(replier, videoId, 'secret reply text', top._id)).body.data;
    expect((await notificationsOf(author))[0]).toMatchObject({ video: { title: 'Soon gone', thumbnail: expect.stringContaining('thumb-gone.webp') } });

    const ownerLive = await liveOf(owner);
    const takedown = `/moderation/videos/${videoId}/takedown`;
    expect((await call(server, 'POST', takedown, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);

    // The reply's recipient no longer sees the video: the row made before the takedown says so.
    const [hidden] = await notificationsOf(author);
    expect(hidden).toMatchObject({
      type: 'comment-reply',
      actor: { _id: replier.id },
      video: { _id: videoId, title: 'This video was removed', thumbnail: '', removed: true },
      comment: { _id: reply._id, content: '' },
    });
    expect(JSON.stringify(hidden)).not.toMatch(/Soon gone|thumb-gone|secret reply text/);

    // Its owner still sees it, and hears from 'A moderator' with the app's icon, in the list and live.
    await eventually(() => ownerLive.length === 1, { what: 'notification-created' });
    const [told] = await notificationsOf(owner);
    expect(told).toMatchObject({ type: 'video-taken-down', reason: 'Spam', video: { _id: videoId, title: 'Soon gone', thumbnail: expect.stringContaining('thumb-gone.webp') } });
    expect(told!.video!.removed).toBeUndefined();
    expect(told!.actor).toEqual({ _id: '', username: '', fullName: 'A moderator', avatar: expect.stringMatching(/\/icons\/icon-192\.png$/) });
    expect(ownerLive[0]).toEqual(told);
    for (const seen of [told, ownerLive[0]]) expect(JSON.stringify(seen)).not.toMatch(new RegExp(`${moderator.id}|${moderator.username}|Mod Person`));

    // Restored: the same row shows the video again.
    expect((await call(server, 'DELETE', takedown, { token: moderator.token })).status).toBe(200);
    expect((await notificationsOf(author))[0]).toMatchObject({ video: { title: 'Soon gone', thumbnail: expect.stringContaining('thumb-gone.webp') }, comment: { content: 'secret reply text' } });
  });
});
