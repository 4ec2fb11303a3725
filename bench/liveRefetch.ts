// `npm run bench:live-refetch`: what one like costs the server beyond the like itself. The real server
// (in this process, SQLite, Redis when REDIS_URL is set) serves the built app to Chromium: `--viewers`
// visitors on the video's watch page (its room) and `--idle` on /home (the `all` room, as every client
// watching nothing). Another user likes the video `--likes` times through the API; each time the bench
// waits for every viewer's page to show the new count, then a second more, and counts:
// - requests the pages made (GET /api/v1/videos/{id} apart), from the server's own request events;
// - database statements and Redis commands, during the like's request (the write and what reacts to
//   its domain event, live events included) and in the second after it (the pages' refetches).
//   Statements are counted on better-sqlite3's statement methods, commands on ioredis's sendCommand.
//   --viewers N (default 20)  --idle N (default 20)  --likes N (default 5)  --out FILE (JSON figures)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { buildApp as buildClient } from '../build/buildApp.js';
import { chromiumMissingReason, launchChromium } from '../scripts/chromium.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { listenThenStart } from '../server/http/startTasks.js';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '20' },
    idle: { type: 'string', default: '20' },
    likes: { type: 'string', default: '5' },
    out: { type: 'string' },
  },
});
const VIEWERS = Number(values.viewers);
const IDLE = Number(values.idle);
const LIKES = Number(values.likes);
/** After the last viewer shows the count: a refetch the event caused would have started by then. */
const SETTLE_MS = 1000;

/** Counters the bench reads around each like. */
const counted = { statements: 0, redisCommands: 0 };

/** better-sqlite3 runs every statement through one of these methods of its Statement class. */
function countSqliteStatements(): void {
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = statement[method]!;
    statement[method] = function (this: unknown, ...args: unknown[]) {
      counted.statements += 1;
      return original.apply(this, args);
    };
  }
}

function countRedisCommands(): void {
  const prototype = Redis.prototype as unknown as { sendCommand: (...args: unknown[]) => unknown };
  const original = prototype.sendCommand;
  prototype.sendCommand = function (this: unknown, ...args: unknown[]) {
    counted.redisCommands += 1;
    return original.apply(this, args);
  };
}

