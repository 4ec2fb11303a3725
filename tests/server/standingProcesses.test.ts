// A change of standing made on one API process (or by an operator's command) reaches the sockets
// open on another, through socket.io's Redis adapter: sign-out, password change, operator reset
// and suspension close the sockets of the sessions they ended; a role change moves the user's
// sockets into or out of the moderators room.
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { closeProcess, composeProcess } from '../../server/composition.js';
import { createRepositories } from '../../server/db/repositories/index.js';
import { resetPassword } from '../../server/useCases/accounts.js';
import { call, databases, registerUser, type TestUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { type Place, sharedPlace, startApiProcess, stopProcess } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

type Api = { url: string };

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(databases)('standing changes across two processes sharing Redis on %s', (dialect) => {
  skipReason('Two-process standing test');
  const run = redisForTests.url ? it : it.skip;
  let place: Place;
  let processes: Awaited<ReturnType<typeof startApiProcess>>[] = [];
  const sockets: Socket[] = [];
  let a: Api;
  let b: Api;

  beforeAll(async () => {
    if (!redisForTests.url) return;
    place = await sharedPlace(dialect, { REDIS_URL: redisForTests.url, READ_CACHE_NAMESPACE: uniqueName('rc'), JOBS_QUEUE: uniqueName('jobs'), RATE_LIMIT_NAMESPACE: uniqueName('rl') });
    processes = [await startApiProcess(place), await startApiProcess(place)];
    [a, b] = processes as unknown as [Api, Api];
  }, 120_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    for (const process of processes) await stopProcess(process.child);
    await place?.dispose();
  });

  const login = async (user: TestUser) => (await call(a, 'POST', '/users/login', { json: { email: user.email, password: user.password } })).body.data.accessToken as string;

  /** A socket on B signed in with `token`, with what it received and how it ended. */
  async function socketOnB(token: string) {
    const socket = connectSocket(b.url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    sockets.push(socket);
    const seen = { notifications: 0, moderation: 0, disconnect: '' };
    socket.on('notification-created', () => (seen.notifications += 1));
    socket.on('moderation-updated', () => (seen.moderation += 1));
    socket.on('disconnect', (reason) => (seen.disconnect = reason));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return seen;
  }

  /** Notifies `user` from A until every one of `seen` has had a notification there: signed in on B, over Redis. */
  async function signedIn(user: TestUser, ...seen: { notifications: number }[]) {
    await eventually(async () => {
        const follower = await registerUser(a);
        await call(a, 'POST', `/subscription/toggle/sub/${user.id}`, { token: follower.token });
        return seen.every((socket) => socket.notifications > 0);
      }, { until: Boolean, timeout: 20_000, what: 'the sockets on B in the user room' });
  }

  const disconnected = (seen: { disconnect: string }, what: string) => eventually(() => seen.disconnect, { until: (reason) => reason === 'io server disconnect', timeout: 10_000, what: what });

  run('a sign-out on A closes that session\'s sockets on B, and only those', async () => {
    const user = await registerUser(a);
    const kept = await socketOnB(user.token);
    const token = await login(user);
    const ended = await socketOnB(token);
    await signedIn(user, kept, ended);

    expect((await call(a, 'POST', '/users/logout', { token })).status).toBe(200);
    await disconnected(ended, 'the signed-out socket on B closed');
    expect(kept.disconnect).toBe('');
  });

  run('a password change on A closes the sockets of the other sessions on B; no private event reaches them', async () => {
    const user = await registerUser(a);
    const changer = await socketOnB(user.token);
    const other = await socketOnB(await login(user));
    await signedIn(user, changer, other);

    const changed = await call(a, 'POST', '/users/update-password', { token: user.token, json: { currentPassword: user.password, newPassword: 'a brand new secret' } });
    expect(changed.status).toBe(200);
    await disconnected(other, 'the other session\'s socket on B closed');
    const before = { changer: changer.notifications, other: other.notifications };
    const follower = await registerUser(a);
    await call(a, 'POST', `/subscription/toggle/sub/${user.id}`, { token: follower.token });
    await eventually(() => changer.notifications, { until: (count) => count > before.changer, timeout: 10_000, what: 'the changer\'s socket notified' });
    expect(other.notifications).toBe(before.other);
    expect(changer.disconnect).toBe('');
  });

  run('an operator\'s password reset (the admin command\'s use case) closes every socket of the user on B', async () => {
    const user = await registerUser(a);
    const first = await socketOnB(user.token);
    const second = await socketOnB(await login(user));
    await signedIn(user, first, second);

    // What `npm run admin -- reset-password` builds: the composition root, its live events over Redis.
    const command = await composeProcess('admin', loadConfig(place.env), quiet);
    try {
      await eventually(() => command.core.redis?.isUp ?? false, { until: Boolean, timeout: 10_000, what: 'the command connected to Redis' });
      await resetPassword(command.core, { userId: user.id });
    } finally {
      await closeProcess(command);
    }
    await disconnected(first, 'the first socket on B closed');
    await disconnected(second, 'the second socket on B closed');
  });

  run('a suspension on A closes every socket of the user on B', async () => {
    const moderator = await registerUser(a);
    await place.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    const user = await registerUser(a);
    const first = await socketOnB(user.token);
    const second = await socketOnB(await login(user));
    await signedIn(user, first, second);

    expect((await call(a, 'POST', `/moderation/users/${user.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    await disconnected(first, 'the first socket on B closed');
    await disconnected(second, 'the second socket on B closed');
  });

  run('a role change on A moves the user\'s sockets on B out of the moderators room and back in', async () => {
    const admin = await registerUser(a);
    await place.db.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const user = await registerUser(a);
    expect((await call(a, 'PATCH', `/moderation/users/${user.id}/role`, { token: admin.token, json: { role: 'moderator' } })).status).toBe(200);
    const witness = await socketOnB(admin.token);
    const changing = await socketOnB(user.token);
    await signedIn(user, changing);
    await signedIn(admin, witness);
    const reporter = await registerUser(a);
    const repos = createRepositories(place.db, { idempotencyKeyTtlMs: 60_000 });
    const videoId = await repos.videos.create({ ownerId: admin.id, title: 'Reported', description: 'For the queue', status: 'ready', duration: 10, thumbnail: '', sourceKey: '' });
    const report = async () => {
      await place.db.db.deleteFrom('reports').where('reporter_id', '=', reporter.id).execute();
      expect((await call(a, 'POST', `/reports/video/${videoId}`, { token: reporter.token, json: { reason: 'spam', details: 'Links' } })).status).toBe(201);
    };
    // A moderator's socket gets the queue's updates (raised on A) ...
    await eventually(async () => (await report(), changing.moderation > 0), { until: Boolean, timeout: 20_000, what: 'the moderator\'s socket on B in the moderators room' });

    // ... until the role is taken away: the witness still gets them, the user's socket no longer.
    expect((await call(a, 'PATCH', `/moderation/users/${user.id}/role`, { token: admin.token, json: { role: 'user' } })).status).toBe(200);
    await eventually(() => witness.moderation, { until: (count) => count > 0, timeout: 10_000, what: 'the witness updated' });
    let before = { witness: witness.moderation, changing: changing.moderation };
    await report();
    await eventually(() => witness.moderation, { until: (count) => count > before.witness, timeout: 10_000, what: 'the witness told of the report' });
    expect(changing.moderation).toBe(before.changing);

    // Given back: the same socket, still open, is in the room again.
    expect((await call(a, 'PATCH', `/moderation/users/${user.id}/role`, { token: admin.token, json: { role: 'moderator' } })).status).toBe(200);
    before = { witness: witness.moderation, changing: changing.moderation };
    await report();
    await eventually(() => changing.moderation, { until: (count) => count > before.changing, timeout: 10_000, what: 'the user\'s socket told of the report again' });
    expect(changing.disconnect).toBe('');
  });
});
