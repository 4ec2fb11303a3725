import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { type Place, sharedPlace, startApiProcess, stopProcess } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

describe.each(databases)('suspension across two processes sharing Redis on %s', (dialect) => {
  skipReason('Two-process suspension test');
  const run = redisForTests.url ? it : it.skip;
  let place: Place;
  let processes: Awaited<ReturnType<typeof startApiProcess>>[] = [];
  let socket: Socket | null = null;

  beforeAll(async () => {
    if (!redisForTests.url) return;
    place = await sharedPlace(dialect, { REDIS_URL: redisForTests.url, READ_CACHE_NAMESPACE: uniqueName('rc'), JOBS_QUEUE: uniqueName('jobs'), RATE_LIMIT_NAMESPACE: uniqueName('rl') });
    processes = [await startApiProcess(place), await startApiProcess(place)];
  }, 120_000);
  afterAll(async () => {
    socket?.close();
    for (const process of processes) await stopProcess(process.child);
    await place?.dispose();
  });

  run('a token used on B gets 401 right after a suspension on A, and its socket on B is disconnected', async () => {
    const [a, b] = processes as unknown as [{ url: string }, { url: string }];
    const moderator = await registerUser(a);
    const target = await registerUser(a);
    await place.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    expect((await call(b, 'GET', '/users/me', { token: target.token })).status).toBe(200);

    socket = connectSocket(b.url, { transports: ['websocket'], auth: { token: target.token }, reconnection: false });
    const events: string[] = [];
    socket.on('notification-created', () => events.push('notified'));
    socket.on('disconnect', (reason) => events.push(`disconnect:${reason}`));
    // Signed in on B once an event for the user's room, raised on A, reaches it.
    await eventually(async () => {
        // Each new subscriber makes a notification for the user's room.
        const follower = await registerUser(a);
        await call(a, 'POST', `/subscription/toggle/sub/${target.id}`, { token: follower.token });
        return events.includes('notified');
      }, { until: Boolean, timeout: 20_000, what: 'the socket on B in its user room' });

    const suspended = await call(a, 'POST', `/moderation/users/${target.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } });
    expect(suspended.status).toBe(200);
    const refused = await call(b, 'GET', '/users/me', { token: target.token });
    expect(refused.status).toBe(401);
    await eventually(() => events, { until: (seen) => seen.includes('disconnect:io server disconnect'), timeout: 10_000, what: 'the socket on B disconnected' });
  });
});
