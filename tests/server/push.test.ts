// Web Push against a real push service on loopback: subscribing (and what is refused), every
// stored notification encrypted to each of the recipient's subscriptions with a VAPID signature,
// expired subscriptions forgotten, failures retried without a duplicate, logout, and the keys.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../contract/limits.js';
import { call, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser, setRole } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { browserSubscription, decryptPush, type PushService, startPushService, verifyVapid, type BrowserSubscription } from './pushService.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

skipReason('Web Push through BullMQ');

const DELIVERY_WITHIN_MS = 5000;

describe.each(databases)('web push on %s', (dialect) => {
  let server: TestServer;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    server = await startServer({ dialect, env: { PUSH_ALLOW_INSECURE_ORIGINS: service.origin, VAPID_SUBJECT: 'mailto:ops@vidshare.test' } });
  });
  afterAll(async () => {
    await server?.close();
    await service?.close();
  });

  const subscribePush = (user: TestUser | null, json: unknown) => call(server, 'POST', '/push/subscriptions', { token: user?.token, json });
  const subscribeTo = (fan: TestUser, channel: TestUser) => call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
  const rowsOf = (endpoint: string) => server.app.db.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
  const pushesTo = (subscription: BrowserSubscription) => service.received.filter((push) => push.path === subscription.path);
  const jobsFor = (notificationId: string) => server.app.db.db.selectFrom('jobs').selectAll().where('id', 'like', `push-${notificationId}-%`).execute();

  async function subscribedDevice(user: TestUser): Promise<BrowserSubscription> {
    const device = browserSubscription(service);
    const saved = await subscribePush(user, device.json);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ success: true, data: { endpoint: device.json.endpoint } });
    return device;
  }

  it('pushes a new notification, encrypted and VAPID-signed, within 5 s', async () => {
    const { body: keyAnswer } = await call(server, 'GET', '/push/public-key');
    const publicKey: string = keyAnswer.data.publicKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const channel = await registerUser(server, { fullName: 'Push Channel' });
    const fan = await registerUser(server, { fullName: 'Push Fan' });
    const device = await subscribedDevice(channel);
    const causedAt = Date.now();
    expect((await subscribeTo(fan, channel)).status).toBe(200);
    await eventually(() => pushesTo(device).length === 1, { what: 'the push', timeout: DELIVERY_WITHIN_MS });
    const [push] = pushesTo(device);
    expect(push!.receivedAt - causedAt).toBeLessThan(DELIVERY_WITHIN_MS);

    const { body: list } = await call(server, 'GET', '/notifications', { token: channel.token });
    const [notification] = list.data.notifications;
    expect(decryptPush(device, push!)).toEqual({
      type: 'new-subscriber',
      title: 'New subscriber',
      body: 'Push Fan subscribed to your channel',
      url: `/profile/${fan.username}`,
      notificationId: notification._id,
      unreadCount: 1,
      icon: expect.stringContaining('/media/image/upload/'),
    });
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(24 * 3600));
    expect(push!.headers.urgency).toBe('normal');
    expect(push!.headers.topic).toBe(notification._id.replaceAll('-', ''));
    const { claims, key } = verifyVapid(String(push!.headers.authorization));
    expect(key).toBe(publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:ops@vidshare.test');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
  });

  it('a reply pushes the in-app text, the watch link and the thumbnail to every device of the recipient', async () => {
    const owner = await registerUser(server);
    const author = await registerUser(server);
    const replier = await registerUser(server, { fullName: 'Replier' });
    const phone = await subscribedDevice(author);
    const laptop = await subscribedDevice(author);
    const videoId = await insertVideo(server, owner.id, { title: 'Pushed about', thumbnail: 'thumb-push.webp' });
    const top = (await call(server, 'POST', `/comments/add/${videoId}`, { token: author.token, json: { content: 'first!' } })).body.data;
    await call(server, 'POST', `/comments/add/${videoId}`, { token: replier.token, json: { content: 'nice one', parentId: top._id } });
    await eventually(() => pushesTo(phone).length === 1 && pushesTo(laptop).length === 1, { what: 'a push to each device', timeout: DELIVERY_WITHIN_MS });
    for (const device of [phone, laptop]) {
      expect(decryptPush(device, pushesTo(device)[0]!)).toMatchObject({
        type: 'comment-reply',
        body: 'Replier replied to your comment: "nice one"',
        url: `/watch/${videoId}`,
        image: expect.stringMatching(/\/media\/image\/upload\/.*thumb-push\.webp$/),
        unreadCount: 1,
      });
    }
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const channel = await registerUser(server);
    const fan = await registerUser(server);
    const device = await subscribedDevice(channel);
    service.answer(device.path, 410);
    await subscribeTo(fan, channel);
    await eventually(async () => (await rowsOf(device.json.endpoint)).length === 0, { what: 'the subscription removed' });
    expect(pushesTo(device).map((push) => push.status)).toEqual([410]);
  });

  it('retries a failed delivery with backoff and delivers it exactly once', async () => {
    const channel = await registerUser(server);
    const fan = await registerUser(server);
    const device = await subscribedDevice(channel);
    service.answer(device.path, 500);
    await subscribeTo(fan, channel);
    await eventually(() => pushesTo(device).length === 2, { what: 'the retry' });
    expect(pushesTo(device).map((push) => push.status)).toEqual([500, 201]);
    const { body: list } = await call(server, 'GET', '/notifications', { token: channel.token });
    const notificationId: string = list.data.notifications[0]._id;
    const [job] = await jobsFor(notificationId);
    await eventually(async () => (await jobsFor(notificationId))[0]?.state === 'done', { what: 'the job done' });
    expect(decryptPush(device, pushesTo(device)[1]!)).toMatchObject({ notificationId });

    // The same job run again (a retry after its success) sends nothing.
    const payload = JSON.parse(job!.payload);
    await server.app.jobs.enqueue('deliver-push', payload, { id: job!.id });
    await eventually(async () => (await jobsFor(notificationId))[0]?.state === 'done', { what: 'the repeated job done' });
    expect(pushesTo(device)).toHaveLength(2);
  });

  it('sends nothing for a notification deleted before its delivery ran', async () => {
    const user = await registerUser(server);
    const device = await subscribedDevice(user);
    const [row] = await rowsOf(device.json.endpoint);
    const notificationId = randomUUID();
    const jobId = await server.app.jobs.enqueue('deliver-push', { subscriptionId: row!.id, notificationId });
    await eventually(async () => (await server.app.db.db.selectFrom('jobs').select('state').where('id', '=', jobId).executeTakeFirst())?.state === 'done', { what: 'the job done' });
    expect(pushesTo(device)).toEqual([]);
  });

  it('makes the message when it is sent: a push queued before a takedown carries no title, thumbnail or text of the video; moderation pushes show the app icon', async () => {
    const owner = await registerUser(server);
    const author = await registerUser(server);
    const replier = await registerUser(server, { fullName: 'Late Replier' });
    const moderator = await registerUser(server, { fullName: 'Mod Person' });
    await setRole(server, moderator, 'moderator');
    const device = await subscribedDevice(author);
    const ownerDevice = await subscribedDevice(owner);
    // The owner's device hears only the takedown here, not each comment on their video.
    expect((await call(server, 'PATCH', '/notifications/preferences', { token: owner.token, json: { videoComment: false } })).status).toBe(200);
    const videoId = await insertVideo(server, owner.id, { title: 'Pushed then removed', thumbnail: 'thumb-removed.webp' });
    const top = (await call(server, 'POST', `/comments/add/${videoId}`, { token: author.token, json: { content: 'first!' } })).body.data;
    // The first two tries fail: the delivery waits in its retry while the video is taken down.
    service.answer(device.path, 503, 503);
    await call(server, 'POST', `/comments/add/${videoId}`, { token: replier.token, json: { content: 'secret words', parentId: top._id } });
    await eventually(() => pushesTo(device).length >= 1, { what: 'the first try' });
    expect((await call(server, 'POST', `/moderation/videos/${videoId}/takedown`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    await eventually(() => pushesTo(device).some((push) => push.status === 201), { what: 'the delivery after the takedown', timeout: 20_000 });
    const delivered = pushesTo(device).find((push) => push.status === 201)!;
    const message = decryptPush(device, delivered) as Record<string, unknown>;
    expect(message).toMatchObject({ type: 'comment-reply', body: 'Late Replier replied to your comment. This video was removed', url: `/watch/${videoId}` });
    expect(message.image).toBeUndefined();
    expect(JSON.stringify(message)).not.toMatch(/Pushed then removed|thumb-removed|secret words/);

    // The owner still sees the video; the notice comes from nobody by name.
    await eventually(() => pushesTo(ownerDevice).length === 1, { what: 'the takedown notice' });
    const notice = decryptPush(ownerDevice, pushesTo(ownerDevice)[0]!) as Record<string, unknown>;
    expect(notice).toMatchObject({
      type: 'video-taken-down',
      body: 'Your video "Pushed then removed" was removed by a moderator: Spam',
      icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
      image: expect.stringContaining('thumb-removed.webp'),
    });
    expect(JSON.stringify(notice)).not.toMatch(new RegExp(`${moderator.id}|${moderator.username}|Mod Person|/media/image/upload/(?!thumb-removed)`));
  });

  it('keeps one row per endpoint: sent again with the same keys it is updated, and moves to whoever proves it', async () => {
    const first = await registerUser(server);
    const second = await registerUser(server);
    const device = await subscribedDevice(first);
    expect((await subscribePush(first, device.json)).status).toBe(201);
    expect(await rowsOf(device.json.endpoint)).toHaveLength(1);
    // The same browser signed in as someone else: the same keys, so the endpoint moves.
    expect((await subscribePush(second, { ...device.json, expirationTime: null })).status).toBe(201);
    const rows = await rowsOf(device.json.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: second.id, p256dh: device.json.keys.p256dh, auth: device.json.keys.auth });
    // Its owner may send new keys for it.
    const newKeys = browserSubscription(service).json.keys;
    expect((await subscribePush(second, { ...device.json, keys: newKeys })).status).toBe(201);
    expect(await rowsOf(device.json.endpoint)).toMatchObject([{ user_id: second.id, p256dh: newKeys.p256dh, auth: newKeys.auth }]);
  });

  it("refuses another user's endpoint sent with other keys (409) and leaves the owner's subscription alone", async () => {
    const owner = await registerUser(server);
    const intruder = await registerUser(server);
    const device = await subscribedDevice(owner);
    const before = await rowsOf(device.json.endpoint);
    const otherKeys = browserSubscription(service).json.keys;
    for (const keys of [otherKeys, { p256dh: device.json.keys.p256dh, auth: otherKeys.auth }, { p256dh: otherKeys.p256dh, auth: device.json.keys.auth }]) {
      const answer = await subscribePush(intruder, { endpoint: device.json.endpoint, keys });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ statusCode: 409, success: false, message: 'This push endpoint is registered to another account with other keys' });
    }
    expect(await rowsOf(device.json.endpoint)).toEqual(before);
  });

  it(`keeps at most ${REQUEST_LIMITS.pushSubscriptionsPerUser} subscriptions per user, dropping the least recently saved, so a notification makes at most that many requests`, async () => {
    const user = await registerUser(server);
    const fan = await registerUser(server);
    const devices: BrowserSubscription[] = [];
    for (let index = 0; index < REQUEST_LIMITS.pushSubscriptionsPerUser + 2; index += 1) {
      devices.push(await subscribedDevice(user));
      // Sent again, the first device counts as recent: the second and third go instead.
      if (index === REQUEST_LIMITS.pushSubscriptionsPerUser - 1) expect((await subscribePush(user, devices[0]!.json)).status).toBe(201);
    }
    const kept = await server.app.repos.pushSubscriptions.forUser(user.id);
    expect(kept).toHaveLength(REQUEST_LIMITS.pushSubscriptionsPerUser);
    const dropped = [devices[1]!, devices[2]!];
    expect(kept.map((row) => row.endpoint).sort()).toEqual(devices.filter((device) => !dropped.includes(device)).map((device) => device.json.endpoint).sort());

    expect((await subscribeTo(fan, user)).status).toBe(200);
    const pushed = () => devices.filter((device) => pushesTo(device).length > 0);
    await eventually(() => pushed().length === REQUEST_LIMITS.pushSubscriptionsPerUser, { what: 'a push to every kept device', timeout: DELIVERY_WITHIN_MS });
    expect(pushed()).not.toContain(dropped[0]);
    expect(pushed()).not.toContain(dropped[1]);
  });

  it('refuses endpoints that are not https or point inside the network, and bad bodies, with a 400 envelope', async () => {
    const user = await registerUser(server);
    const keys = browserSubscription(service).json.keys;
    const refusals: Array<[string, RegExp]> = [
      ...[
        '127.0.0.1', '10.0.0.1', '[::1]', '169.254.169.254', '[::ffff:192.168.1.1]', 'localhost',
        // IPv4-compatible, NAT64, 6to4, site-local and documentation ranges
        '[::127.0.0.1]', '[::7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '[fec0::1]',
        '192.0.2.1', '198.51.100.1', '203.0.113.1', '[2001:db8::1]', '[100::1]',
      ].map((host): [string, RegExp] => [`https://${host}/push/x`, /must be a public address/]),
      ['http://example.com/push/x', /must use https/],
      ['not a url', /absolute https URL/],
    ];
    for (const [endpoint, message] of refusals) {
      const answer = await subscribePush(user, { endpoint, keys });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body, endpoint).toMatchObject({ statusCode: 400, success: false, message: expect.stringMatching(message) });
      expect(await rowsOf(endpoint)).toEqual([]);
    }
    const endpoint = browserSubscription(service).json.endpoint;
    const badBodies: unknown[] = [
      {},
      { endpoint },
      { endpoint, keys: { p256dh: keys.p256dh } },
      { endpoint, keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint, keys: { p256dh: keys.p256dh, auth: Buffer.alloc(8).toString('base64url') } },
      { endpoint, keys: { p256dh: Buffer.alloc(65, 2).toString('base64url'), auth: keys.auth } },
      { endpoint, keys: { p256dh: '!!not base64!!', auth: keys.auth } },
      { endpoint: 'x'.repeat(5000), keys },
      [],
    ];
    for (const json of badBodies) {
      const answer = await subscribePush(user, json);
      expect(answer.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, success: false, message: expect.any(String) });
    }
    expect(await rowsOf(endpoint)).toEqual([]);
    const notJson = await fetch(`${server.url}/api/v1/push/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{"endpoint": ',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ statusCode: 400, success: false });
  });

  it('refuses visitors (401)', async () => {
    const device = browserSubscription(service);
    expect(await subscribePush(null, device.json)).toMatchObject({ status: 401, body: { success: false } });
    expect((await call(server, 'DELETE', '/push/subscriptions', { json: { endpoint: device.json.endpoint } })).status).toBe(401);
    expect(await rowsOf(device.json.endpoint)).toEqual([]);
  });

  it('checks the address again at send time: an endpoint now inside the network is forgotten, never called', async () => {
    const channel = await registerUser(server);
    const fan = await registerUser(server);
    const device = await subscribedDevice(channel);
    // Its host "resolves" elsewhere now: the stored endpoint points at loopback over https.
    const moved = `https://127.0.0.1:${new URL(service.origin).port}${device.path}`;
    await server.app.db.db.updateTable('push_subscriptions').set({ endpoint: moved }).where('endpoint', '=', device.json.endpoint).execute();
    await subscribeTo(fan, channel);
    await eventually(async () => (await rowsOf(moved)).length === 0, { what: 'the subscription removed' });
    expect(pushesTo(device)).toEqual([]);
  });

  it('DELETE removes the device; logout removes what its session registered and the endpoint it names', async () => {
    const user = await registerUser(server);
    const device = await subscribedDevice(user);
    const removed = await call(server, 'DELETE', '/push/subscriptions', { token: user.token, json: { endpoint: device.json.endpoint } });
    expect(removed).toMatchObject({ status: 200, body: { success: true, data: { endpoint: device.json.endpoint } } });
    expect(await rowsOf(device.json.endpoint)).toEqual([]);
    expect((await call(server, 'DELETE', '/push/subscriptions', { token: user.token, json: {} })).status).toBe(400);

    // Signed out without a body: this session's subscription goes, another session's stays.
    const other = (await call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password } })).body.data.accessToken as string;
    const mine = await subscribedDevice(user);
    const theirs = browserSubscription(service);
    expect((await call(server, 'POST', '/push/subscriptions', { token: other, json: theirs.json })).status).toBe(201);
    expect((await call(server, 'POST', '/users/logout', { token: user.token })).status).toBe(200);
    expect(await rowsOf(mine.json.endpoint)).toEqual([]);
    expect(await rowsOf(theirs.json.endpoint)).toHaveLength(1);

    // Naming the endpoint removes it whoever registered it.
    const third = (await call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password } })).body.data.accessToken as string;
    expect((await call(server, 'POST', '/users/logout', { token: third, json: { pushEndpoint: theirs.json.endpoint } })).status).toBe(200);
    expect(await rowsOf(theirs.json.endpoint)).toEqual([]);
  });
});

