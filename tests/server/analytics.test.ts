// Watch analytics end to end: heartbeats through the API, the rollup job, the studio's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_RANGES, type Heartbeat, type StudioSubscriberDay } from '../../contract/analytics.js';
import { chaptersOf } from '../../contract/chapters.js';
import type { RawHeartbeat } from '../../server/analytics/fold.js';
import { WINDOW_DAYS, dayOfMs, windowStart } from '../../server/analytics/windows.js';
import { analyticsRollupJob } from '../../server/jobs/handlers/analyticsRollup.js';
import type { JobContext, JobDeps } from '../../server/jobs/types.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Runs the rollup job's handler as the queue would (the queue may run it meanwhile too: it locks). */
async function rollUp(server: TestServer) {
  const deps = { config: server.config, repos: server.app.repos, log: server.app.log } as unknown as JobDeps;
  const job = { id: 'analytics-rollup', payload: {}, attempt: 1, signal: new AbortController().signal, progress: async () => undefined } as JobContext<'analytics-rollup'>;
  return analyticsRollupJob.run(deps, job);
}

let beatCounter = 0;
function beat(videoId: string, fields: Partial<Heartbeat> & Pick<Heartbeat, 'playbackId' | 'ranges' | 'at'>): Heartbeat {
  beatCounter += 1;
  return { id: `beat-${Date.now().toString(36)}-${beatCounter}`, videoId, source: 'home', device: 'desktop', ...fields };
}

