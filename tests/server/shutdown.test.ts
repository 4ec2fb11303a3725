// Timeouts, shutdown and crashes on real processes: slow headers and trickling bodies are cut
// while a long upload that keeps sending is not; SIGTERM lets requests in flight finish, up to a
// deadline; a process killed with SIGKILL leaves no ffmpeg behind; and with BullMQ, a job whose
// worker died is taken again by another worker within seconds, saying so in the log.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_UPLOADS_PATH } from '../../contract/offline.js';
import { migrateToLatest } from '../../server/db/kysely.js';
import { databases, registerUser, startServer, type TestServer } from './harness.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { type Place, schemaOf, sharedPlace, startApiProcess, startWorkerProcess, stopProcess, until } from './processes.js';
import { redisForTests, skipReason, uniqueName } from './redisFixtures.js';

const dialect = databases.at(-1)!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// The options of jobs.test.ts' crash clip: one encode for both files, and long enough to be killed mid-run.
const longClip = makeClip('shutdown-long.mp4', { width: 1280, height: 720, seconds: 6 });
const shortClip = makeClip('shutdown-short.mp4', { width: 320, height: 180, seconds: 2 });

/** ffmpeg processes (pid -> parent pid) whose command line mentions `needle`, from /proc. */
function ffmpegProcesses(needle: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!(cmdline[0] ?? '').endsWith('ffmpeg') || !cmdline.some((arg) => arg.includes(needle))) continue;
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      found.set(Number(entry), parent);
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/** Live (not zombie) processes whose argv[0] is `binary` and whose arguments include `needle`. */
function processesMatching(binary: string, needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!;
      if (cmdline[0] === binary && cmdline.includes(needle) && !state.startsWith('Z')) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

function parentOf(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
}

describe('slow clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { HEADERS_TIMEOUT_MS: '1000', MIN_BODY_BYTES_PER_SECOND: '2000', BODY_RATE_WINDOW_MS: '1000' } });
  });
  afterAll(() => server?.close());

  function rawSocket() {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<{ afterMs: number; data: string }>((resolve) => {
      const started = Date.now();
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('close', () => resolve({ afterMs: Date.now() - started, data }));
      socket.on('error', () => undefined);
    });
    return { socket, closed };
  }

  it('closes a connection whose headers never finish', async () => {
    const { socket, closed } = rawSocket();
    socket.write('GET /api/v1/healthcheck HTTP/1.1\r\nHost: x\r\n');
    const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
    const result = await closed;
    clearInterval(timer);
    expect(result.afterMs).toBeLessThan(5000);
    expect(result.data).not.toContain('200 OK');
  });

  it('closes a connection whose body trickles', async () => {
    const { socket, closed } = rawSocket();
    socket.write('POST /api/v1/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":');
    const timer = setInterval(() => socket.write(' '), 100);
    const result = await closed;
    clearInterval(timer);
    expect(result.afterMs).toBeLessThan(5000);
    expect(result.data).toBe('');
  });

  it('does not cut an upload that keeps sending for many windows', async () => {
    const user = await registerUser(server);
    const bytes = await readFile(await shortClip);
    const meta = `title ${Buffer.from('Steady').toString('base64')},description ${Buffer.from('Slow link').toString('base64')}`;
    const headers = { authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}${TUS_UPLOADS_PATH}`, { method: 'POST', headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': meta } });
    expect(created.status).toBe(201);
    // About 2.5 s at tens of KB/s: several rate windows, each well above the minimum (2 KB a window).
    const chunk = Math.ceil(bytes.length / 25);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const sent = (body as unknown as { sent?: number }).sent ?? 0;
        if (sent >= bytes.length) return controller.close();
        await sleep(100); // the slow link itself: a chunk every 100 ms is the behaviour under test
        controller.enqueue(new Uint8Array(bytes.subarray(sent, sent + chunk)));
        (body as unknown as { sent?: number }).sent = sent + chunk;
      },
    });
    const started = Date.now();
    const patched = await fetch(`${server.url}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(patched.status).toBe(204);
    expect(patched.headers.get('video-id')).toBeTruthy();
  });
});

