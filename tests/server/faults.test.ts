// Faults, each one through real HTTP, with the state left behind checked.
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type DatabaseDialect, databases, insertVideo, registerUser, startServer, type TestServer, type TestUser } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { filesUnder, makeClip, mp4Upload, uploadVideo } from './mediaFixtures.js';
import { sharedPlace, startApiProcess, stopProcess } from './processes.js';

// One default server per database for the whole file (the tests that need other settings start their own).
const servers = new Map<DatabaseDialect, Promise<TestServer & { dataDir: string }>>();
const sharedServer = (dialect: DatabaseDialect) => servers.get(dialect) ?? servers.set(dialect, startServer({ dialect })).get(dialect)!;
afterAll(async () => {
  await Promise.all([...servers.values()].map(async (server) => (await server).close()));
});

describe.each(databases)('out-of-range numbers on %s', (dialect) => {
  let server: TestServer;
  let owner: TestUser;
  let videoId: string;
  let playlistId: string;

  beforeAll(async () => {
    server = await sharedServer(dialect);
    owner = await registerUser(server);
    videoId = await insertVideo(server, owner.id, { duration: 60 });
    playlistId = await server.app.repos.playlists.create(owner.id, 'Mix', '');
  });

  it('answers out-of-range numbers (1e309, Infinity) in every page/limit param with a 400 envelope', async () => {
    const lists = [
      '/videos/all-videos',
      '/videos/all-uploaded-videos',
      `/videos/all-uploaded-videos/${owner.username}`,
      `/comments/all/${videoId}`,
      `/likes/get/video/likes/${videoId}`,
      `/likes/get/video/disLikes/${videoId}`,
      '/likes/get/user/liked-videos',
      '/watch-history/get',
      '/notifications',
      `/playlist/user/${owner.username}/playlists`,
      `/playlist/${playlistId}`,
      '/subscription/feed',
      '/users/search',
      '/videos/search',
      '/playlist/search',
    ];
    for (const path of lists) {
      for (const param of ['page', 'limit']) {
        if (path.includes('search') && param === 'page') continue; // search takes no page
        for (const value of ['1e309', '-1e309', 'Infinity']) {
          const result = await call(server, 'GET', `${path}?${param}=${value}`, { token: owner.token });
          expect({ path, param, value, status: result.status }).toEqual({ path, param, value, status: 400 });
          expect(result.body).toMatchObject({ statusCode: 400, success: false, message: expect.stringContaining(`Invalid ${param}`) });
        }
      }
    }
    // A real number still works.
    expect((await call(server, 'GET', '/videos/all-videos?page=1&limit=5')).status).toBe(200);
  });

  it('refuses a non-finite watch position and saves nothing', async () => {
    const viewer = await registerUser(server);
    const result = await call(server, 'PATCH', `/watch-history/position/${videoId}`, {
      token: viewer.token,
      urlencoded: { position: '1e309' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ success: false, message: expect.stringContaining('Invalid position') });
    expect(await server.app.repos.history.positionOf(viewer.id, videoId)).toBeNull();
  });
});

describe('SQLite file modes and the access cookie behind TLS', () => {
  const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
  const files = (dir: string) => ['vidshare.sqlite', 'vidshare.sqlite-wal', 'vidshare.sqlite-shm'].map((name) => join(dir, name));

  it('creates the database files 0600 and tightens files an older version left 0644', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-modes-'));
    try {
      const first = await startServer({ dataDir });
      await registerUser(first); // writes through the WAL, so all three files exist
      for (const file of files(dataDir)) expect({ file, mode: await modeOf(file) }).toEqual({ file, mode: 0o600 });
      await first.close();

      await chmod(join(dataDir, 'vidshare.sqlite'), 0o644);
      const again = await startServer({ dataDir });
      await registerUser(again);
      for (const file of files(dataDir)) expect({ file, mode: await modeOf(file) }).toEqual({ file, mode: 0o600 });
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('sets Secure on accessToken only when the request came over HTTPS', async () => {
    const server = await startServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const user = await registerUser(server);
      const login = (headers: Record<string, string>) =>
        call(server, 'POST', '/users/login', { json: { email: user.email, password: user.password }, headers });
      const accessCookie = (result: { headers: Headers }) => result.headers.getSetCookie().find((c) => c.startsWith('accessToken='))!;

      const overTls = await login({ 'x-forwarded-proto': 'https' });
      expect(overTls.status).toBe(200);
      expect(accessCookie(overTls)).toMatch(/;\s*Secure/i);
      expect(accessCookie(overTls)).toMatch(/HttpOnly/i);
      const plain = await login({});
      expect(plain.status).toBe(200);
      expect(accessCookie(plain)).not.toMatch(/Secure/i);
      // Both sessions are real: the cookie set over TLS authenticates.
      const token = accessCookie(overTls).split(';')[0]!;
      const current = await call(server, 'GET', '/users/me', { headers: { cookie: token } });
      expect(current.status).toBe(200);
      expect(current.body.data._id).toBe(user.id);
    } finally {
      await server.close();
    }
  });
});

describe('request logs', () => {
  it('keep the path but never the values of a query string', async () => {
    const place = await sharedPlace('sqlite');
    const { child, url } = await startApiProcess(place, { LOG_LEVEL: 'info' });
    try {
      const secret = 'leaked-secret-4711';
      const response = await fetch(`${url}/api/v1/videos/all-videos?page=1&token=${secret}&token=${secret}2`);
      expect(response.status).toBe(200);
      const logged = await eventually(() => child.output(), { until: (output) => output.includes('/api/v1/videos/all-videos?'), timeout: 10_000, what: 'the request log line' });
      expect(logged).toContain('/api/v1/videos/all-videos?page=[redacted]&token=[redacted]');
      expect(logged).not.toContain(secret);
    } finally {
      await stopProcess(child);
      await place.dispose();
    }
  });
});

describe.each(databases)('a full disk on %s', (dialect) => {
  it('answers an upload with 507 and a clear message, leaving no row and no file', async () => {
    const server = await sharedServer(dialect);
    const user = await registerUser(server);
    const clip = await makeClip('enospc.mp4', { width: 160, height: 120, seconds: 1, audio: false });
    const before = (await filesUnder(server.dataDir)).filter((file) => !file.startsWith('vidshare.sqlite'));
    const storage = server.app.storage;
    const putFile = storage.putFile;
    storage.putFile = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    };
    const upload = await uploadVideo(server, user.token, await mp4Upload(clip, 'Too big for the disk'));
    storage.putFile = putFile;

    expect(upload.status).toBe(507);
    expect(upload.body).toMatchObject({ statusCode: 507, success: false, message: expect.stringMatching(/out of storage space/) });
    const mine = await call(server, 'GET', '/videos/all-uploaded-videos', { token: user.token });
    expect(mine.body.data.videos).toEqual([]);
    const after = (await filesUnder(server.dataDir)).filter((file) => !file.startsWith('vidshare.sqlite'));
    expect(after).toEqual(before);
    // The disk has room again: the same upload goes through.
    expect((await uploadVideo(server, user.token, await mp4Upload(clip, 'Fits now'))).status).toBe(201);
  });
});

describe.each(databases)('concurrent subscription toggles on %s', (dialect) => {
  it('two toggles by one user at once end as one subscribe and one unsubscribe', async () => {
    const server = await sharedServer(dialect);
    const channel = await registerUser(server);
    const fan = await registerUser(server);
    const toggle = () => call(server, 'POST', `/subscription/toggle/sub/${channel.id}`, { token: fan.token });
    for (let round = 0; round < 8; round += 1) {
      const answers = await Promise.all([toggle(), toggle()]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.data.isSubscribed).sort()).toEqual([false, true]);
      const rows = await server.app.db.db.selectFrom('subscriptions').selectAll().where('channel_id', '=', channel.id).execute();
      expect(rows).toEqual([]);
      expect(await server.app.repos.subscriptions.countOf(channel.id)).toBe(0);
    }
  });
});