describe.each(databases)('analytics on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  let viewerA: TestUser;
  let viewerB: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startServer({ dialect });
    [owner, viewerA, viewerB, stranger] = await Promise.all([registerUser(server), registerUser(server), registerUser(server), registerUser(server)]);
  });
  afterAll(() => server?.close());

  it('rolls heartbeats of signed-in, signed-out, duplicate, out-of-order and offline plays up to views, watch time, retention and sources, once', async () => {
    const videoId = await insertVideo(server, owner.id, { duration: 100, title: 'Counted' });
    // One hour, two hours back: every heartbeat below falls in it whatever the minute now.
    const hour = Math.floor((Date.now() - 2 * HOUR_MS) / HOUR_MS) * HOUR_MS;
    const at = (minutes: number) => new Date(hour + minutes * 60_000).toISOString();
    const send = (heartbeats: Heartbeat[], token?: string) => call(server, 'POST', '/analytics/heartbeats', { token, json: { heartbeats } });

    // Viewer A, signed in: two beats of one playback, then a second playback within 24 h (no new view).
    const a1 = beat(videoId, { playbackId: 'playback-a1', at: at(1), ranges: [[0, 15]] });
    const a2 = beat(videoId, { playbackId: 'playback-a1', at: at(2), ranges: [[15, 30]] });
    const a3 = beat(videoId, { playbackId: 'playback-a2', at: at(20), ranges: [[0, 10]], source: 'search' });
    expect((await send([a1, a2], viewerA.token)).body.data).toEqual({ accepted: 2, ignored: 0 });
    expect((await send([a1], viewerA.token)).body.data).toEqual({ accepted: 0, ignored: 1 });
    await send([a3], viewerA.token);
    // Signed out, out of order: the later beat arrives first.
    const p1Late = beat(videoId, { playbackId: 'playback-p1', at: at(6), ranges: [[50, 100]], source: 'search', device: 'phone' });
    const p1Early = beat(videoId, { playbackId: 'playback-p1', at: at(5), ranges: [[0, 50]], source: 'search', device: 'phone' });
    await send([p1Late]);
    // A page's unload beacon sends text/plain.
    const beacon = await fetch(`${server.url}/api/v1/analytics/heartbeats`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ heartbeats: [p1Early] }) });
    expect(beacon.status).toBe(200);
    await send([beat(videoId, { playbackId: 'playback-p2', at: at(7), ranges: [[0, 20]], source: 'external', device: 'tablet' })]);

    await rollUp(server);
    const first = await call(server, 'GET', `/studio/videos/${videoId}?range=7d`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.data.totals).toEqual({ views: 3, watchSeconds: 160, averageViewSeconds: 53 });

    // Viewer B watched offline 26 hours before that hour; the play is reported once back online, twice.
    const offline = beat(videoId, { playbackId: 'playback-b', at: new Date(hour - 26 * HOUR_MS).toISOString(), ranges: [[0, 100]], source: 'offline', device: 'phone' });
    await send([offline], viewerB.token);
    await send([offline], viewerB.token);
    const report = await rollUp(server);
    expect(report).toMatchObject({ heartbeats: expect.any(Number) });

    const page = await call(server, 'GET', `/studio/videos/${videoId}?range=7d`, { token: owner.token });
    const data = page.body.data;
    expect(data.totals).toEqual({ views: 4, watchSeconds: 260, averageViewSeconds: 65 });
    expect(data.sources).toMatchObject({ home: 1, search: 1, external: 1, offline: 1, subscriptions: 0 });
    expect(data.devices).toEqual({ desktop: 1, phone: 2, tablet: 1 });
    expect(data.retention).toHaveLength(100);
    // 0-19%: A, P1, P2 and B; 20-29%: A, P1, B; 30-99%: P1 and B (A's replay of 0-10 s counts once).
    expect(data.retention[0]).toBe(1);
    expect(data.retention[19]).toBe(1);
    expect(data.retention[20]).toBe(0.75);
    expect(data.retention[29]).toBe(0.75);
    expect(data.retention[30]).toBe(0.5);
    expect(data.retention[99]).toBe(0.5);
    expect(data.days).toHaveLength(7);
    expect(data.days.reduce((sum: number, day: { views: number }) => sum + day.views, 0)).toBe(4);
    expect(data.video).toMatchObject({ _id: videoId, title: 'Counted', duration: 100, views: 4 });

    const overview = await call(server, 'GET', '/studio/overview?range=7d', { token: owner.token });
    expect(overview.status).toBe(200);
    expect(overview.body.data.totals).toEqual({ views: 4, watchSeconds: 260, averageViewSeconds: 65 });
    expect(overview.body.data.topVideos[0]).toMatchObject({ _id: videoId, views: 4, watchSeconds: 260 });
    expect(overview.body.data.sources.offline).toBe(1);
    expect(overview.body.data.days).toHaveLength(7);

    // A rerun, and a late duplicate of an already rolled-up beat, change nothing.
    expect(await rollUp(server)).toMatchObject({ heartbeats: 0 });
    expect((await send([a2], viewerA.token)).body.data).toEqual({ accepted: 0, ignored: 1 });
    await rollUp(server);
    expect((await call(server, 'GET', `/studio/videos/${videoId}?range=7d`, { token: owner.token })).body.data).toEqual({ ...data, viewersNow: 0 });
    expect(await server.app.repos.analytics.pendingCount()).toBe(0);
  });

  it('keeps the 24-hour rule of views for a signed-in viewer and counts each signed-out playback', async () => {
    const videoId = await insertVideo(server, owner.id, { duration: 60 });
    const now = Date.now() - 60_000;
    const at = (hoursBack: number) => new Date(now - hoursBack * HOUR_MS).toISOString();
    const signedIn = await call(server, 'POST', '/analytics/heartbeats', {
      token: viewerA.token,
      json: { heartbeats: [beat(videoId, { playbackId: 'playback-pa1', at: at(30), ranges: [[0, 5]] }), beat(videoId, { playbackId: 'playback-pa2', at: at(10), ranges: [[0, 5]] }), beat(videoId, { playbackId: 'playback-pa3', at: at(2), ranges: [[0, 5]] })] },
    });
    expect(signedIn.body).toMatchObject({ data: { accepted: 3, ignored: 0 } });
    await call(server, 'POST', '/analytics/heartbeats', { json: { heartbeats: [beat(videoId, { playbackId: 'playback-anon1', at: at(1), ranges: [[0, 5]] }), beat(videoId, { playbackId: 'playback-anon2', at: at(1), ranges: [[0, 5]] })] } });
    await rollUp(server);
    const page = await call(server, 'GET', `/studio/videos/${videoId}?range=28d`, { token: owner.token });
    // A: 30 h ago and 10 h ago (20 h apart: one view), 2 h ago (8 h later: none) -> 2 views; signed out: 2.
    expect(page.body.data.totals.views).toBe(4);
    expect(page.body.data.totals.watchSeconds).toBe(25);
  });

  it('drops heartbeats older than the replay window and refuses bad ones in the error envelope', async () => {
    const videoId = await insertVideo(server, owner.id);
    const old = beat(videoId, { playbackId: 'old-play', at: new Date(Date.now() - 8 * 24 * HOUR_MS).toISOString(), ranges: [[0, 5]] });
    expect((await call(server, 'POST', '/analytics/heartbeats', { json: { heartbeats: [old] } })).body.data).toEqual({ accepted: 0, ignored: 1 });
    const bad = await call(server, 'POST', '/analytics/heartbeats', { json: { heartbeats: [{ ...old, source: 'tv-guide' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, statusCode: 400 });
    const empty = await call(server, 'POST', '/analytics/heartbeats', { json: { heartbeats: [] } });
    expect(empty.status).toBe(400);
    const notJson = await fetch(`${server.url}/api/v1/analytics/heartbeats`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'not json' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ success: false, statusCode: 400 });
  });

  it('counts subscribers gained and lost per day: subscribe, unsubscribe, resubscribe, and a block', async () => {
    const [channel, fan, leaver] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    const toggle = (user: TestUser) => call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: user.token });
    const overview = async () => (await call(server, 'GET', '/studio/overview?range=7d', { token: channel.token })).body.data;
    expect(await overview()).toMatchObject({ subscribersGained: 0, subscribersLost: 0, subscribersTotal: 0 });

    // fan: in, out, in again (two gained, one lost); leaver: in, then blocked by the channel (lost).
    for (const user of [fan, fan, fan, leaver]) expect((await toggle(user)).status).toBe(200);
    expect((await call(server, 'POST', `/users/blocks/${leaver.id}`, { token: channel.token })).status).toBe(200);

    const data = await overview();
    expect(data).toMatchObject({ subscribersGained: 3, subscribersLost: 2, subscribersTotal: 1 });
    expect(data.subscriberDays).toHaveLength(7);
    // The days add up to the totals; all of it happened today (UTC), the range's last day (or the
    // one before, when the day turned between the writes and the read).
    const sum = (key: 'gained' | 'lost') => data.subscriberDays.reduce((total: number, day: StudioSubscriberDay) => total + day[key], 0);
    expect([sum('gained'), sum('lost')]).toEqual([3, 2]);
    expect(data.subscriberDays.slice(0, -2).every((day: StudioSubscriberDay) => day.gained === 0 && day.lost === 0)).toBe(true);
    // Another channel's counts are its own.
    expect(await call(server, 'GET', '/studio/overview?range=7d', { token: fan.token })).toMatchObject({ body: { data: { subscribersGained: 0, subscribersLost: 0 } } });
  });

  it("marks the description's chapters on a video's page, and none for a description without them", async () => {
    const description = 'Made on a weekend.\n0:00 Intro\n0:45 - The engine\n(1:30) Notes\nSee you at 1:50!';
    const withChapters = await insertVideo(server, owner.id, { duration: 120, description });
    const page = await call(server, 'GET', `/studio/videos/${withChapters}`, { token: owner.token });
    expect(page.body.data.chapters).toEqual([
      { start: 0, title: 'Intro' },
      { start: 45, title: 'The engine' },
      { start: 90, title: 'Notes' },
    ]);
    const without = await insertVideo(server, owner.id, { duration: 120, description: 'At 0:30 it starts.' });
    expect((await call(server, 'GET', `/studio/videos/${without}`, { token: owner.token })).body.data.chapters).toEqual([]);
  });

  it("answers a video's analytics to its owner and admins only, and the overview to the signed-in", async () => {
    const videoId = await insertVideo(server, owner.id);
    expect((await call(server, 'GET', `/studio/videos/${videoId}`, { token: stranger.token })).status).toBe(403);
    expect((await call(server, 'GET', `/studio/videos/${videoId}`)).status).toBe(401);
    expect((await call(server, 'GET', '/studio/overview')).status).toBe(401);
    expect((await call(server, 'GET', '/studio/videos/no-such-video', { token: owner.token })).status).toBe(404);
    expect((await call(server, 'GET', '/studio/overview?range=1y', { token: owner.token })).status).toBe(400);
    const strangerOverview = await call(server, 'GET', '/studio/overview', { token: stranger.token });
    expect(strangerOverview.body.data).toMatchObject({ range: '28d', totals: { views: 0 }, topVideos: [] });
    await setRole(server, stranger, 'admin');
    expect((await call(server, 'GET', `/studio/videos/${videoId}`, { token: stranger.token })).status).toBe(200);
  });

  // Last in this block: it folds days ahead of today, so the windows end in the future after it.
  it('keeps the top videos of each window exact across day boundaries, late heartbeats, reruns and slides', async () => {
    const analytics = server.app.repos.analytics;
    const db = server.app.db.db;
    const channel = await registerUser(server);
    const [v1, v2, v3] = [await insertVideo(server, channel.id, { duration: 100 }), await insertVideo(server, channel.id, { duration: 100 }), await insertVideo(server, channel.id, { duration: 100 })];
    // Day 0 is ten days ahead: no other test's heartbeat falls on it or after.
    const day0 = Date.parse(`${dayOfMs(Date.now() + 10 * DAY_MS)}T00:00:00.000Z`);
    const at = (days: number, hours = 0, ms = 0) => new Date(day0 + days * DAY_MS + hours * HOUR_MS + ms).toISOString();
    let id = 0;
    const raw = (video_id: string, viewer_key: string, when: string, ranges: number[][]): RawHeartbeat => ({ id: `window-${channel.id}-${++id}`, video_id, viewer_key, at: when, ranges: JSON.stringify(ranges), source: 'home', device: 'phone' });
    type Row = [string, number, number];
    const foldAll = async (nowMs: number) => {
      let folded = 0;
      for (let count = -1; count !== 0; folded += count) count = await analytics.rollUpBatch(3, nowMs);
      return folded;
    };
    const top = async (nowMs: number) => {
      const answers: Record<string, Row[]> = {};
      for (const range of STUDIO_RANGES) {
        const fast = await analytics.topVideos(channel.id, range, nowMs, 50);
        // The reference: the same question summed from the hourly rows.
        expect(fast).toEqual(await analytics.topVideosFromHours(channel.id, `${windowStart(dayOfMs(nowMs), WINDOW_DAYS[range])}T00`, 50));
        answers[range] = fast.map((video) => [video.id, video.views, video.watchSeconds]);
      }
      return answers;
    };
    const tables = async () => ({
      days: await db.selectFrom('analytics_video_days').selectAll().where('owner_id', '=', channel.id).orderBy('video_id').orderBy('day').execute(),
      windows: await db.selectFrom('analytics_video_windows').selectAll().where('owner_id', '=', channel.id).orderBy('video_id').orderBy('window_days').execute(),
    });
    const windowsEnd = async () => (await db.selectFrom('analytics_windows_as_of').select('day').executeTakeFirstOrThrow()).day;

    // Either side of midnight: x's second beat, 1 ms after day 0, is within 24 h of its view (watch time only).
    await analytics.insertHeartbeats([
      raw(v1, 'u:x', at(0, 10), [[0, 10]]),
      raw(v1, 'p:y', at(0, 24, -1), [[0, 20]]),
      raw(v1, 'u:x', at(1), [[10, 30]]),
      raw(v2, 'p:z', at(1), [[0, 40]]),
    ]);
    expect(await foldAll(day0 + DAY_MS + 12 * HOUR_MS)).toBe(4);
    expect(await windowsEnd()).toBe(dayOfMs(day0 + DAY_MS));
    // As the studio ranks them: views, then the newest id first.
    const ranked = (rows: Row[]) => [...rows].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1));
    let answers = await top(day0 + DAY_MS + 12 * HOUR_MS);
    expect(answers['7d']).toEqual([
      [v1, 2, 50],
      [v2, 1, 40],
    ]);
    expect(answers['90d']).toEqual(answers['7d']);
    const { days } = await tables();
    const expectedDays: Array<[string, string, number, number]> = [
      [v1, dayOfMs(day0), 2, 30],
      [v1, dayOfMs(day0 + DAY_MS), 0, 20],
      [v2, dayOfMs(day0 + DAY_MS), 1, 40],
    ];
    expect(days.map((row) => [row.video_id, row.day, Number(row.views), Number(row.watch_seconds)])).toEqual(expectedDays.sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : 1)));

    // A rerun folds nothing and changes nothing.
    const before = await tables();
    expect(await foldAll(day0 + DAY_MS + 12 * HOUR_MS)).toBe(0);
    expect(await tables()).toEqual(before);

    // Late and out of order: a beat of day 0 after day 1's were folded; ties in views go by id, newest first.
    await analytics.insertHeartbeats([raw(v3, 'p:w', at(0, 5), [[0, 30]]), raw(v2, 'p:z2', at(1, 6), [[0, 30]]), raw(v3, 'p:w2', at(1, 1), [[0, 5]])]);
    expect(await foldAll(day0 + DAY_MS + 13 * HOUR_MS)).toBe(3);
    answers = await top(day0 + DAY_MS + 13 * HOUR_MS);
    expect(answers['7d']).toEqual(
      ranked([
        [v1, 2, 50],
        [v2, 2, 70],
        [v3, 2, 35],
      ]),
    );

    // A week on, with one beat: day 0 leaves the 7-day window, not the 28-day one.
    await analytics.insertHeartbeats([raw(v1, 'p:q', at(7, 1), [[0, 10]])]);
    expect(await foldAll(day0 + 7 * DAY_MS + 2 * HOUR_MS)).toBe(1);
    answers = await top(day0 + 7 * DAY_MS + 2 * HOUR_MS);
    expect(answers['7d']).toEqual(
      ranked([
        [v2, 2, 70],
        [v1, 1, 30],
        [v3, 1, 5],
      ]),
    );
    expect(answers['28d']).toEqual(
      ranked([
        [v1, 3, 60],
        [v2, 2, 70],
        [v3, 2, 35],
      ]),
    );

    // With no heartbeat at all, the rollup still slides the windows: 95 days on, only day 7 is in the 90 days.
    expect(await foldAll(day0 + 95 * DAY_MS)).toBe(0);
    expect(await windowsEnd()).toBe(dayOfMs(day0 + 95 * DAY_MS));
    answers = await top(day0 + 95 * DAY_MS);
    expect(answers).toEqual({ '7d': [], '28d': [], '90d': [[v1, 1, 10]] });
    // The days before the 90 days are no longer read by any slide: the prune drops them, and the answers stay.
    const daysBefore = (await tables()).days.length;
    expect((await analytics.prune(day0 + 95 * DAY_MS)).videoDays).toBeGreaterThanOrEqual(daysBefore - 1);
    expect((await tables()).days.map((row) => [row.video_id, row.day])).toEqual([[v1, dayOfMs(day0 + 7 * DAY_MS)]]);
    expect(await top(day0 + 95 * DAY_MS)).toEqual(answers);
    await foldAll(day0 + 200 * DAY_MS);
    expect((await tables()).windows).toEqual([]);
    // The day after, before any rollup, the windows end yesterday: the answer comes from the hours, the same.
    expect(await top(day0 + 201 * DAY_MS)).toEqual({ '7d': [], '28d': [], '90d': [] });
  });
});

