// `npm run admin -- prune` and `requeue` as child processes beside a running server that has a
// real, transcoded video: prune lists (and with --apply removes) only files no row points at;
// requeue runs the video's transcode job again through the queue, without and with Redis.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer, type TestServer } from '../support/server.js';
import { filesUnder, makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';
import { runAdmin } from './adminFixtures.js';

type Server = TestServer & { dataDir: string };

const DAY_MS = 24 * 3600_000;

function cliEnv(server: Server, extra: Record<string, string> = {}): Record<string, string> {
  return { DATA_DIR: server.dataDir, JWT_SECRET: server.config.jwtSecret, LOG_LEVEL: 'warn', ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}), ...extra };
}

async function transcodedVideo(server: Server): Promise<{ videoId: string; token: string }> {
  const owner = await registerUser(server);
  // Any transcoded video will do: the smallest clip other files use too (one encode, one rung).
  const clip = await makeClip('admin-media.mp4', { width: 320, height: 180, seconds: 1 });
  const upload = await uploadVideo(server, owner.token, await mp4Upload(clip, 'Admin media'));
  expect(upload.status).toBe(201);
  const videoId: string = upload.body.data._id;
  await waitForVideo(server.app.repos, videoId, (state) => state.job?.state === 'done', 120_000);
  return { videoId, token: owner.token };
}

/** Writes a file under DATA_DIR, dated `ageMs` ago. */
async function place(root: string, path: string, ageMs: number): Promise<string> {
  const file = join(root, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `leftover ${path}`);
  const at = new Date(Date.now() - ageMs);
  await utimes(file, at, at);
  return path;
}

/** Makes a folder (and its parents under `root`) look untouched for `ageMs`. */
async function ageFolders(root: string, path: string, ageMs: number): Promise<void> {
  const at = new Date(Date.now() - ageMs);
  for (let folder = path; folder !== '.'; folder = dirname(folder)) {
    if (folder.split('/').length > 1) await utimes(join(root, folder), at, at);
  }
}

/** The folders under media/ (the kinds' own included), as paths relative to it. */
const foldersUnder = async (media: string) =>
  (await readdir(media, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name).slice(media.length + 1))
    .sort();

/** The files prune listed: each line is the size, then the name. */
const listed = (stdout: string) => stdout.split('\n').flatMap((line) => /^\s*\d+ {2}(\S+)$/.exec(line)?.[1] ?? []).sort();

/** The commands' process behaviour (a usage error, a second run) is the same on each database: checked on one. */
const processDialect = databases.at(-1)!;

