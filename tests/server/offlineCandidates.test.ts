import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';

const hls = (height: number) => ({ playlistKey: `hls/${height}.m3u8`, resolution: `${Math.round((height * 16) / 9)}x${height}`, bandwidth: 1, averageBandwidth: 1, codecs: 'avc1.64001f,mp4a.40.2' });

type Candidate = { reason: string; reasons: string[]; video: { _id: string; title: string }; rungs: Array<{ height: number; bytes: number; url: string }> };
const candidatesOf = (result: { body: { data: { candidates: Candidate[] } } }) => result.body.data.candidates;

describe.each(databases)('offline candidates on %s', (dialect) => {
  let server: TestServer;
  let moderator: TestUser;

  beforeAll(async () => {
    server = await startServer({ dialect });
    moderator = await registerUser(server);
    await setRole(server, moderator, 'moderator');
  });
  afterAll(() => server?.close());

  async function videoWithRungs(ownerId: string, title: string, rungs: Array<[height: number, bytes: number, packaged: boolean]>) {
    const id = await insertVideo(server, ownerId, { title });
    for (const [height, bytes, packaged] of rungs) {
      await server.app.repos.videoMedia.addRendition(id, { height, storageKey: `videos/${id}/${height}.mp4`, sizeBytes: bytes, hls: packaged ? hls(height) : { ...hls(height), playlistKey: null as never } });
    }
    return id;
  }

  it("lists the subscriptions' newest N then Watch later, with reasons and every rung's height, size and URL", async () => {
    const [me, channel, other] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    expect((await call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: me.token })).status).toBe(200);
    const older = await videoWithRungs(channel.id, 'Older', [[360, 1000, true]]);
    const both = await videoWithRungs(channel.id, 'Both', [[480, 4000, true], [144, 300, true]]);
    const newest = await videoWithRungs(channel.id, 'Newest', [[720, 9000, true], [360, 2000, false]]);
    const saved = await videoWithRungs(other.id, 'Saved', [[240, 700, true]]);
    await videoWithRungs(other.id, 'Not followed', [[360, 1, true]]);
    for (const id of [saved, both]) await call(server, 'POST', `/watch-later/${id}`, { token: me.token });

    const answer = await call(server, 'GET', '/offline/candidates?limit=2', { token: me.token });
    expect(answer.status).toBe(200);
    const candidates = candidatesOf(answer);
    expect(candidates.map((candidate) => [candidate.video.title, candidate.reason, candidate.reasons])).toEqual([
      ['Newest', 'subscription', ['subscription']],
      ['Both', 'watch-later', ['subscription', 'watch-later']],
      ['Saved', 'watch-later', ['watch-later']],
    ]);
    expect(candidates.map((candidate) => candidate.video._id)).not.toContain(older);
    const [first, second] = candidates;
    expect(first!.video._id).toBe(newest);
    // A packaged rung is its own file; one made before packaging is reached through its quality segment.
    expect(first!.rungs).toEqual([
      { height: 720, bytes: 9000, url: expect.stringMatching(new RegExp(`/media/video/hls/${newest}/720\\.mp4$`)) },
      { height: 360, bytes: 2000, url: expect.stringMatching(new RegExp(`/media/video/upload/q_auto:low/${newest}\\.mp4$`)) },
    ]);
    expect(second!.rungs.map((rung) => [rung.height, rung.bytes])).toEqual([[480, 4000], [144, 300]]);
    // The default is 5 of the newest.
    const all = candidatesOf(await call(server, 'GET', '/offline/candidates', { token: me.token }));
    expect(all.map((candidate) => candidate.video.title)).toEqual(['Newest', 'Both', 'Older', 'Saved']);
  });

  it('answers from the read cache until a write it shows: a save, a new upload, a takedown, a deletion', async () => {
    const [me, channel] = await Promise.all([registerUser(server), registerUser(server)]);
    await call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: me.token });
    const first = await videoWithRungs(channel.id, 'First', [[360, 10, true]]);
    const titles = async () => candidatesOf(await call(server, 'GET', '/offline/candidates', { token: me.token })).map((candidate) => candidate.video.title);
    const stats = server.parts.core.readCache.stats;

    expect(await titles()).toEqual(['First']);
    const built = stats.built;
    expect(await titles()).toEqual(['First']);
    expect(stats.built).toBe(built); // the second read was the cached answer

    const elsewhere = await videoWithRungs((await registerUser(server)).id, 'Saved', [[360, 10, true]]);
    await call(server, 'POST', `/watch-later/${elsewhere}`, { token: me.token });
    expect(await titles()).toEqual(['First', 'Saved']);
    const second = await videoWithRungs(channel.id, 'Second', [[360, 10, true]]);
    expect(await titles()).toEqual(['Second', 'First', 'Saved']);

    expect((await call(server, 'POST', `/moderation/videos/${first}/takedown`, { token: moderator.token, json: { reason: 'Copyright claim' } })).status).toBe(200);
    expect(await titles()).toEqual(['Second', 'Saved']);
    expect((await call(server, 'DELETE', `/videos/delete/${second}`, { token: channel.token })).status).toBe(200);
    expect(await titles()).toEqual(['Saved']);
    await call(server, 'DELETE', `/watch-later/${elsewhere}`, { token: me.token });
    expect(await titles()).toEqual([]);
  });

  it('counts an offline view once when its report is sent again with the same key (two tabs, a crash mid-report)', async () => {
    const [me, channel] = await Promise.all([registerUser(server), registerUser(server)]);
    const id = await insertVideo(server, channel.id);
    const report = () => call(server, 'POST', `/views/add/${id}`, { token: me.token, headers: { 'Idempotency-Key': 'offline-view-1' } });
    const answers = await Promise.all([report(), report()]);
    // One runs, the other is told it is in progress (409) or gets the stored answer.
    expect(answers.map((answer) => answer.status).sort()).toSatisfy((statuses: number[]) => statuses.includes(200) && statuses.every((status) => status === 200 || status === 409));
    const again = await report();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await call(server, 'GET', `/views/${id}`)).body.data.totalViews).toBe(1);
  });

  it('keeps each user apart, needs a token and a limit of 1 to 50', async () => {
    const [me, someone, channel] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    await call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: me.token });
    await videoWithRungs(channel.id, 'Mine', [[360, 10, true]]);
    expect(candidatesOf(await call(server, 'GET', '/offline/candidates', { token: me.token }))).toHaveLength(1);
    expect(candidatesOf(await call(server, 'GET', '/offline/candidates', { token: someone.token }))).toEqual([]);
    expect((await call(server, 'GET', '/offline/candidates')).status).toBe(401);
    for (const limit of ['0', '51', 'x']) expect((await call(server, 'GET', `/offline/candidates?limit=${limit}`, { token: me.token })).status, limit).toBe(400);
  });
});
