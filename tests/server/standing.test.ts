// A change of standing takes effect everywhere at once: logins racing a suspension, sockets of
// sessions a password change ended, uploads and transcodes of a user suspended meanwhile.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../contract/limits.js';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';
import { type ApiResult, call, databases, registerUser, startServer, type TestServer, type TestUser } from './harness.js';
import { closeSocketsAfterEach, connectLive, until } from './liveFixtures.js';
import { makeClip, openTusPatch, videoState, waitForVideo } from './mediaFixtures.js';

closeSocketsAfterEach();

const clip = makeClip('standing.mp4', { width: 320, height: 180, seconds: 2 });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const login = (server: { url: string }, user: TestUser) => call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password } });
const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function createTusUpload(server: { url: string }, token: string, size: number): Promise<string> {
  const created = await fetch(`${server.url}${TUS_UPLOADS_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': metadataHeader({ filename: 'a.mp4', title: 'Last minute', description: 'Sent as the suspension lands' }) },
  });
  expect(created.status).toBe(201);
  return created.headers.get('location')!;
}

/** The private events a socket receives, and how it was disconnected. */
function watch(socket: Socket) {
  const seen = { notifications: 0, disconnect: '' };
  socket.on('notification-created', () => (seen.notifications += 1));
  socket.on('disconnect', (reason) => (seen.disconnect = reason));
  return seen;
}

/** A new subscriber of `user`: one `notification-created` to the user's room. */
async function notify(server: { url: string }, user: TestUser) {
  const follower = await registerUser(server);
  expect((await call(server, 'POST', `/subscription/toggle/sub/${user.id}`, { token: follower.token })).status).toBe(200);
}

describe.each(databases)('a change of standing on %s', (dialect) => {
  let server: TestServer & { dataDir: string; schema: string | null };
  let moderator: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    // Jobs run in a second server, started by the test that needs them.
    server = await startServer({ dialect, env: { RUN_JOBS_IN_PROCESS: 'false' } });
    [moderator, admin] = await Promise.all([registerUser(server), registerUser(server)]);
    await server.app.db.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    await server.app.db.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
  });
  afterAll(() => server?.close());

  it('leaves no working token from 20 logins staggered around a suspension', async () => {
    const target = await registerUser(server);
    const logins: Promise<ApiResult>[] = [];
    let suspension: Promise<ApiResult> | null = null;
    for (let i = 0; i < 20; i++) {
      logins.push(login(server, target));
      if (i === 9) suspension = call(server, 'POST', `/moderation/users/${target.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } });
      await pause(30);
    }
    expect((await suspension!).status).toBe(200);
    const answers = await Promise.all(logins);
    for (const answer of answers) expect([200, 403]).toContain(answer.status);
    const tokens = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.data.accessToken as string);
    for (const token of [target.token, ...tokens]) expect((await call(server, 'GET', '/users/me', { token })).status).toBe(401);
    // Nor does a socket sign in with one of them: it gets none of the user's private events.
    const sockets = await Promise.all(tokens.map((token) => connectLive(server, { token }).then(watch)));
    await server.app.db.db.updateTable('users').set({ suspended_at: null, suspended_until: null, suspended_reason: null, suspended_by: null }).where('id', '=', target.id).execute();
    const fresh = watch(await connectLive(server, { token: (await login(server, target)).body.data.accessToken }));
    await notify(server, target);
    await until(() => fresh.notifications === 1, 'the notification on a socket of a new session');
    for (const seen of sockets) expect(seen.notifications).toBe(0);
  }, 60_000);

  it('gives no working token to a login that read the old password just before a password change committed', async () => {
    const user = await registerUser(server);
    const users = server.app.repos.users;
    const findByEmail = users.findByEmail.bind(users);
    let change: ApiResult | null = null;
    // The login reads the row, then the change commits while it checks the old password.
    users.findByEmail = async (email: string) => {
      const row = await findByEmail(email);
      if (email === user.email && !change) {
        change = await call(server, 'POST', '/users/update-password', { token: user.token, json: { currentPassword: user.password, newPassword: 'a brand new secret' } });
      }
      return row;
    };
    try {
      const raced = await login(server, user);
      expect(change!.status).toBe(200);
      expect(raced.status).toBe(401);
      expect(raced.body.message).toBe('Invalid email or password');
    } finally {
      users.findByEmail = findByEmail;
    }
    expect((await call(server, 'GET', '/users/me', { token: user.token })).status).toBe(200);
    expect((await call(server, 'POST', '/users/login', { json: { email: user.email, password: 'a brand new secret' } })).status).toBe(200);
  });

  it('closes the sockets of the sessions a password change ended: none gets a private event after it', async () => {
    const user = await registerUser(server);
    const other = (await login(server, user)).body.data.accessToken as string;
    const changer = watch(await connectLive(server, { token: user.token }));
    const stolen = watch(await connectLive(server, { token: other }));
    await notify(server, user);
    await until(() => changer.notifications === 1 && stolen.notifications === 1, 'both sockets signed in');

    const changed = await call(server, 'POST', '/users/update-password', { token: user.token, json: { currentPassword: user.password, newPassword: 'a brand new secret' } });
    expect(changed.status).toBe(200);
    await notify(server, user);
    await until(() => changer.notifications === 2, 'the notification on the session that changed the password');
    expect(stolen.notifications).toBe(1);
    expect(stolen.disconnect).toBe('io server disconnect');
    expect(changer.disconnect).toBe('');
    expect((await call(server, 'GET', '/users/me', { token: other })).status).toBe(401);
  });

  it('refuses an upload in flight at completion once its owner is suspended (403), leaving no video', async () => {
    const owner = await registerUser(server);
    const bytes = await readFile(await clip);
    const location = await createTusUpload(server, owner.token, bytes.length);
    const request = openTusPatch(server, location, owner.token, bytes.length);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response: IncomingMessage) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    const half = Math.floor(bytes.length / 2);
    await new Promise<void>((resolve) => request.write(bytes.subarray(0, half), () => resolve()));
    // The server holds the first half: this request was let in (signed in) before the suspension.
    const partial = join(server.dataDir, 'tmp', 'tus', location.split('/').pop()!);
    await expect.poll(() => stat(partial).then((file) => file.size, () => 0), { timeout: 10_000, interval: 20 }).toBe(half);
    expect((await call(server, 'POST', `/moderation/users/${owner.id}/suspend`, { token: moderator.token, json: { reason: 'Spam' } })).status).toBe(200);
    request.end(bytes.subarray(half));

    const refused = await answer;
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 403, success: false, message: 'Upload refused. This account is suspended: Spam' });
    expect(await server.app.db.db.selectFrom('videos').select('id').where('owner_id', '=', owner.id).execute()).toEqual([]);
  }, 60_000);

  it('holds back a video whose owner is suspended before it is published: no bell, no push, no detail; lifting publishes it', async () => {
    const db = server.app.db.db;
    const owner = await registerUser(server);
    const fan = await registerUser(server);
    expect((await call(server, 'POST', `/subscription/toggle/sub/${owner.id}`, { token: fan.token })).status).toBe(200);
    expect((await call(server, 'PATCH', `/subscription/notify/${owner.id}`, { token: fan.token, json: { notify: true } })).status).toBe(200);
    await server.app.repos.pushSubscriptions.save({ userId: fan.id, sessionId: null, endpoint: 'https://push.example.com/fan', p256dh: 'key', auth: 'auth' }, REQUEST_LIMITS.pushSubscriptionsPerUser);
    const bell = () => db.selectFrom('notifications').select('id').where('user_id', '=', fan.id).where('type', '=', 'new-video').execute();
    // Only the fan has a push subscription in this database.
    const pushes = () => db.selectFrom('jobs').select('id').where('type', '=', 'deliver-push').execute();
    const pushesBefore = (await pushes()).length;

    // The upload completes while the owner is in good standing; its transcode job waits.
    const bytes = await readFile(await clip);
    const location = await createTusUpload(server, owner.token, bytes.length);
    const patched = await fetch(`${server.url}${location}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(patched.status).toBe(204);
    const videoId = patched.headers.get('video-id')!;
    expect((await call(server, 'POST', `/moderation/users/${owner.id}/suspend`, { token: admin.token, json: { reason: 'Spam' } })).status).toBe(200);

    const worker = await startServer({ dialect, dataDir: server.dataDir, schema: server.schema ?? undefined });
    try {
      const state = await waitForVideo(db, videoId);
      expect(state.renditions.length).toBeGreaterThan(0);
      expect(state.status).toBe('processing');
      expect(await bell()).toEqual([]);
      expect((await pushes()).length).toBe(pushesBefore);
      const hidden = await call(server, 'GET', `/videos/${videoId}`);
      expect(hidden.status).toBe(403);
      expect(hidden.body.message).toBe('This video is unavailable while its owner is suspended');
      expect((await call(server, 'GET', `/videos/${videoId}`, { token: fan.token })).status).toBe(403);
      expect((await call(server, 'GET', `/videos/${videoId}`, { token: moderator.token })).status).toBe(200);
      // Its files as well: for moderators only, and asked again at every use (no cache keeps them).
      const file = `${server.url}/media/video/upload/${videoId}.mp4`;
      const fileStatus = async (token?: string) => {
        const answer = await fetch(file, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        await answer.body?.cancel();
        return { status: answer.status, cacheControl: answer.headers.get('cache-control') };
      };
      expect(await fileStatus()).toMatchObject({ status: 403 });
      expect(await fileStatus(fan.token)).toMatchObject({ status: 403 });
      expect(await fileStatus(owner.token)).toMatchObject({ status: 403 });
      expect(await fileStatus(moderator.token)).toMatchObject({ status: 200, cacheControl: expect.stringContaining('private') });

      expect((await call(server, 'DELETE', `/moderation/users/${owner.id}/suspend`, { token: admin.token })).status).toBe(200);
      expect(await fileStatus()).toMatchObject({ status: 200 });
      expect((await videoState(db, videoId))?.status).toBe('ready');
      expect((await bell()).length).toBe(1);
      expect((await pushes()).length).toBe(pushesBefore + 1);
      expect((await call(server, 'GET', `/videos/${videoId}`)).status).toBe(200);
    } finally {
      await worker.close();
    }
  }, 120_000);
});
