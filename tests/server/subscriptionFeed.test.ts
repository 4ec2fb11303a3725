// GET /subscription/feed: the newest ready videos of the channels I follow, as home-feed cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, insertVideo, registerUser, setRole, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('subscription feed on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(() => server?.close());

  const feed = (user: TestUser | null, query = '') => call(server, 'GET', `/subscription/feed${query}`, { token: user?.token });
  const subscribe = (fan: TestUser, channel: TestUser) => call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
  const setStatus = (videoId: string, status: 'processing' | 'failed') => server.app.repos.videos.setStatus(videoId, status);

  it('needs a signed-in caller and valid paging', async () => {
    const signedOut = await feed(null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ statusCode: 401, success: false });
    const user = await registerUser(server);
    expect((await feed(user, '?limit=0')).status).toBe(400);
    expect((await feed(user, '?limit=51')).status).toBe(400);
    expect((await feed(user, '?page=0')).status).toBe(400);
  });

  it('lists only the ready videos of followed channels, newest first, with the home feed card fields', async () => {
    const fan = await registerUser(server);
    const first = await registerUser(server, { fullName: 'First Channel' });
    const second = await registerUser(server, { fullName: 'Second Channel' });
    const stranger = await registerUser(server);
    const empty = await feed(fan);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ success: true, message: 'Videos fetched successfully', data: { videos: [], hasMore: false } });

    const a1 = await insertVideo(server, first.id, { title: 'first one' });
    const b1 = await insertVideo(server, second.id, { title: 'second one' });
    const processing = await insertVideo(server, first.id, { title: 'still processing' });
    await setStatus(processing, 'processing');
    const failed = await insertVideo(server, second.id, { title: 'failed' });
    await setStatus(failed, 'failed');
    await insertVideo(server, stranger.id, { title: 'not followed' });
    await insertVideo(server, fan.id, { title: 'my own' });
    const a2 = await insertVideo(server, first.id, { title: 'first two' });
    await subscribe(fan, first);
    await subscribe(fan, second);

    const listed = await feed(fan);
    expect(listed.status).toBe(200);
    expect(listed.body.data.videos.map((video: { _id: string }) => video._id)).toEqual([a2, b1, a1]);
    expect(listed.body.data.hasMore).toBe(false);
    // The same card as the channel's own list shows (one formatter, one card query).
    const channelList = await call(server, 'GET', `/videos/all-uploaded-videos/${first.username}`);
    const channelCard = channelList.body.data.videos.find((video: { _id: string }) => video._id === a2);
    expect(listed.body.data.videos[0]).toEqual(channelCard);
    expect(listed.body.data.videos[0]).toMatchObject({ title: 'first two', status: 'ready', owner: { _id: first.id, fullName: 'First Channel' } });

    // Unsubscribing takes the channel's videos out; another user's feed is their own.
    await subscribe(fan, second);
    expect((await feed(fan)).body.data.videos.map((video: { _id: string }) => video._id)).toEqual([a2, a1]);
    expect((await feed(stranger)).body.data.videos).toEqual([]);
  });

  it('pages without gaps or repeats', async () => {
    const fan = await registerUser(server);
    const channel = await registerUser(server);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await insertVideo(server, channel.id, { title: `video ${i}` }));
    await subscribe(fan, channel);
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push((await feed(fan, `?page=${page}&limit=2`)).body.data);
    expect(pages.map((page) => page.hasMore)).toEqual([true, true, false]);
    expect(pages.flatMap((page) => page.videos.map((video: { _id: string }) => video._id))).toEqual([...ids].reverse());
    expect((await feed(fan, '?page=4&limit=2')).body.data).toEqual({ videos: [], hasMore: false });
  });

  it('pages through channels of different sizes as one newest-first list, without hidden videos', async () => {
    // Each channel is read only down to its newest offset+limit+1 listed videos: a page must still
    // hold exactly the rows a whole sort would give, across channels posting at different rates.
    const fan = await registerUser(server);
    const busy = await registerUser(server);
    const quiet = await registerUser(server);
    const suspended = await registerUser(server);
    const moderator = await registerUser(server);
    await setRole(server, moderator, 'moderator');
    const listed: string[] = [];
    for (let i = 0; i < 14; i += 1) {
      const owner = i % 5 === 2 ? quiet : busy;
      const id = await insertVideo(server, owner.id, { title: `interleaved ${i}` });
      if (i === 6) await setStatus(id, 'processing');
      else if (i === 9) expect((await call(server, 'POST', `/moderation/videos/${id}/takedown`, { token: moderator.token, json: { reason: 'spam' } })).status).toBe(200);
      else listed.push(id);
      if (i % 4 === 0) await insertVideo(server, suspended.id, { title: `suspended ${i}` });
    }
    for (const channel of [busy, quiet, suspended]) await subscribe(fan, channel);
    expect((await call(server, 'POST', `/moderation/users/${suspended.id}/suspend`, { token: moderator.token, json: { reason: 'spam' } })).status).toBe(200);
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const data = (await feed(fan, `?page=${page}&limit=3`)).body.data;
      seen.push(...data.videos.map((video: { _id: string }) => video._id));
      expect(data.hasMore).toBe(page * 3 < listed.length);
    }
    expect(seen).toEqual([...listed].reverse());
  });
});
