// Real server and worker processes for the restart and worker tests: `node --import tsx` (one
// process, so SIGKILL hits the server itself) on a data dir and database schema they share.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config.js';
import { type DatabaseHandle, openDatabase } from '../../server/db/kysely.js';
import { createRepositories, type Repositories } from '../../server/db/repositories/index.js';
import { eventually } from '../support/eventually.js';
import type { DatabaseDialect } from '../support/server.js';
import { LIGHT_PASSWORD_HASHING } from '../lightPasswords.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Place {
  env: Record<string, string>;
  db: DatabaseHandle;
  /** The place's repositories, for reading what the processes wrote. */
  repos: Repositories;
  dispose(): Promise<void>;
}

/** A data dir (and a PostgreSQL schema) that several processes share. */
export async function sharedPlace(dialect: DatabaseDialect, extra: Record<string, string> = {}): Promise<Place> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-proc-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    CLIENT_DIR: join(dataDir, 'no-client'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_WRITE_MAX: '100000',
    ...LIGHT_PASSWORD_HASHING,
    ...extra,
  };
  let schema: string | null = null;
  if (dialect === 'postgres') {
    schema = `p_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
  }
  const config = loadConfig(env);
  const db = openDatabase(config);
  return {
    env,
    db,
    repos: createRepositories(db, config),
    async dispose() {
      await db.close();
      if (schema) {
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function spawnTs(script: string, env: Record<string, string>): ChildProcess & { output: () => string } {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  // One process (no tsx wrapper), so SIGKILL hits the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

export async function startApiProcess(place: Place, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawnTs('server/index.ts', { ...place.env, PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  const healthy = () => fetch(`${url}/api/v1/healthcheck`).then((response) => response.ok, () => false);
  await eventually(async () => child.exitCode !== null || (await healthy()), { timeout: 60_000, interval: 200 }).catch(() => {
    throw new Error(`server did not start: ${child.output()}`);
  });
  if (child.exitCode !== null) throw new Error(`server exited early: ${child.output()}`);
  return { child, url };
}

export async function startWorkerProcess(place: Place, env: Record<string, string> = {}) {
  const child = spawnTs('server/worker.ts', { ...place.env, ...env });
  const started = await eventually(() => child.exitCode !== null || child.output().includes('worker started'), { timeout: 60_000 }).catch(() => false);
  if (!started || child.exitCode !== null) throw new Error(`worker did not start: ${child.output()}`);
  return child;
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** The PostgreSQL schema a place uses, for startServer({ schema }). */
export function schemaOf(place: Place): string | undefined {
  const url = place.env.DATABASE_URL;
  return url ? /search_path=(\w+)/.exec(decodeURIComponent(new URL(url).searchParams.get('options') ?? ''))?.[1] : undefined;
}

/** eventually() with this file's older argument order (shutdown.test.ts still calls it). */
export function until<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs: number, what = 'a condition'): Promise<T> {
  return eventually(probe, { until: done, timeout: timeoutMs, what });
}