describe.each(databases)('admin prune on %s', (dialect) => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ dialect, env: { TRANSCODE_PRESET: 'ultrafast' } });
  });
  afterAll(() => server?.close());

  it('lists only files no row points at, and --apply removes only those', async () => {
    const { videoId } = await transcodedVideo(server);
    const media = join(server.dataDir, 'media');
    // Everything stored for the video and its owner is old enough to be judged by its rows alone.
    const old = new Date(Date.now() - 2 * DAY_MS);
    for (const file of await filesUnder(media)) await utimes(join(media, file), old, old);
    const referenced = await filesUnder(media);
    expect(referenced.some((file) => file.startsWith(`videos/${videoId}/`))).toBe(true);

    const orphanImage = `${v7()}.webp`;
    const orphanVideo = v7();
    const orphans = [
      await place(media, `images/${orphanImage}`, 2 * 3600_000),
      await place(media, `images/w480/${orphanImage}`, 2 * 3600_000),
      await place(media, `sources/${v7()}.mp4`, 2 * 3600_000),
      await place(media, `videos/${orphanVideo}/360.mp4`, 2 * 3600_000),
      await place(media, `videos/${orphanVideo}/hls/360.m3u8`, 2 * 3600_000),
      await place(media, `captions/${videoId}/${v7()}.vtt`, 2 * 3600_000),
    ].map((path) => path);
    // Folders: the orphaned video's (with its hls/) and one an older prune left empty are untouched
    // for hours; another is empty but new (an upload about to write into it), so it stays.
    const leftEmpty = `videos/${v7()}`;
    const justMade = `videos/${v7()}`;
    await mkdir(join(media, leftEmpty), { recursive: true });
    await mkdir(join(media, justMade), { recursive: true });
    for (const folder of [`videos/${orphanVideo}/hls`, leftEmpty]) await ageFolders(media, folder, 2 * 3600_000);
    const tusId = randomUUID().replaceAll('-', '');
    const uploads = [await place(server.dataDir, `tmp/tus/${tusId}`, 2 * DAY_MS), await place(server.dataDir, `tmp/tus/${tusId}.json`, 2 * DAY_MS)];
    // Too young to judge (a request may not have written its row yet), and a kind prune does not know.
    const kept = [await place(media, `images/${v7()}.webp`, 60_000), await place(media, `other/${v7()}.bin`, 2 * DAY_MS)];
    const keptUpload = await place(server.dataDir, `tmp/tus/${randomUUID().replaceAll('-', '')}`, 3600_000);
    const expected = [...orphans, ...uploads].sort();
    const everything = async () => [...(await filesUnder(media)).map((file) => join('media', file)), ...(await filesUnder(join(server.dataDir, 'tmp', 'tus'))).map((file) => join('tmp/tus', file))].sort();
    const before = await everything();
    const foldersBefore = await foldersUnder(media);

    // The bad flag is refused before anything is read: it runs beside the dry run.
    const [dryRun, badFlag] = await Promise.all([runAdmin(['prune'], cliEnv(server)), dialect === processDialect ? runAdmin(['prune', 'now'], cliEnv(server)) : null]);
    if (badFlag) expect(badFlag.code).toBe(2);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(listed(dryRun.stdout)).toEqual(expected);
    expect(dryRun.stdout).toContain(`${expected.length} orphaned files`);
    expect(dryRun.stdout).toContain('Nothing removed');
    expect(await everything()).toEqual(before);

    const applied = await runAdmin(['prune', '--apply'], cliEnv(server));
    expect(applied.code, applied.stderr).toBe(0);
    expect(listed(applied.stdout)).toEqual(expected);
    // The folders left empty go (the video's hls/ and its own folder, the old empty one); the new
    // empty folder, the kinds' folders and every folder with a file in it stay.
    expect(applied.stdout).toContain('Removed 3 empty folders.');
    const gone = new Set([`videos/${orphanVideo}`, `videos/${orphanVideo}/hls`, leftEmpty]);
    expect(await foldersUnder(media)).toEqual(foldersBefore.filter((folder) => !gone.has(folder)));
    expect(await foldersUnder(media)).toContain(justMade);
    const removed = new Set([...orphans.map((path) => join('media', path)), ...uploads]);
    expect(await everything()).toEqual(before.filter((file) => !removed.has(file)));
    for (const file of [...referenced.map((path) => join('media', path)), ...kept.map((path) => join('media', path)), keptUpload]) {
      expect((await stat(join(server.dataDir, file))).isFile(), file).toBe(true);
    }
    // The video still plays.
    const video = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
    expect((await fetch(new URL(video.hlsUrl, server.url))).status).toBe(200);

    if (dialect === processDialect) {
      const again = await runAdmin(['prune'], cliEnv(server));
      expect(again.stdout).toContain('No orphaned files.');
    }
  }, 600_000);
});

const queues = [{ name: 'the jobs table', redis: false }, ...(redisForTests.url ? [{ name: 'BullMQ', redis: true }] : [])];
if (!redisForTests.url) skipReason('requeue through BullMQ');

describe.each(queues)('admin requeue through $name', ({ redis }) => {
  let server: Server;
  const extra: Record<string, string> = redis ? { REDIS_URL: redisForTests.url!, JOBS_QUEUE: uniqueName('admin-jobs'), RATE_LIMIT_NAMESPACE: uniqueName('admin-rl') } : {};
  beforeAll(async () => {
    server = await startServer({ env: { TRANSCODE_PRESET: 'ultrafast', ...extra } });
  });
  afterAll(() => server?.close());

  it("runs the video's transcode job again and prints its id", async () => {
    const { videoId } = await transcodedVideo(server);
    const { repos } = server.app;
    const jobOf = async () => (await repos.jobs.get(`transcode-${videoId}`))!;
    const jobBefore = await jobOf();
    const [rendition] = await repos.videoMedia.renditions(videoId);
    const renditionFile = join(server.dataDir, 'media', rendition!.storage_key);
    const renditionBefore = await stat(renditionFile);

    // An unknown video is refused the same way whichever queue: checked on one, beside the requeue.
    const [requeue, unknown] = await Promise.all([runAdmin(['requeue', videoId], cliEnv(server, extra)), redis === queues.at(-1)!.redis ? runAdmin(['requeue', v7()], cliEnv(server, extra)) : null]);
    if (unknown) {
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/No video with id/);
    }
    expect(requeue.code, requeue.stderr).toBe(0);
    expect(requeue.stdout).toContain(`Queued transcode job transcode-${videoId} for video ${videoId}`);
    const done = await waitForVideo(repos, videoId, (state) => state.job?.state === 'done', 120_000).then(jobOf);
    // Waited for the new run, not the old row: it was queued again and finished after the requeue.
    expect(done.updated_at > jobBefore.updated_at).toBe(true);
    expect((await stat(renditionFile)).mtimeMs).toBeGreaterThan(renditionBefore.mtimeMs);
    expect((await readFile(renditionFile)).length).toBeGreaterThan(0);
    expect((await call(server, 'GET', `/videos/${videoId}`)).body.data).toMatchObject({ status: 'ready' });
  }, 600_000);
});
