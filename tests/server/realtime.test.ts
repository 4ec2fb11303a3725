// The live connection: who receives which event, and events crossing servers through Redis.
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvent, RoomCommand } from '../../contract/events.js';
import { channelRoom, MODERATORS_ROOM, userRoom, videoRoom } from '../../server/realtime/live.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, setRole } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { redisForTests, skipReason } from './redisFixtures.js';

const sockets: Socket[] = [];

async function connect(server: { url: string }, auth?: { token: string }): Promise<Socket> {
  const socket = connectSocket(server.url, { transports: ['websocket'], reconnection: false, auth, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every payload of `event` this socket receives, in order. */
function record(socket: Socket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

/** The server has put the socket into the room (join-video and the token check are async). */
async function inRoom(server: TestServer, room: string, socket: Socket): Promise<void> {
  await eventually(async () => (await server.app.io.in(room).fetchSockets()).some((s) => s.id === socket.id), { what: `room ${room}` });
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

// The rooms logic does not touch the database, so SQLite is enough here.
describe('live events', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('sends subscription-updated to a client that joined no room, with the spec payload', async () => {
    const channel = await registerUser(server);
    const fan = await registerUser(server);
    const socket = await connect(server);
    const events = record(socket, LiveEvent.subscriptionUpdated);
    const toggled = await call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
    expect(toggled.status).toBe(200);
    await eventually(() => events.length > 0, { what: 'subscription-updated' });
    expect(events[0]).toEqual({ channelId: channel.id, totalSubscribers: 1, subscriberId: fan.id, isSubscribed: true });
    await call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
    await eventually(() => events.length > 1, { what: 'the second subscription-updated' });
    expect(events[1]).toEqual({ channelId: channel.id, totalSubscribers: 0, subscriberId: fan.id, isSubscribed: false });
  });

  it("sends a video's events to the sockets in its room only", async () => {
    const videoA = 'video-a-0001';
    const videoB = 'video-b-0002';
    const watcher = await connect(server);
    const comments = record(watcher, LiveEvent.commentUpdated);
    watcher.emit(RoomCommand.joinVideo, videoA);
    await inRoom(server, videoRoom(videoA), watcher);

    // B first, then A: events on one socket arrive in order, so once A's is here B's would be too.
    server.parts.live.commentUpdated(videoB);
    server.parts.live.commentUpdated(videoA);
    await eventually(() => comments.length > 0, { what: 'comment-updated for video A' });
    expect(comments).toEqual([{ videoId: videoA }]);

    watcher.emit(RoomCommand.leaveVideo, videoA);
    await eventually(async () => !(await server.app.io.in(videoRoom(videoA)).fetchSockets()).some((s) => s.id === watcher.id), { what: 'leave-video' });
  });

  it('sends subscription-updated to the channel owner in their user room, not to strangers in rooms', async () => {
    const channel = await registerUser(server);
    const fan = await registerUser(server);
    const stranger = await registerUser(server);
    // Both sockets join a video room, so they are out of the catch-all room.
    const owner = await connect(server, { token: channel.token });
    const other = await connect(server, { token: stranger.token });
    const ownerEvents = record(owner, LiveEvent.subscriptionUpdated);
    const otherEvents = record(other, LiveEvent.subscriptionUpdated);
    const otherComments = record(other, LiveEvent.commentUpdated);
    await inRoom(server, userRoom(channel.id), owner);
    await inRoom(server, userRoom(stranger.id), other);
    owner.emit(RoomCommand.joinVideo, 'some-video');
    other.emit(RoomCommand.joinVideo, 'some-video');
    await inRoom(server, videoRoom('some-video'), owner);
    await inRoom(server, videoRoom('some-video'), other);

    await call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
    await eventually(() => ownerEvents.length > 0, { what: 'subscription-updated in the user room' });
    expect(ownerEvents[0]).toEqual({ channelId: channel.id, totalSubscribers: 1, subscriberId: fan.id, isSubscribed: true });

    server.parts.live.commentUpdated('some-video');
    await eventually(() => otherComments.length > 0, { what: 'the later video event' });
    expect(otherEvents).toEqual([]);
  });

  it("sends subscription-updated to viewers of the channel's videos, and everything again after they leave", async () => {
    const channel = await registerUser(server);
    const fan = await registerUser(server);
    const videoId = await insertVideo(server, channel.id);
    const viewer = await connect(server);
    const events = record(viewer, LiveEvent.subscriptionUpdated);
    viewer.emit(RoomCommand.joinVideo, videoId);
    await inRoom(server, channelRoom(channel.id), viewer);

    await call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
    await eventually(() => events.length === 1, { what: "subscription-updated for the video's channel" });
    expect(events[0]).toMatchObject({ channelId: channel.id, totalSubscribers: 1, isSubscribed: true });

    viewer.emit(RoomCommand.leaveVideo, videoId);
    await inRoom(server, 'all', viewer);
    const comments = record(viewer, LiveEvent.commentUpdated);
    server.parts.live.commentUpdated('another-video');
    await eventually(() => comments.length === 1, { what: 'events for every video again' });
  });

  it('ignores a handshake token that is not valid', async () => {
    const socket = await connect(server, { token: 'not-a-token' });
    expect(socket.connected).toBe(true);
    // Room commands are heard only once the connection handler has checked the token: once a join
    // is heard, that check is over.
    const probe = 'video-probe-0001';
    await eventually(async () => {
      socket.emit(RoomCommand.joinVideo, probe);
      return (await server.app.io.in(videoRoom(probe)).fetchSockets()).some((s) => s.id === socket.id);
    }, { what: 'the handshake token check' });
    const rooms = [...(await server.app.io.in(socket.id!).fetchSockets())[0]!.rooms];
    expect(rooms.some((room) => room.startsWith('user:'))).toBe(false);
  });
});

const redisUrl = redisForTests.url;
skipReason('two-server live events');

// A video's audience is read from the database when its event happens: both dialects.
describe.each(databases)('live events of a taken-down video on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(() => server?.close());

  it("reach only its owner and moderators: a visitor's socket and the video's room hear nothing", async () => {
    const [owner, moderator, fan] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    await setRole(server, moderator, 'moderator');
    const videoId = await insertVideo(server, owner.id, { title: 'Before the takedown' });
    const visitor = await connect(server);
    const watcher = await connect(server);
    watcher.emit(RoomCommand.joinVideo, videoId);
    await inRoom(server, videoRoom(videoId), watcher);
    const ownerSocket = await connect(server, { token: owner.token });
    await inRoom(server, userRoom(owner.id), ownerSocket);
    const moderatorSocket = await connect(server, { token: moderator.token });
    await inRoom(server, MODERATORS_ROOM, moderatorSocket);
    const heard = (socket: Socket) => ({ updated: record(socket, LiveEvent.videoUpdated), comments: record(socket, LiveEvent.commentUpdated), subscriptions: record(socket, LiveEvent.subscriptionUpdated) });
    const [byVisitor, byWatcher, byOwner, byModerator] = [visitor, watcher, ownerSocket, moderatorSocket].map(heard);

    expect((await call(server, 'POST', `/moderation/videos/${videoId}/takedown`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    expect((await call(server, 'PATCH', `/videos/${videoId}`, { token: owner.token, json: { title: 'Renamed while down' } })).status).toBe(200);
    expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: owner.token, json: { content: 'Appeal' } })).status).toBe(201);
    for (const socket of [byOwner!, byModerator!]) {
      await eventually(() => socket.updated.length === 1 && socket.comments.length === 1, { what: 'the events of the taken-down video' });
      expect(socket.updated[0]).toMatchObject({ videoId, title: 'Renamed while down' });
    }
    // A later event for everyone arrives after anything sent before it on the same socket.
    expect((await call(server, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: fan.token })).status).toBe(200);
    for (const socket of [byVisitor!, byWatcher!]) {
      await eventually(() => socket.subscriptions.length === 1, { what: 'the later subscription-updated' });
      expect(socket.updated).toEqual([]);
      expect(socket.comments).toEqual([]);
    }
  });
});

describe.skipIf(!redisUrl)('live events across two servers (Redis adapter)', () => {
  let first: Awaited<ReturnType<typeof startServer>>;
  let second: TestServer;
  beforeAll(async () => {
    first = await startServer({ env: { REDIS_URL: redisUrl! } });
    // Same SQLite file, second process-like instance on its own port.
    second = await startServer({ env: { REDIS_URL: redisUrl! }, dataDir: first.dataDir });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers an event raised on server 1 to a client of server 2', async () => {
    const channel = await registerUser(first);
    const fan = await registerUser(first);
    const remote = await connect(second, { token: channel.token });
    const events = record(remote, LiveEvent.subscriptionUpdated);
    await inRoom(second, userRoom(channel.id), remote);
    remote.emit(RoomCommand.joinVideo, 'watching-something');
    await inRoom(second, videoRoom('watching-something'), remote);

    const toggled = await call(first, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
    expect(toggled.status).toBe(200);
    await eventually(() => events.length > 0, { what: 'subscription-updated from the other server' });
    expect(events[0]).toEqual({ channelId: channel.id, totalSubscribers: 1, subscriberId: fan.id, isSubscribed: true });

    // A video event raised on server 1 reaches server 2's room too.
    const comments = record(remote, LiveEvent.commentUpdated);
    first.parts.live.commentUpdated('watching-something');
    await eventually(() => comments.length > 0, { what: 'comment-updated from the other server' });
    expect(comments[0]).toEqual({ videoId: 'watching-something' });
  });
});