describe.skipIf(!redisForTests.url)('web push through BullMQ', () => {
  let server: TestServer;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    server = await startServer({
      env: { PUSH_ALLOW_INSECURE_ORIGINS: service.origin, REDIS_URL: redisForTests.url!, JOBS_QUEUE: uniqueName('vidshare-push'), RATE_LIMIT_NAMESPACE: uniqueName('rl') },
    });
  });
  afterAll(async () => {
    await server?.close();
    await service?.close();
  });

  it('delivers within 5 s, and retries a 503 into exactly one delivery', async () => {
    const channel = await registerUser(server);
    const fan = await registerUser(server, { fullName: 'Bull Fan' });
    const device = browserSubscription(service);
    expect((await call(server, 'POST', '/push/subscriptions', { token: channel.token, json: device.json })).status).toBe(201);
    service.answer(device.path, 503);
    const causedAt = Date.now();
    await call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
    await eventually(() => service.received.filter((push) => push.path === device.path).length === 2, { what: 'the retried push' });
    const pushes = service.received.filter((push) => push.path === device.path);
    expect(pushes.map((push) => push.status)).toEqual([503, 201]);
    expect(pushes[0]!.receivedAt - causedAt).toBeLessThan(DELIVERY_WITHIN_MS);
    expect(decryptPush(device, pushes[1]!)).toMatchObject({ type: 'new-subscriber', body: 'Bull Fan subscribed to your channel' });
    const [job] = await server.app.db.db.selectFrom('jobs').selectAll().where('type', '=', 'deliver-push').execute();
    await eventually(async () => (await server.app.db.db.selectFrom('jobs').select('state').where('id', '=', job!.id).executeTakeFirst())?.state === 'done', { what: 'the job done' });
  });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR (0600) and reused on restart; keys from the environment win', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-vapid-'));
    try {
      const publicKeyOf = async (env: Record<string, string> = {}) => {
        const server = await startServer({ dataDir, env });
        try {
          return (await call(server, 'GET', '/push/public-key')).body.data.publicKey as string;
        } finally {
          await server.close();
        }
      };
      const generated = await publicKeyOf();
      expect((await stat(join(dataDir, 'vapid-keys.json'))).mode & 0o777).toBe(0o600);
      expect(await publicKeyOf()).toBe(generated);
      const own = webPush.generateVAPIDKeys();
      expect(await publicKeyOf({ VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: own.privateKey })).toBe(own.publicKey);
      expect(own.publicKey).not.toBe(generated);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
