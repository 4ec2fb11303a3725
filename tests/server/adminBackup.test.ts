// `npm run admin -- backup` (a child process) taken while a real server keeps writing (users
// registering, comments posted), then `restore` into a fresh data folder: the new server serves the same users
// (their passwords and a token from before the backup work), videos, media bytes and comments.
// Restore refuses a target in use; backup refuses a non-empty folder.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer, type TestUser } from '../support/server.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { runAdmin } from './adminFixtures.js';

const sha = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

async function mediaDigest(url: string, path: string): Promise<string> {
  const response = await fetch(`${url}${path}`);
  expect(response.status, path).toBe(200);
  return sha(await response.arrayBuffer());
}

const folders: string[] = [];
const folder = async (name: string) => {
  const path = await mkdtemp(join(tmpdir(), `vidshare-${name}-`));
  folders.push(path);
  return path;
};
afterAll(async () => {
  for (const path of folders) await rm(path, { recursive: true, force: true });
});

describe.each(databases)('admin backup and restore on %s', (dialect) => {
  // No JWT_SECRET or VAPID keys: the server generates DATA_DIR/jwt-secret and vapid-keys.json, which the backup must carry.
  const noSecret = { JWT_SECRET: '', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' };
  /** The schema the restored server uses (the backup's name, created by the restore): dropped at the end. */
  let restoredSchema: string | null = null;
  afterAll(async () => {
    if (restoredSchema) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${restoredSchema} CASCADE`);
      await admin.end();
    }
  });

  it('copies a running, writing deployment into a fresh one that serves the same data', async () => {
    const api = await startServer({ dialect, env: { ...noSecret, TRANSCODE_PRESET: 'ultrafast' } });
    const vapidPublicKey = (await call(api, 'GET', '/push/public-key')).body.data.publicKey as string;
    const cli = (dataDir: string) => ({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...noSecret, ...(api.config.databaseUrl ? { DATABASE_URL: api.config.databaseUrl } : {}) });
    let restored: Awaited<ReturnType<typeof startServer>> | null = null;
    let apiOpen = true;
    try {
      const owner = await registerUser(api);
      // Any transcoded video will do: the smallest clip other files use too (one encode, one rung).
      const clip = await makeClip('admin-backup.mp4', { width: 320, height: 180, seconds: 1 });
      const upload = await uploadVideo(api, owner.token, await mp4Upload(clip, 'Backed up'));
      expect(upload.status).toBe(201);
      const videoId: string = upload.body.data._id;
      await waitForVideo(api.app.repos, videoId, (state) => state.job?.state === 'done', 120_000);
      const video = (await call(api, 'GET', `/videos/${videoId}`)).body.data;
      const mediaPaths = [video.filePath, video.thumbnail, video.hlsUrl].map((url: string) => new URL(url, api.url).pathname);
      const digests = await Promise.all(mediaPaths.map((path) => mediaDigest(api.url, path)));
      const before: TestUser[] = [owner];
      for (let i = 0; i < 2; i++) before.push(await registerUser(api));
      const commentsBefore: string[] = [];
      for (const user of before) {
        const posted = await call(api, 'POST', `/comments/add/${videoId}`, { token: user.token, json: { content: `before the backup, by ${user.username}` } });
        commentsBefore.push(posted.body.data._id);
      }

      // Writes go on for as long as the backup runs.
      let writing = true;
      let writesDuringBackup = 0;
      const writer = (async () => {
        for (let n = 0; writing; n++) {
          if (n % 3 === 0) await registerUser(api);
          else await call(api, 'POST', `/comments/add/${videoId}`, { token: owner.token, json: { content: `written during the backup ${n}` } });
          writesDuringBackup++;
        }
      })();
      const backupDir = join(await folder('backup'), 'taken');
      const backup = await runAdmin(['backup', backupDir], cli(api.dataDir));
      writing = false;
      await writer;
      expect(backup.stderr).toBe('');
      expect(backup.code, backup.stdout).toBe(0);
      expect(writesDuringBackup).toBeGreaterThan(0);
      const manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ format: 2, dialect, secrets: ['jwt-secret', 'vapid-keys.json'], media: { included: true } });
      expect(manifest.migration).toMatch(/^\d{4}_/);
      expect(manifest.counts.users).toBeGreaterThanOrEqual(before.length);
      expect(manifest.counts.videos).toBe(1);

      // The restore target: a fresh data folder, and on PostgreSQL the schema emptied.
      const dataDir = await folder('restored');
      const target = cli(dataDir);
      if (dialect === 'postgres') {
        // The database still holds the old data: refused, and nothing is written.
        const inUse = await runAdmin(['restore', backupDir], target);
        expect(inUse.code).toBe(1);
        expect(inUse.stderr).toMatch(/database is not empty/);
        restoredSchema = api.schema;
      }
      // Closing the test server drops its schema (and data folder).
      apiOpen = false;
      await api.close();
      const restore = await runAdmin(['restore', backupDir], target);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('(as in the backup)');

      // Into a folder now in use: refused. DATA_DIR is checked before the database, the same on
      // each: checked on one, while the restored server starts.
      const [twice, started] = await Promise.all([
        dialect === databases[0] ? runAdmin(['restore', backupDir], target) : null,
        startServer({ dialect, dataDir, schema: restoredSchema ?? undefined, env: noSecret }),
      ]);
      restored = started;
      if (twice) {
        expect(twice.code).toBe(1);
        expect(twice.stderr).toMatch(/DATA_DIR .* is not empty/);
      }
      for (const user of before) {
        const login = await call(restored, 'POST', '/users/login', { json: { email: user.email, password: user.password } });
        expect(login.status, user.username).toBe(200);
      }
      // The same secret: a token issued before the backup still signs in.
      expect((await call(restored, 'GET', '/users/me', { token: owner.token })).body.data._id).toBe(owner.id);
      // The same VAPID keys: devices' push subscriptions stay valid.
      expect((await call(restored, 'GET', '/push/public-key')).body.data.publicKey).toBe(vapidPublicKey);
      const restoredVideo = await call(restored, 'GET', `/videos/${videoId}`);
      expect(restoredVideo.body.data).toMatchObject({ _id: videoId, title: 'Backed up', status: 'ready', qualities: video.qualities });
      expect(await Promise.all(mediaPaths.map((path) => mediaDigest(restored!.url, path)))).toEqual(digests);
      // Every page: the writer may have posted more comments than one page holds.
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const comments = await call(restored!, 'GET', `/comments/all/${videoId}?limit=100&page=${page}`);
        ids.push(...comments.body.data.map((comment: { _id: string }) => comment._id));
        if (comments.body.data.length < 100) break;
      }
      expect(ids).toEqual(expect.arrayContaining(commentsBefore));
      expect(ids.length).toBe(manifest.counts.comments);
    } finally {
      if (apiOpen) await api.close();
      await restored?.close();
    }
  }, 300_000);
});

// The command line and the folders are checked before any database is opened: once, not on each database.
it('refuses bad input with exit codes and clear messages', async () => {
  const env = { DATA_DIR: await folder('bad-input'), LOG_LEVEL: 'warn' };
  const notBackup = await folder('not-a-backup');
  await writeFile(join(notBackup, 'notes.txt'), 'not a backup');
  // Each is refused before anything is written: all at once.
  const [missing, restoreNotBackup, intoNonEmpty, noArgument, unknownOption] = await Promise.all([
    runAdmin(['restore', join(tmpdir(), 'no-such-backup-folder')], env),
    runAdmin(['restore', notBackup], env),
    // A backup into a folder that holds anything (an earlier backup, here another file) is refused.
    runAdmin(['backup', notBackup], env),
    runAdmin(['backup'], env),
    runAdmin(['backup', '/tmp/x', '--fast'], env),
  ]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('No such folder');
  expect(restoreNotBackup.code).toBe(1);
  expect(restoreNotBackup.stderr).toContain('has no manifest.json');
  expect(intoNonEmpty.code).toBe(1);
  expect(intoNonEmpty.stderr).toMatch(/is not empty/);
  expect(noArgument.code).toBe(2);
  expect(noArgument.stderr).toContain('Usage: npm run admin -- backup <dir>');
  expect(unknownOption.code).toBe(2);
  expect(unknownOption.stderr).toMatch(/Unknown option '--fast'/);
}, 180_000);
