// Frames taken from videos (a thumbnail chosen with thumbnailAt, the one made at upload) share a
// small pool of ffmpeg processes: a burst of edits never runs more than its size at once, and an
// edit that finds the queue full is told to come back (503 + Retry-After) instead of waiting on.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolBusyError, WorkPool } from '../../server/media/workPool.js';
import { call, databases, registerUser, startServer, type TestUser } from '../support/server.js';
import { filesUnder, makeClip, mp4Upload, tools, uploadVideo } from './mediaFixtures.js';

const clip = makeClip('frames.mp4', { width: 320, height: 240, seconds: 3, audio: false });
const POOL_SIZE = 2;
const QUEUE = 6;
const EDITS = 12;

/**
 * An ffmpeg that logs when each run starts and ends, so the test counts real processes. It waits
 * 0.3 s before working, as a frame from a long source takes a while: runs then overlap unless
 * something keeps them apart.
 */
async function countingFfmpeg(dir: string): Promise<{ path: string; maxAtOnce(): Promise<number>; runs(): Promise<number>; reset(): Promise<void> }> {
  const log = join(dir, 'runs.log');
  const path = join(dir, 'ffmpeg');
  await writeFile(path, `#!/bin/sh\necho start >> '${log}'\nsleep 0.3\n'${tools.ffmpeg}' "$@"\nstatus=$?\necho end >> '${log}'\nexit $status\n`);
  await chmod(path, 0o755);
  const events = async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return {
    path,
    async maxAtOnce() {
      let running = 0;
      let most = 0;
      for (const event of await events()) {
        running += event === 'start' ? 1 : -1;
        most = Math.max(most, running);
      }
      return most;
    },
    runs: async () => (await events()).filter((event) => event === 'start').length,
    reset: () => writeFile(log, ''),
  };
}

describe.each(databases)('frame grabs on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let owner: TestUser;
  let dir: string;
  let ffmpeg: Awaited<ReturnType<typeof countingFfmpeg>>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vidshare-ffmpeg-'));
    ffmpeg = await countingFfmpeg(dir);
    server = await startServer({
      dialect,
      // No transcoding in this process: only frame grabs run ffmpeg.
      env: { FFMPEG_PATH: ffmpeg.path, FFPROBE_PATH: tools.ffprobe, RUN_JOBS_IN_PROCESS: 'false', FRAME_GRABS_MAX: String(POOL_SIZE), FRAME_GRABS_QUEUE: String(QUEUE) },
    });
    owner = await registerUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(`runs at most ${POOL_SIZE} ffmpeg at once for ${EDITS} parallel thumbnailAt edits; the rest wait or get 503 with Retry-After`, async () => {
    const upload = await uploadVideo(server, owner.token, await mp4Upload(await clip, 'Frames'));
    expect(upload.status).toBe(201);
    const videoId = upload.body.data._id;
    await ffmpeg.reset();

    const answers = await Promise.all(
      Array.from({ length: EDITS }, (_, i) => call(server, 'PATCH', `/videos/${videoId}`, { token: owner.token, json: { thumbnailAt: 0.1 + i * 0.2 } })),
    );

    expect(await ffmpeg.maxAtOnce()).toBeLessThanOrEqual(POOL_SIZE);
    const edited = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    // The pool and its queue take POOL_SIZE + QUEUE; those past them are refused at once.
    expect(edited.length).toBeGreaterThanOrEqual(POOL_SIZE + QUEUE);
    expect(await ffmpeg.runs()).toBe(edited.length);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 503, body: { success: false, message: expect.stringMatching(/busy taking frames.*try again/i) } });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // No half-written record: the video points at one stored thumbnail, and no other is left.
    const { thumbnail } = (await server.app.repos.videoMedia.find(videoId))!;
    const userImages = await server.app.repos.users.imageNames();
    const images = (await filesUnder(join(server.dataDir, 'media'))).filter((path) => path.startsWith('images/'));
    expect(images).toEqual([thumbnail, ...userImages].map((name) => `images/${name}`).sort());
    expect(await filesUnder(join(server.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('the work pool', () => {
  it('refuses at once past its queue, and refuses a waiter after its longest wait instead of leaving it hanging', async () => {
    const events: string[] = [];
    /** A piece of work that runs until the test lets it finish. */
    function heldWork(name: string) {
      let finish!: () => void;
      let markStarted!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      const work = async () => {
        events.push(`${name} started`);
        markStarted();
        await done;
        return name;
      };
      return { work, started, finish: () => (events.push(`${name} finished`), finish()) };
    }
    const pool = new WorkPool({ size: 1, queue: 1, maxWaitMs: 200, retryAfterSeconds: 3 });
    const first = heldWork('first');
    const firstRun = pool.run(first.work);
    await first.started;

    const waiting = pool.run(heldWork('waiting').work);
    await expect(pool.run(heldWork('refused').work)).rejects.toEqual(new PoolBusyError(3));
    // The first does not finish in time: the waiter is told so.
    const waitedFrom = performance.now();
    await expect(waiting).rejects.toBeInstanceOf(PoolBusyError);
    expect(performance.now() - waitedFrom).toBeGreaterThanOrEqual(150);

    // Its place in the queue is free again: the next caller waits for the first, then runs.
    const next = heldWork('next');
    const nextRun = pool.run(next.work);
    first.finish();
    await expect(firstRun).resolves.toBe('first');
    await next.started;
    next.finish();
    await expect(nextRun).resolves.toBe('next');
    expect(events).toEqual(['first started', 'first finished', 'next started', 'next finished']);
  });
});