describe(`SIGTERM on the API (${dialect})`, () => {
  let place: Place;
  const name = `${v7()}.webp`;
  // One process per test, both started at once (each start is seconds of module loading); the
  // schema migrated first, so that the two do not race on creating it. The deadline case gets a
  // short deadline: that it is kept is the check, not its length.
  let apis: Awaited<ReturnType<typeof startApiProcess>>[] = [];
  beforeAll(async () => {
    place = await sharedPlace(dialect, { SHUTDOWN_TIMEOUT_MS: '2000' });
    await migrateToLatest(place.db);
    // 32 MB of media: more than loopback's socket buffers hold while the client reads nothing.
    await mkdir(join(place.env.DATA_DIR!, 'media', 'images'), { recursive: true });
    await writeFile(join(place.env.DATA_DIR!, 'media', 'images', name), randomBytes(32 * 1024 * 1024));
    const starting = [startApiProcess(place), startApiProcess(place, { SHUTDOWN_TIMEOUT_MS: '1000' })];
    const started = await Promise.allSettled(starting);
    apis = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    for (const api of apis) await stopProcess(api.child, 'SIGKILL');
    await place?.dispose();
  });

  /** A login whose body is sent in two halves, `gapMs` apart; resolves with the status line. */
  function splitLogin(url: string, connection: 'close' | 'keep-alive' = 'close') {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'long enough pass' });
    const answer = new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''));
      socket.on('error', () => resolve(data.split('\r\n')[0] ?? ''));
    });
    socket.write(`POST /api/v1/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: ${connection}\r\n\r\n${body.slice(0, 10)}`);
    return { answer, finish: () => socket.write(body.slice(10)), socket };
  }

  /** Until the server has begun the login (it logs each request as its handling starts, before the body is in). */
  const loginInFlight = (api: { child: { output(): string } }) =>
    until(() => api.child.output(), (output) => output.includes('"url":"/api/v1/users/login"'), 10_000, 'the login to reach the server');

  it('finishes the requests in flight, closing each keep-alive connection once its answer is sent (one still streaming too) and one that sent nothing, then exits 0', async () => {
    // One process for every kind of connection: each start costs seconds of module loading.
    const api = apis[0]!;
    // Connected before the others and silent (a browser's preconnect): ended at the close, not waited for.
    const silent = connect(Number(new URL(api.url).port), '127.0.0.1');
    silent.on('error', () => undefined);
    const silentClosed = new Promise<void>((resolve) => silent.on('close', () => resolve()));
    const closing = splitLogin(api.url);
    const keptAlive = splitLogin(api.url, 'keep-alive');
    const streaming = connect(Number(new URL(api.url).port), '127.0.0.1');
    let received = 0;
    let holding = true;
    const streamClosed = new Promise<void>((resolve) => streaming.on('close', () => resolve()));
    streaming.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (holding) streaming.pause(); // one chunk, then nothing until SIGTERM: the answer is mid-stream
    });
    streaming.write(`GET /media/image/upload/${name} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
    await until(() => api.child.output().split('"url":"/api/v1/users/login"').length - 1, (count) => count >= 2, 10_000, 'both logins to reach the server');
    await until(() => received, (bytes) => bytes > 0, 5000, 'the first bytes of the streaming answer');
    const exited = new Promise<number | null>((resolve) => api.child.once('exit', (code) => resolve(code)));
    api.child.kill('SIGTERM');
    await until(() => api.child.output(), (output) => output.includes('shutting down'), 5000, 'the shutdown log');
    closing.finish();
    keptAlive.finish();
    holding = false;
    streaming.resume();
    expect(await closing.answer).toBe('HTTP/1.1 401 Unauthorized');
    // The keep-alive answers come with the connection closed by the server (the client never closes it).
    expect(await keptAlive.answer).toBe('HTTP/1.1 401 Unauthorized');
    // The whole streaming answer arrives, then the server ends that connection too.
    await streamClosed;
    expect(received).toBeGreaterThan(32 * 1024 * 1024);
    await silentClosed;
    // All within its deadline.
    expect(await exited).toBe(0);
    expect(api.child.output()).not.toContain('shutdown deadline reached');
  });

  it('exits 1 at the deadline when a request never finishes, saying so', async () => {
    const api = apis[1]!;
    const login = splitLogin(api.url);
    await loginInFlight(api);
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => api.child.once('exit', (code) => resolve(code)));
    api.child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(7000);
    expect(api.child.output()).toContain('shutdown deadline reached');
    login.socket.destroy();
  });
});

describe('runTool under a process killed with SIGKILL', () => {
  it('takes its tool down too, even one that never writes to the closed pipes', async () => {
    const marker = `${40 + Math.random()}`.slice(0, 8);
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', `import { runTool } from './server/media/ffmpeg.ts'; runTool('/bin/sleep', ['${marker}']).catch(() => {}); console.log('started');`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve()));
    const sleeper = () => processesMatching('/bin/sleep', marker);
    await until(sleeper, (found) => found.length === 1, 5000, 'the tool to start');
    await stopProcess(child, 'SIGKILL');
    try {
      await until(sleeper, (found) => found.length === 0, 5000, 'the orphaned tool to die');
    } finally {
      for (const pid of sleeper()) process.kill(pid, 'SIGKILL'); // only when the test fails
    }
  });
});

skipReason('stalled BullMQ job taken again');
const queueKinds = redisForTests.url ? ['database', 'bullmq'] : ['database'];
// The worker killed here stands for any process that transcodes (an API node runs the same job
// code): its ffmpeg must die with it, and the job go to a process that lives.
describe.each(queueKinds)(`a worker killed with SIGKILL mid-transcode (%s queue, ${dialect})`, (kind) => {
  it('leaves no ffmpeg running, and has its job taken again by another worker within seconds, with a log line', async () => {
    const redis: Record<string, string> = kind === 'bullmq' ? { REDIS_URL: redisForTests.url!, JOBS_QUEUE: uniqueName('stalled') } : {};
    const place = await sharedPlace(dialect, { ...redis, JOB_LOCK_MS: '3000' });
    const workers: (ChildProcess & { output(): string })[] = [];
    let api: TestServer | null = null;
    let starting: Promise<void>[] = [];
    try {
      // The two workers load while the API starts and takes the upload: the job waits for them in the queue.
      starting = [startWorkerProcess(place), startWorkerProcess(place)].map((start) => start.then((worker) => void workers.push(worker)));
      api = await startServer({ dialect, dataDir: place.env.DATA_DIR, env: { ...place.env, RUN_JOBS_IN_PROCESS: 'false' }, schema: schemaOf(place) });
      const user = await registerUser(api);
      const upload = await uploadVideo(api, user.token, await mp4Upload(await longClip, 'Stalled'));
      expect(upload.status).toBe(201);
      const videoId = upload.body.data._id;
      await Promise.all(starting);
      await waitForVideo(place.db.db, videoId, (state) => state.job?.state === 'running' && state.job.progress > 0, 60_000);
      const encoders = await until(() => ffmpegProcesses(videoId), (found) => found.size > 0, 10_000, 'ffmpeg to run');
      // ffmpeg <- its guarding shell <- the worker.
      const owner = parentOf(parentOf([...encoders.keys()][0]!));
      const dead = workers.find((worker) => worker.pid === owner)!;
      const survivor = workers.find((worker) => worker.pid !== owner)!;
      expect(dead).toBeDefined();
      await stopProcess(dead, 'SIGKILL');
      const killedAt = Date.now();
      const alive = (pid: number) => {
        try {
          return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
        } catch {
          return false;
        }
      };
      await until(() => [...encoders.keys()].filter(alive), (left) => left.length === 0, 5000, 'the orphaned ffmpeg to die');
      await until(() => survivor.output(), (output) => output.includes('taken again'), 15_000, 'the survivor to take the job');
      expect(Date.now() - killedAt).toBeLessThan(10_000);
      const done = await waitForVideo(place.db.db, videoId, (state) => state.job?.state === 'done', 120_000);
      expect(done.status).toBe('ready');
    } finally {
      await Promise.allSettled(starting);
      for (const worker of workers) await stopProcess(worker, 'SIGKILL');
      await api?.close();
      await place.dispose();
    }
  });
});
