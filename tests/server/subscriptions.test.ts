import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';

describe.each(databases)('subscriptions on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(() => server?.close());

  const toggle = (user: TestUser | null, channelId: string) =>
    call(server, 'POST', `/subscription/toggle/sub/${channelId}`, { token: user?.token });
  const status = (user: TestUser | null, channelId: string) =>
    call(server, 'GET', `/subscription/get/user/subscribers/${channelId}`, { token: user?.token });
  const rowsFor = async (channelId: string) =>
    Number(
      (
        await server.app.db.db
          .selectFrom('subscriptions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('channel_id', '=', channelId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('toggles a subscription on and off and answers the new state', async () => {
    const channel = await registerUser(server);
    const fan = await registerUser(server);
    const on = await toggle(fan, channel.id);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ statusCode: 200, success: true, data: { isSubscribed: true, totalSubscribers: 1 } });
    expect(await status(fan, channel.id)).toMatchObject({ status: 200, body: { data: { isSubscribed: true, totalSubscribers: 1 } } });
    // Signed out it still works, and nobody is subscribed.
    expect((await status(null, channel.id)).body.data).toEqual({ isSubscribed: false, totalSubscribers: 1 });

    const off = await toggle(fan, channel.id);
    expect(off.body.data).toEqual({ isSubscribed: false, totalSubscribers: 0 });
    expect((await status(fan, channel.id)).body.data).toEqual({ isSubscribed: false, totalSubscribers: 0 });
  });

  it('refuses signed-out, self and unknown-channel subscriptions', async () => {
    const user = await registerUser(server);
    const signedOut = await toggle(null, user.id);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ statusCode: 401, message: 'You must be logged in to subscribe', success: false, errors: [] });
    const self = await toggle(user, user.id);
    expect(self.status).toBe(400);
    expect(self.body.success).toBe(false);
    const unknown = await toggle(user, '0190aaaa-0000-7000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await status(null, '0190aaaa-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await toggle(user, 'bad id!')).status).toBe(400);
    const me = await call(server, 'GET', `/users/c/${user.username}`);
    expect(me.body.data.subscribersCount).toBe(0);
  });

  it('keeps the subscriber count exact under concurrent toggles', async () => {
    const channel = await registerUser(server);
    const fans: TestUser[] = [];
    for (let i = 0; i < 10; i += 1) fans.push(await registerUser(server));

    const subscribed = await Promise.all(fans.map((fan) => toggle(fan, channel.id)));
    expect(subscribed.every((result) => result.status === 200 && result.body.data.isSubscribed)).toBe(true);
    // Each answer saw its own increment: the counts are 1..10, each once.
    expect(subscribed.map((result) => result.body.data.totalSubscribers).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await status(null, channel.id)).body.data.totalSubscribers).toBe(10);
    expect(await rowsFor(channel.id)).toBe(10);

    // Half leave while the same user double-clicks: the count still matches the rows.
    const leaving = fans.slice(0, 5).map((fan) => toggle(fan, channel.id));
    const doubleClick = [toggle(fans[9]!, channel.id), toggle(fans[9]!, channel.id)];
    await Promise.all([...leaving, ...doubleClick]);
    const rows = await rowsFor(channel.id);
    expect(rows).toBe(5);
    expect((await status(null, channel.id)).body.data.totalSubscribers).toBe(rows);
    // The studio's gained and lost, counted by concurrent upserts, add up to the same.
    const studio = (await call(server, 'GET', '/studio/overview?range=7d', { token: channel.token })).body.data;
    expect(studio.subscribersGained - studio.subscribersLost).toBe(rows);
    expect(studio.subscribersGained).toBeGreaterThanOrEqual(10);
  });

  it('lists the channels a user subscribes to, with the notify preference private to them', async () => {
    const fan = await registerUser(server);
    const first = await registerUser(server, { fullName: 'First Channel' });
    const second = await registerUser(server, { fullName: 'Second Channel' });
    await toggle(fan, first.id);
    await toggle(fan, second.id);

    const own = await call(server, 'GET', `/subscription/get/user/subscribedTo/${fan.id}`, { token: fan.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(2);
    const byId = Object.fromEntries(own.body.data.map((entry: { channelId: string }) => [entry.channelId, entry]));
    expect(byId[first.id]).toEqual({ channelId: first.id, username: first.username, fullName: 'First Channel', avatar: expect.stringMatching(/\.webp$/), notify: true });
    expect(byId[second.id]).toMatchObject({ username: second.username, fullName: 'Second Channel', notify: true });
    expect(JSON.stringify(own.body)).not.toContain(first.email);

    const visitor = await call(server, 'GET', `/subscription/get/user/subscribedTo/${fan.id}`);
    expect(visitor.body.data.map((entry: { notify: boolean }) => entry.notify)).toEqual([false, false]);
    expect((await call(server, 'GET', `/subscription/get/user/subscribedTo/${second.id}`)).body.data).toEqual([]);
    expect((await call(server, 'GET', '/subscription/get/user/subscribedTo/0190aaaa-0000-7000-8000-000000000000')).status).toBe(404);

    await toggle(fan, first.id);
    const after = await call(server, 'GET', `/subscription/get/user/subscribedTo/${fan.id}`, { token: fan.token });
    expect(after.body.data.map((entry: { channelId: string }) => entry.channelId)).toEqual([second.id]);
  });

  it('stores the per-channel notification preference of a subscriber', async () => {
    const fan = await registerUser(server);
    const channel = await registerUser(server);
    const notify = (user: TestUser | null, body: unknown) =>
      call(server, 'PATCH', `/subscription/notify/${channel.id}`, { token: user?.token, json: body });

    const notSubscribed = await notify(fan, { notify: false });
    expect(notSubscribed.status).toBe(409);
    await toggle(fan, channel.id);

    const off = await notify(fan, { notify: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ notify: false });
    const profile = await call(server, 'GET', `/users/c/${channel.username}`, { token: fan.token });
    expect(profile.body.data).toMatchObject({ isSubscribed: true, notify: false });
    const list = await call(server, 'GET', `/subscription/get/user/subscribedTo/${fan.id}`, { token: fan.token });
    expect(list.body.data[0]).toMatchObject({ channelId: channel.id, notify: false });

    expect((await notify(fan, { notify: true })).body.data).toEqual({ notify: true });
    expect((await call(server, 'GET', `/users/c/${channel.username}`, { token: fan.token })).body.data.notify).toBe(true);

    expect((await notify(fan, {})).status).toBe(400);
    expect((await notify(null, { notify: true })).status).toBe(401);
    expect((await call(server, 'PATCH', '/subscription/notify/0190aaaa-0000-7000-8000-000000000000', { token: fan.token, json: { notify: true } })).status).toBe(404);
  });
});
