// The read cache is never stale for a writer: a write followed at once by a read sees
// the write, for the writer and for others, in the same process and, with Redis, in another one;
// per-caller fields never leak between users; a feed page's order still varies.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { ReadCache } from '../../server/cache/readCache.js';
import { prepareQuery } from '../../server/db/prepared.js';
import { createRepositories } from '../../server/db/repositories/index.js';
import { call, databases, type DatabaseDialect, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { type Place, sharedPlace, startApiProcess, stopProcess } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';
import { RedisLink } from '../../server/redis/redisLink.js';

type Server = { url: string };

/** Every cached read, as anonymous, `viewer` and `owner` see it, from one server. */
async function reads(server: Server, videoId: string, owner: TestUser, viewer: TestUser) {
  const as = async (token?: string) => ({
    feed: (await call(server, 'GET', '/videos/all-videos?page=1&limit=50', { token })).body.data.videos as any[],
    video: await call(server, 'GET', `/videos/${videoId}`, { token }),
    comments: await call(server, 'GET', `/comments/all/${videoId}`, { token }),
    profile: (await call(server, 'GET', `/users/c/${owner.username}`, { token })).body.data,
    // The signed-in caller's subscriptions feed (anonymous callers have none).
    following: token ? ((await call(server, 'GET', '/subscription/feed?page=1&limit=50', { token })).body.data.videos as any[]) : [],
  });
  return { anonymous: await as(), viewer: await as(viewer.token), owner: await as(owner.token) };
}

/**
 * Writes through `writeTo`, then reads at once from each of `readFrom` (warmed first, so that a
 * stale entry would be there to answer).
 */
async function neverStale(writeTo: Server, readFrom: Server[], createVideo: (ownerId: string) => Promise<string>) {
  const owner = await registerUser(writeTo);
  const viewer = await registerUser(writeTo);
  const videoId = await createVideo(owner.id);
  const warm = async () => {
    for (const server of readFrom) for (let i = 0; i < 2; i += 1) await reads(server, videoId, owner, viewer);
  };
  const everywhere = async (check: (seen: Awaited<ReturnType<typeof reads>>) => void) => {
    for (const server of readFrom) check(await reads(server, videoId, owner, viewer));
  };
  await warm();

  // The owner edits the title.
  expect((await call(writeTo, 'PATCH', `/videos/${videoId}`, { token: owner.token, json: { title: 'A brand new title' } })).status).toBe(200);
  await everywhere((seen) => {
    for (const who of [seen.anonymous, seen.viewer, seen.owner]) {
      expect(who.video.body.data.title).toBe('A brand new title');
      expect(who.feed.find((card) => card._id === videoId)?.title).toBe('A brand new title');
    }
    expect(seen.viewer.following.some((card) => card._id === videoId)).toBe(false);
  });

  // The viewer comments, likes the video and likes the comment: counts for all, flags for the viewer only.
  const comment = await call(writeTo, 'POST', `/comments/add/${videoId}`, { token: viewer.token, json: { content: 'First comment here' } });
  expect(comment.status).toBe(201);
  const commentId = comment.body.data._id as string;
  await everywhere((seen) => {
    for (const who of [seen.anonymous, seen.viewer, seen.owner]) {
      expect(who.comments.body.data.map((row: any) => row._id)).toEqual([commentId]);
      expect(who.video.body.data.commentsCount).toBe(1);
    }
  });
  expect((await call(writeTo, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`, { token: viewer.token })).status).toBe(200);
  expect((await call(writeTo, 'POST', `/likes/toggle/c/${commentId}`, { token: viewer.token })).status).toBe(200);
  await everywhere((seen) => {
    for (const who of [seen.anonymous, seen.viewer, seen.owner]) {
      expect(who.video.body.data.likes).toBe(1);
      expect(who.feed.find((card) => card._id === videoId)?.likes).toBe(1);
      expect(who.comments.body.data[0].totalLikes).toBe(1);
    }
    expect(seen.viewer.video.body.data.userReaction).toBe('like');
    expect(seen.owner.video.body.data.userReaction).toBeNull();
    expect(seen.anonymous.video.body.data.userReaction).toBeNull();
    expect(seen.anonymous.video.body.data).not.toHaveProperty('resumeAt');
    expect(seen.viewer.comments.body.data[0].isLiked).toBe(true);
    expect(seen.owner.comments.body.data[0].isLiked).toBe(false);
    expect(seen.anonymous.comments.body.data[0].isLiked).toBe(false);
  });

  // The viewer subscribes to the owner's channel and counts a view.
  expect((await call(writeTo, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: viewer.token })).status).toBe(200);
  expect((await call(writeTo, 'POST', `/views/add/${videoId}`, { token: viewer.token })).status).toBe(200);
  await everywhere((seen) => {
    for (const who of [seen.anonymous, seen.viewer, seen.owner]) {
      expect(who.profile.subscribersCount).toBe(1);
      expect(who.profile.totalViews).toBe(1);
      expect(who.video.body.data.views).toBe(1);
      expect(who.feed.find((card) => card._id === videoId)?.views).toBe(1);
    }
    expect(seen.viewer.following.find((card) => card._id === videoId)?.views).toBe(1);
    expect(seen.owner.following.some((card) => card._id === videoId)).toBe(false);
    expect(seen.viewer.profile.isSubscribed).toBe(true);
    expect(seen.owner.profile.isSubscribed).toBe(false);
    expect(seen.anonymous.profile.isSubscribed).toBe(false);
  });

  // The owner renames themself: their cards and profile; the viewer renames: their comment.
  expect((await call(writeTo, 'POST', '/users/update-all-details', { token: owner.token, json: { fullName: 'Owner Renamed' } })).status).toBe(201);
  expect((await call(writeTo, 'POST', '/users/update-all-details', { token: viewer.token, json: { fullName: 'Viewer Renamed' } })).status).toBe(201);
  await everywhere((seen) => {
    for (const who of [seen.anonymous, seen.viewer, seen.owner]) {
      expect(who.feed.find((card) => card._id === videoId)?.owner.fullName).toBe('Owner Renamed');
      expect(who.video.body.data.owner.fullName).toBe('Owner Renamed');
      expect(who.profile.fullName).toBe('Owner Renamed');
      expect(who.comments.body.data[0].owner.fullName).toBe('Viewer Renamed');
    }
    expect(seen.viewer.following.find((card) => card._id === videoId)?.owner.fullName).toBe('Owner Renamed');
  });

  // The viewer unfollows, then follows again: their subscriptions feed follows at once.
  for (const following of [false, true]) {
    expect((await call(writeTo, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: viewer.token })).status).toBe(200);
    await everywhere((seen) => expect(seen.viewer.following.some((card) => card._id === videoId)).toBe(following));
  }

  // The owner deletes the video.
  expect((await call(writeTo, 'DELETE', `/videos/delete/${videoId}`, { token: owner.token })).status).toBe(200);
  await everywhere((seen) => {
    for (const who of [seen.anonymous, seen.viewer, seen.owner]) {
      expect(who.video.status).toBe(404);
      expect(who.comments.status).toBe(404);
      expect(who.feed.some((card) => card._id === videoId)).toBe(false);
      expect(who.profile.totalVideos).toBe(0);
    }
    expect(seen.viewer.following.some((card) => card._id === videoId)).toBe(false);
  });
}

describe('read cache versions in one process', () => {
  it('serve an entry until a version it depends on moves, and start over under a new epoch past the bound', async () => {
    const cache = new ReadCache({ ttlMs: 60_000, redis: null });
    let builds = 0;
    const read = () => cache.read('entry', ['video:a'], async () => ({ value: (builds += 1), store: true }));
    expect([await read(), await read()]).toEqual([1, 1]);
    cache.bump('video:b');
    expect(await read()).toBe(1);
    cache.bump('video:a');
    expect(await read()).toBe(2);
    // Many videos changed: the counters start over (video:a back at 0, then 1 again), and the
    // entry built at video:a 1 before is not served again.
    for (let i = 0; i <= 100_000; i += 1) cache.bump(`video:${i}`);
    cache.bump('video:a');
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
  });
});

describe('compiled queries', () => {
  it('refuse a query whose arguments do not all reach its parameters, and run with new values', async () => {
    const server = await startServer();
    try {
      const db = server.app.db.db;
      expect(() => prepareQuery(db, ['', 0], (username: string, _unused: number) => db.selectFrom('users').select('id').where('username', '=', username))).toThrow(/argument 1/);
      const byName = prepareQuery(db, [''], (username: string) => db.selectFrom('users').select('id').where('username', '=', username));
      const [first, second] = [await registerUser(server), await registerUser(server)];
      expect(await byName(first.username)).toEqual([{ id: first.id }]);
      expect(await byName(second.username)).toEqual([{ id: second.id }]);
      expect(await byName('nobody-by-that-name')).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe.each(databases)('read cache on %s, one process', (dialect: DatabaseDialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(async () => server?.close());

  it('is never stale for the writer or anyone else, and keeps per-caller fields apart', async () => {
    const before = { ...server.parts.core.readCache.stats };
    // insertVideo lists it the way transcoding does: with a bump of the feed's version.
    await neverStale(server, [server], (ownerId) => insertVideo(server, ownerId));
    // The reads did come from the cache (else this test proves nothing about it).
    expect(server.parts.core.readCache.stats.local).toBeGreaterThan(before.local);
  });

  it('still shuffles a feed page served from the cache', async () => {
    const owner = await registerUser(server);
    for (let i = 0; i < 8; i += 1) await insertVideo(server, owner.id, { title: `Shuffle ${i}` });
    const hitsBefore = server.parts.core.readCache.stats.local;
    const orders = new Set<string>();
    let ids: string | null = null;
    for (let i = 0; i < 20; i += 1) {
      const page = (await call(server, 'GET', '/videos/all-videos?page=1&limit=8')).body.data.videos as { _id: string }[];
      orders.add(page.map((card) => card._id).join());
      const sorted = page.map((card) => card._id).sort().join();
      ids ??= sorted;
      expect(sorted).toBe(ids);
    }
    expect(server.parts.core.readCache.stats.local - hitsBefore).toBeGreaterThanOrEqual(19);
    // 20 draws of 8! orders: all equal only if the shuffle were gone.
    expect(orders.size).toBeGreaterThan(1);

    // Compressed answers come from a few kept orders: still shuffled, same cards.
    const compressedOrders = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const response = await fetch(`${server.url}/api/v1/videos/all-videos?page=1&limit=8`, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      const page = ((await response.json()) as { data: { videos: { _id: string }[] } }).data.videos;
      expect(page.map((card) => card._id).sort().join()).toBe(ids);
      compressedOrders.add(page.map((card) => card._id).join());
    }
    expect(compressedOrders.size).toBeGreaterThan(1);
  });

  it('sends cached bodies compressed as the client asks, the same data as uncompressed', async () => {
    const owner = await registerUser(server);
    const videoId = await insertVideo(server, owner.id);
    for (let i = 0; i < 30; i += 1) expect((await call(server, 'POST', `/comments/add/${videoId}`, { token: owner.token, json: { content: `Comment number ${i} with some words` } })).status).toBe(201);
    const path = `${server.url}/api/v1/comments/all/${videoId}`;
    const plain = await fetch(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const expected = await plain.json();
    for (const encoding of ['br', 'gzip', 'br;q=0, gzip']) {
      for (let i = 0; i < 2; i += 1) {
        const response = await fetch(path, { headers: { 'accept-encoding': encoding } });
        expect(response.headers.get('content-encoding')).toBe(encoding.startsWith('br;q=0') ? 'gzip' : encoding);
        expect(await response.json()).toEqual(expected);
      }
    }
    // A small body (one video) goes uncompressed, as @fastify/compress would send it.
    const small = await fetch(`${server.url}/api/v1/videos/${videoId}`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).data._id).toBe(videoId);
  });
});

describe.each(databases)('read cache on %s, two processes sharing Redis', (dialect: DatabaseDialect) => {
  skipReason('Two-process read cache test');
  const run = redisForTests.url ? it : it.skip;
  let place: Place;
  let processes: Awaited<ReturnType<typeof startApiProcess>>[] = [];

  beforeAll(async () => {
    if (!redisForTests.url) return;
    place = await sharedPlace(dialect, { REDIS_URL: redisForTests.url, READ_CACHE_NAMESPACE: uniqueName('rc'), JOBS_QUEUE: uniqueName('jobs'), RATE_LIMIT_NAMESPACE: uniqueName('rl') });
    processes = [await startApiProcess(place), await startApiProcess(place)];
  }, 120_000);
  afterAll(async () => {
    for (const process of processes) await stopProcess(process.child);
    await place?.dispose();
  });

  run('a write in one process is seen at once by reads in both', async () => {
    const [a, b] = processes as unknown as [{ url: string }, { url: string }];
    const repos = createRepositories(place.db, loadConfig(place.env));
    // Listed the way transcoding in a worker process lists a video: with a bump of the feed's version.
    const link = new RedisLink(redisForTests.url!, { info: () => undefined, warn: () => undefined });
    const workerCache = new ReadCache({ ttlMs: 10_000, redis: link, namespace: place.env.READ_CACHE_NAMESPACE });
    await expect.poll(() => workerCache.pushedVersions?.live).toBe(true);
    const createVideo = async (ownerId: string) => {
      const id = await repos.videos.create({ ownerId, title: 'Shared video', description: 'd', status: 'ready', duration: 10, thumbnail: '', sourceKey: '' });
      workerCache.bump('feed');
      await workerCache.settled();
      return id;
    };
    await neverStale(a, [a, b], createVideo);
    await neverStale(b, [a, b], createVideo);
    await link.close();
  }, 120_000);
});

describe('read cache versions pushed over Redis pub/sub', () => {
  skipReason('Pushed read-cache versions test');
  const run = redisForTests.url ? it : it.skip;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  run("waits for a bump's own message even when the loop was too busy to read it before its deadline", async () => {
    const link = new RedisLink(redisForTests.url!, { info: () => undefined, warn: () => undefined });
    const cache = new ReadCache({ ttlMs: 60_000, redis: link, namespace: uniqueName('rc') });
    try {
      await expect.poll(() => cache.pushedVersions?.live).toBe(true);
      let builds = 0;
      const read = () => cache.read('entry', ['video:busy'], async () => ({ value: (builds += 1), store: true }));
      expect([await read(), await read()]).toEqual([1, 1]);
      cache.bump('video:busy');
      // The loop is held past the echo's deadline while Redis answers and publishes: when it runs
      // again, the deadline's timer comes before the waiting input is read.
      const busyUntil = Date.now() + 600;
      while (Date.now() < busyUntil) {
        /* a long synchronous turn */
      }
      await cache.settled();
      // Settled means this process has the new version: the entry built before is not served.
      expect(await read()).toBe(2);
    } finally {
      await link.close();
    }
  });

  run('answer hits without a round trip, and after a lost subscription read the versions from Redis until it is back', async () => {
    const env = { REDIS_URL: redisForTests.url!, READ_CACHE_NAMESPACE: uniqueName('rc'), JOBS_QUEUE: uniqueName('jobs'), RATE_LIMIT_NAMESPACE: uniqueName('rl') };
    const a = await startServer({ env });
    servers.push(a);
    const b = await startServer({ env, dataDir: a.dataDir });
    servers.push(b);
    const cacheB = b.parts.core.readCache;
    await expect.poll(() => cacheB.pushedVersions?.live && a.parts.core.readCache.pushedVersions?.live).toBe(true);
    const owner = await registerUser(a);
    const videoId = await insertVideo(a, owner.id, { title: 'Before the cut' });
    const titleOnB = async () => (await call(b, 'GET', `/videos/${videoId}`)).body.data.title as string;
    const retitle = async (title: string) => expect((await call(a, 'PATCH', `/videos/${videoId}`, { token: owner.token, json: { title } })).status).toBe(200);

    // The first read learns the versions; the hits after it ask Redis nothing.
    expect(await titleOnB()).toBe('Before the cut');
    const learned = cacheB.stats.versionReads;
    const hits = cacheB.stats.local;
    for (let i = 0; i < 5; i += 1) expect(await titleOnB()).toBe('Before the cut');
    expect(cacheB.stats.versionReads).toBe(learned);
    expect(cacheB.stats.local).toBe(hits + 5);

    // B's subscriber is cut (as Redis does to a subscriber that falls behind): a write made at once
    // is still seen by B, which reads the versions from Redis while it has no subscription.
    const admin = new Redis(redisForTests.url!);
    try {
      const name = cacheB.pushedVersions!.connectionName;
      const line = String(await admin.client('LIST')).split('\n').find((entry) => entry.includes(` name=${name} `));
      expect(line, 'the subscriber connection is listed').toBeDefined();
      await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line!)![1]!);
    } finally {
      admin.disconnect();
    }
    await retitle('During the cut');
    expect(await titleOnB()).toBe('During the cut');

    // Subscribed again: a fresh Map, learned once more, and writes still seen at once.
    await expect.poll(() => cacheB.pushedVersions?.live, { timeout: 10_000 }).toBe(true);
    expect(await titleOnB()).toBe('During the cut');
    await retitle('After the cut');
    expect(await titleOnB()).toBe('After the cut');
    const relearned = cacheB.stats.versionReads;
    for (let i = 0; i < 5; i += 1) expect(await titleOnB()).toBe('After the cut');
    expect(cacheB.stats.versionReads).toBe(relearned);
  }, 60_000);
});
