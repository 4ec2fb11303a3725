// Live events across server processes on real Redis: a video room member on one process receives
// what a write on another raises, while other processes sharing the Redis (of this deployment or
// of another one) stop, and no deployment's events reach another deployment's sockets.
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvent, type LiveEventPayloads, RoomCommand } from '../../contract/events.js';
import { loadConfig } from '../../server/config.js';
import { createRepositories } from '../../server/db/repositories/index.js';
import { call, databases, registerUser, type TestUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { type Place, sharedPlace, startApiProcess, stopProcess } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

type ApiProcess = Awaited<ReturnType<typeof startApiProcess>>;
type Reaction = LiveEventPayloads['video-reaction-updated'];

/** One deployment: its own database and data dir, its own Redis names, on the shared Redis. */
function deploymentPlace(dialect: (typeof databases)[number]): Promise<Place> {
  return sharedPlace(dialect, { REDIS_URL: redisForTests.url!, READ_CACHE_NAMESPACE: uniqueName('rc'), JOBS_QUEUE: uniqueName('jobs'), RATE_LIMIT_NAMESPACE: uniqueName('rl') });
}

async function videoOf(place: Place, owner: TestUser): Promise<string> {
  const repos = createRepositories(place.db, loadConfig(place.env));
  return repos.videos.create({ ownerId: owner.id, title: 'Live video', description: 'd', status: 'ready', duration: 10, thumbnail: '', sourceKey: '' });
}

/** A socket on `server` with every `video-reaction-updated` it receives and why it disconnected. */
async function watcher(server: { url: string }, videoId?: string) {
  const socket: Socket = connectSocket(server.url, { transports: ['websocket'], reconnection: false, forceNew: true });
  const reactions: Reaction[] = [];
  const disconnects: string[] = [];
  socket.on(LiveEvent.videoReactionUpdated, (payload: Reaction) => reactions.push(payload));
  socket.on('disconnect', (reason) => disconnects.push(reason));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (videoId) socket.emit(RoomCommand.joinVideo, videoId);
  return { socket, reactions, disconnects };
}

const toggleLike = async (server: { url: string }, videoId: string, user: TestUser) =>
  expect((await call(server, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`, { token: user.token })).status).toBe(200);

/** The member is in the video room once a like on `writer` reaches it (through Redis when on another process). */
async function inRoom(writer: { url: string }, videoId: string, fan: TestUser, member: { reactions: Reaction[] }): Promise<void> {
  await eventually(async () => {
      await toggleLike(writer, videoId, fan);
      return member.reactions.length;
    }, { until: (count) => count > 0, timeout: 20_000, what: 'the member in the video room' });
}

// One database: what is tested travels through Redis, not the database (the last one: PostgreSQL
// when it is reachable, as a deployment of several processes runs).
const dialect = databases.at(-1)!;

describe(`live events across processes sharing Redis on ${dialect}`, () => {
  skipReason('Two-process live events test');
  const run = redisForTests.url ? it : it.skip;
  let ours: Place;
  let theirs: Place;
  /** A, B and C: one deployment. S1 and S2: another deployment on the same Redis. */
  let a: ApiProcess, b: ApiProcess, c: ApiProcess, s1: ApiProcess, s2: ApiProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    if (!redisForTests.url) return;
    [ours, theirs] = await Promise.all([deploymentPlace(dialect), deploymentPlace(dialect)]);
    // Two at a time, one of each deployment (two keep two cores busy; more would only stretch each
    // start towards its deadline). The first of each alone on its fresh schema: it migrates it, which
    // two processes creating Kysely's migration tables at once could race on.
    [a, s1] = await Promise.all([startApiProcess(ours), startApiProcess(theirs)]);
    [b, s2] = await Promise.all([startApiProcess(ours), startApiProcess(theirs)]);
    c = await startApiProcess(ours);
  }, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const process of [a, b, c, s1, s2]) if (process) await stopProcess(process.child);
    await ours?.dispose();
    await theirs?.dispose();
  });

  run("a deployment's live events never reach the sockets of another deployment on the same Redis", async () => {
    const [owner, fan] = [await registerUser(a), await registerUser(a)];
    const videoId = await videoOf(ours, owner);
    const member = await watcher(b, videoId);
    // The spec's clients join no room and receive every video event: the widest audience to leak to.
    const stranger = await watcher(s2);
    sockets.push(member.socket, stranger.socket);
    await inRoom(a, videoId, fan, member);

    // Their own event, raised on S1, travels through Redis after ours (Redis delivers in publish
    // order): once it reached the stranger on S2, any event of ours would have reached it before.
    const [theirOwner, theirFan] = [await registerUser(s1), await registerUser(s1)];
    const theirVideo = await videoOf(theirs, theirOwner);
    await toggleLike(s1, theirVideo, theirFan);
    await eventually(() => stranger.reactions, { until: (seen) => seen.some((r) => r.videoId === theirVideo), timeout: 10_000, what: "the other deployment's own event" });
    expect(stranger.reactions.map((r) => r.videoId)).toEqual([theirVideo]);
  }, 120_000);

  run('a video room member on B receives a like made on A after another process of the deployment, and one of another deployment, stopped', async () => {
    const [owner, fan] = [await registerUser(a), await registerUser(a)];
    const videoId = await videoOf(ours, owner);
    const member = await watcher(b, videoId);
    sockets.push(member.socket);
    await inRoom(a, videoId, fan, member);

    // A rolling restart stops one process; another deployment sharing the Redis stops one of its own.
    await stopProcess(c.child);
    await stopProcess(s1.child);
    const before = member.reactions.length;
    await toggleLike(a, videoId, fan);
    await eventually(() => member.reactions.length, { until: (count) => count > before, timeout: 10_000, what: 'the like made on A after the stops, on B' });
    expect(member.disconnects).toEqual([]);
    expect(member.reactions.at(-1)!.videoId).toBe(videoId);
  }, 120_000);
});