async function api(url: string, method: string, path: string, init: { token?: string; json?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}/api/v1${path}`, { method, headers, body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)) });
  const body = (await response.json()) as { data: any; token?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function register(url: string, name: string): Promise<{ id: string; token: string }> {
  const form = new FormData();
  const unique = `${name}${Date.now().toString(36)}`;
  form.set('username', unique);
  form.set('email', `${unique}@bench.test`);
  form.set('password', 'correct horse battery');
  form.set('fullName', name);
  const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } }).png().toBuffer();
  form.set('avatar', new Blob([new Uint8Array(avatar)], { type: 'image/png' }), 'avatar.png');
  const body = await api(url, 'POST', '/users/register', { form });
  return { id: body.data._id, token: body.token! };
}

async function openPages(browser: Browser, url: string, count: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < count; i++) {
    // A context each: its own storage and its own live connection, as another visitor's browser.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(url);
    pages.push(page);
  }
  return pages;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface LikeFigure {
  /** GET /api/v1/videos/{id} from every page, per like. */
  videoFetches: number;
  /** Every other request the pages made in that time, per like, by method and path. */
  otherRequests: Record<string, number>;
  statementsInLike: number;
  statementsAfter: number;
  redisInLike: number;
  redisAfter: number;
}

async function main(): Promise<void> {
  const missing = chromiumMissingReason();
  if (missing) {
    console.log(`[skip] Chromium: ${missing}`);
    return;
  }
  countSqliteStatements();
  if (process.env.REDIS_URL) countRedisCommands();
  const dist = resolve('dist');
  buildClient(dist, { missingOnly: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-bench-refetch-'));
  const unique = `bench-refetch-${process.pid}-${Date.now().toString(36)}`;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    CLIENT_DIR: dist,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_WRITE_MAX: '100000',
    ...(process.env.REDIS_URL ? { REDIS_NAMESPACE: unique } : {}),
  });
  const app = await buildApp(config);
  await listenThenStart(app, { port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launchChromium();
  try {
    const owner = await register(url, 'owner');
    const actor = await register(url, 'actor');
    const videoId = await app.repos.videos.create({ ownerId: owner.id, title: 'Refetch bench', description: 'One like, many viewers', status: 'ready', duration: 10, thumbnail: '', sourceKey: '' });
    const videoPath = `/api/v1/videos/${videoId}`;

    const viewers = await openPages(browser, `${url}/watch/${videoId}`, VIEWERS);
    await openPages(browser, `${url}/home`, IDLE);
    const likeButton = (page: Page, likes: number) => page.getByRole('button', { name: `Like (${likes})`, exact: true });
    for (const page of viewers) await likeButton(page, 0).waitFor({ timeout: 60_000 });
    const rooms = app.io.sockets.adapter.rooms;
    await until(() => (rooms.get(`video:${videoId}`)?.size ?? 0) >= VIEWERS && (rooms.get('all')?.size ?? 0) >= IDLE, 'every page in its room');
    // The pages' first loads are over once nothing has been asked for a while.
    let requests: string[] = [];
    app.server.on('request', (request) => requests.push(`${request.method} ${request.url?.split('?')[0]}`));
    await new Promise((r) => setTimeout(r, 2000));

    const figures: LikeFigure[] = [];
    for (let like = 1; like <= LIKES; like++) {
      const likes = like % 2; // like, unlike, like...
      requests = [];
      const before = { ...counted };
      await api(url, 'POST', `/likes/toggle/v/${videoId}?reactionType=like`, { token: actor.token });
      const inLike = { ...counted };
      for (const page of viewers) await likeButton(page, likes).waitFor({ timeout: 30_000 });
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const pageRequests = requests.filter((request) => !request.startsWith('POST /api/v1/likes/toggle/v/'));
      const otherRequests: Record<string, number> = {};
      for (const request of pageRequests) if (request !== `GET ${videoPath}`) otherRequests[request] = (otherRequests[request] ?? 0) + 1;
      figures.push({
        videoFetches: pageRequests.filter((request) => request === `GET ${videoPath}`).length,
        otherRequests,
        statementsInLike: inLike.statements - before.statements,
        statementsAfter: counted.statements - inLike.statements,
        redisInLike: inLike.redisCommands - before.redisCommands,
        redisAfter: counted.redisCommands - inLike.redisCommands,
      });
    }
    report(figures, Boolean(process.env.REDIS_URL));
    if (values.out) await writeFile(values.out, `${JSON.stringify({ date: new Date().toISOString(), viewers: VIEWERS, idle: IDLE, likes: figures }, null, 2)}\n`);
  } finally {
    await browser.close();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(figures: LikeFigure[], redis: boolean): void {
  const mean = (pick: (figure: LikeFigure) => number) => (figures.reduce((sum, figure) => sum + pick(figure), 0) / figures.length).toFixed(1);
  const others = new Map<string, number>();
  for (const figure of figures) for (const [request, count] of Object.entries(figure.otherRequests)) others.set(request, (others.get(request) ?? 0) + count);
  console.log(`## One like, ${VIEWERS} viewers on its watch page and ${IDLE} clients on /home (mean of ${figures.length} likes)`);
  console.log('| figure | per like |');
  console.log('|---|---|');
  console.log(`| GET /videos/{id} from the pages | ${mean((f) => f.videoFetches)} |`);
  console.log(`| other requests from the pages | ${mean((f) => Object.values(f.otherRequests).reduce((a, b) => a + b, 0))} |`);
  console.log(`| database statements in the like's request (write + subscribers) | ${mean((f) => f.statementsInLike)} |`);
  console.log(`| database statements after it (refetches) | ${mean((f) => f.statementsAfter)} |`);
  if (redis) {
    console.log(`| Redis commands in the like's request | ${mean((f) => f.redisInLike)} |`);
    console.log(`| Redis commands after it | ${mean((f) => f.redisAfter)} |`);
  }
  for (const [request, count] of others) console.log(`other: ${request} x${(count / figures.length).toFixed(1)} per like`);
}

await main();
