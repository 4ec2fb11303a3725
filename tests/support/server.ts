// Starts the real server (buildApi + listen on a free port) against a throw-away data dir,
// on SQLite or on an isolated PostgreSQL schema, and talks to it over real HTTP. The server keeps
// the parts its process was assembled from (`parts`: live events, read cache, metrics) for the
// tests that watch them; everything else goes through the API or the repositories.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { listenThenStart } from '../../server/http/startTasks.js';
import { buildApi } from '../../server/app.js';
import { type Config, type DatabaseDialect, loadConfig } from '../../server/config.js';
import { postgresProblem } from '../../scripts/postgresProbe.js';
import type { ComposedProcess } from '../../server/composition.js';
import { changeRole } from '../../server/useCases/moderation.js';
import { LIGHT_PASSWORD_HASHING } from '../lightPasswords.js';

export type { DatabaseDialect };

/** SQLite always; PostgreSQL too when DATABASE_URL is set and reachable (else a printed reason). */
async function testDatabases(): Promise<DatabaseDialect[]> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('[skip] PostgreSQL runs skipped: DATABASE_URL is not set');
    return ['sqlite'];
  }
  const problem = await postgresProblem(url);
  if (problem) {
    console.log(`[skip] PostgreSQL runs skipped: cannot reach DATABASE_URL (${problem})`);
    return ['sqlite'];
  }
  return ['sqlite', 'postgres'];
}

export const databases = await testDatabases();

export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  dialect: DatabaseDialect;
  /** What `composeProcess` built for this server: its live events, read cache, metrics, job queue. */
  parts: ComposedProcess;
  close(): Promise<void>;
}

export interface StartOptions {
  dialect?: DatabaseDialect;
  env?: Record<string, string>;
  /** Reuse an existing data dir / schema (restart tests). */
  dataDir?: string;
  schema?: string;
}

export async function startServer(options: StartOptions = {}): Promise<TestServer & { dataDir: string; schema: string | null }> {
  const dialect = options.dialect ?? 'sqlite';
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'vidshare-test-')));
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    CLIENT_DIR: join(dataDir, 'no-client'),
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_WRITE_MAX: '100000',
    ...LIGHT_PASSWORD_HASHING,
    ...options.env,
  };
  let schema: string | null = null;
  if (dialect === 'postgres') {
    const base = process.env.DATABASE_URL!;
    schema = options.schema ?? `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.end();
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
  } else {
    env.DATABASE_URL = undefined;
  }
  if (!options.env?.REDIS_URL) env.REDIS_URL = undefined;
  const config = loadConfig(env);
  const { app, process: parts } = await buildApi(config);
  await listenThenStart(app, { port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ownsDataDir = !options.dataDir;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    config,
    dialect,
    parts,
    dataDir,
    schema,
    async close() {
      await app.close();
      if (schema && !options.schema) {
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
}

/** One HTTP call against the running server; the body is parsed when it is JSON. */
export async function call<T = any>(server: { url: string }, method: string, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.urlencoded) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.urlencoded).toString();
  }
  const response = await fetch(`${server.url}/api/v1${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** A small real PNG, as a browser would upload for an avatar. */
export async function pngBytes(width = 64, height = 64, color = '#3366ff'): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer());
}

/** A file part for FormData from bytes on disk or in memory. */
export function blobOf(bytes: Uint8Array | Buffer, type: string): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

let userCounter = 0;

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  fullName: string;
  token: string;
}

/** Registers a fresh user through the real endpoint and returns its token. */
export async function registerUser(server: { url: string }, overrides: Partial<Pick<TestUser, 'username' | 'email' | 'password' | 'fullName'>> = {}): Promise<TestUser> {
  userCounter += 1;
  const suffix = `${process.pid}${userCounter}${Math.random().toString(36).slice(2, 6)}`;
  const user = {
    username: overrides.username ?? `user${suffix}`,
    email: overrides.email ?? `user${suffix}@example.com`,
    password: overrides.password ?? 'correct horse battery',
    fullName: overrides.fullName ?? `Test User ${userCounter}`,
  };
  const form = new FormData();
  form.set('username', user.username);
  form.set('email', user.email);
  form.set('password', user.password);
  form.set('fullName', user.fullName);
  form.set('avatar', new Blob([await pngBytes()], { type: 'image/png' }), 'avatar.png');
  const result = await call(server, 'POST', '/users/register', { form });
  if (result.status !== 201) throw new Error(`register failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { ...user, id: result.body.data._id, token: result.body.token };
}

/**
 * A video row owned by `ownerId` (ready unless `status` says otherwise), for tests of lists, reactions and comments that do not
 * need real media (the media tests upload real files through the API instead).
 */
export async function insertVideo(server: TestServer, ownerId: string, fields: { title?: string; description?: string; duration?: number; thumbnail?: string; sourceKey?: string; status?: 'ready' | 'processing' | 'failed' } = {}): Promise<string> {
  const id = await server.app.repos.videos.create({
    ownerId,
    title: fields.title ?? 'A test video',
    description: fields.description ?? 'Made by the test harness',
    status: fields.status ?? 'ready',
    duration: fields.duration ?? 10,
    thumbnail: fields.thumbnail ?? '',
    sourceKey: fields.sourceKey ?? '',
  });
  // Listed behind the API's back: the read cache learns of it as transcoding would tell it.
  server.parts.core.readCache.bump('feed');
  return id;
}

/** Gives `user` a role as the operator's `npm run admin -- role` does (the use case, logged as the operator's). */
export async function setRole(server: Pick<TestServer, 'app'>, user: { id: string }, role: 'admin' | 'moderator' | 'user'): Promise<void> {
  await changeRole(server.app, { actorId: null, userId: user.id, role });
}