describe('heartbeat intake under its rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_WRITE_MAX: '3' } });
  });
  afterAll(() => server?.close());

  it('stores only what the player reported, without budget headers, and answers a flood 429 in the envelope', async () => {
    const owner = await registerUser(server);
    const videoId = await insertVideo(server, owner.id, { duration: 60 });
    const post = (heartbeat: Heartbeat) =>
      fetch(`${server.url}/api/v1/analytics/heartbeats`, { method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (Bench Phone)' }, body: JSON.stringify({ heartbeats: [heartbeat] }) });
    const first = beat(videoId, { playbackId: 'limited-play', at: new Date(Date.now() - 60_000).toISOString(), ranges: [[0, 15]] });
    for (const heartbeat of [first, beat(videoId, { playbackId: 'limited-play', at: new Date().toISOString(), ranges: [[15, 30]] }), first]) {
      const answer = await post(heartbeat);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
    }
    const refused = await post(beat(videoId, { playbackId: 'limited-play', at: new Date().toISOString(), ranges: [[30, 45]] }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toMatchObject({ success: false, statusCode: 429 });
    // The raw rows: no address, no user agent; a signed-out viewer only by the playback's random id.
    const rows = await server.app.db.db.selectFrom('analytics_heartbeats').selectAll().where('video_id', '=', videoId).orderBy('at').execute();
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!).sort()).toEqual(['at', 'device', 'id', 'ranges', 'rolled_up', 'source', 'video_id', 'viewer_key']);
    expect(rows[0]).toMatchObject({ id: first.id, viewer_key: 'p:limited-play', at: first.at, ranges: '[[0,15]]', source: 'home', device: 'desktop' });
  });
});

describe('chapters from a description', () => {
  it("reads YouTube's rules: from 0:00, in order, three or more, each at least 10 s", () => {
    expect(chaptersOf('0:00 Intro\n1:02:03 Late\n• 1:05:00 | Last', 4000)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 3723, title: 'Late' },
      { start: 3900, title: 'Last' },
    ]);
    expect(chaptersOf('0:05 Intro\n0:30 Middle\n1:00 End', 120)).toEqual([]);
    expect(chaptersOf('0:00 Intro\n0:30 Middle', 120)).toEqual([]);
    expect(chaptersOf('0:00 Intro\n0:30 Middle\n0:20 Back', 120)).toEqual([]);
    expect(chaptersOf('0:00 Intro\n0:30 Middle\n0:35 Too short', 120)).toEqual([]);
    // The last chapter must last 10 s before the end of the video too.
    expect(chaptersOf('0:00 Intro\n0:30 Middle\n1:55 End', 120)).toEqual([]);
    expect(chaptersOf('0:00 Intro\n0:61 Bad\n1:00 End', 120)).toEqual([]);
    expect(chaptersOf('0:00\n0:30 Middle\n1:00 End', 120)).toEqual([]);
  });
});
