// `npm run drill:upgrade -- [--from <commit>]`: the rolling upgrade and the rollback of
// docs/operations.md, run for real between an older commit and this checkout on one PostgreSQL
// database (a throw-away schema) and one DATA_DIR, with Redis when REDIS_URL is set (BullMQ) and the
// database's job table otherwise. It prints one line a check and exits non-zero when one fails.
//
// --from defaults to the commit before the newest change to the migration list, so the new version
// always brings at least one migration the old one lacks. The older commit is checked out with
// `git worktree` into a temporary folder and installed with `npm ci --prefer-offline` (node_modules
// is linked instead when both package-lock.json files are the same).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { locateMediaTools } from '../server/media/ffmpeg.js';
import { runStatement, throwAwaySchema } from './postgresSchemas.js';
import { freePort } from './processes.js';

const NEW_DIR = resolve(import.meta.dirname, '..');
const postgresUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL || '';

interface Version {
  name: string;
  dir: string;
}

interface Running {
  label: string;
  child: ChildProcess;
  output: () => string;
  url?: string;
}

const failures: string[] = [];
function check(what: string, ok: boolean, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: NEW_DIR, encoding: 'utf8' }).trim();
}

function defaultFrom(): string {
  const lastMigrationChange = git('log', '-1', '--format=%H', '--', 'server/db/migrations/index.ts');
  return git('rev-parse', `${lastMigrationChange}^`);
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

function start(version: Version, script: string, env: Record<string, string>, label: string): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: version.dir,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { label, child, output: () => output };
}

async function until(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function startApi(version: Version, env: Record<string, string>, label: string): Promise<Running> {
  const port = await freePort();
  const api = start(version, 'server/index.ts', { ...env, PORT: String(port), HOST: '127.0.0.1', RUN_JOBS_IN_PROCESS: 'false' }, label);
  api.url = `http://127.0.0.1:${port}`;
  await until(`${label} to answer`, async () => {
    if (api.child.exitCode !== null) throw new Error(`${label} exited: ${api.output().slice(-2000)}`);
    return fetch(`${api.url}/api/v1/healthcheck`).then((r) => r.ok, () => false);
  });
  return api;
}

async function startWorker(version: Version, env: Record<string, string>, label: string): Promise<Running> {
  const worker = start(version, 'server/worker.ts', env, label);
  await until(`${label} to start`, () => {
    if (worker.child.exitCode !== null) throw new Error(`${label} exited: ${worker.output().slice(-2000)}`);
    return worker.output().includes('worker started');
  });
  return worker;
}

async function stop(node: Running): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGTERM');
  await exited;
}

async function runToExit(version: Version, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: version.dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  return { code, output };
}

/** An account made through the API, with its bearer token. */
async function register(apiUrl: string, name: string): Promise<string> {
  const form = new FormData();
  form.set('username', name);
  form.set('email', `${name}@example.com`);
  form.set('password', 'drill password 1');
  form.set('fullName', 'Upgrade Drill');
  form.set('avatar', new Blob([readFileSync(join(NEW_DIR, 'public/icons/apple-touch-icon.png'))], { type: 'image/png' }), 'avatar.png');
  const response = await fetch(`${apiUrl}/api/v1/users/register`, { method: 'POST', body: form });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`register answered ${response.status}`);
  return body.token;
}

async function login(apiUrl: string, name: string): Promise<boolean> {
  const response = await fetch(`${apiUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${name}@example.com`, password: 'drill password 1' }),
  });
  return response.ok;
}

async function upload(apiUrl: string, token: string, clip: string, title: string): Promise<string> {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'made by the upgrade drill');
  form.set('videoFile', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const response = await fetch(`${apiUrl}/api/v1/videos/upload-Video`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data?: { _id: string } };
  if (response.status !== 201 || !body.data) throw new Error(`upload answered ${response.status}`);
  return body.data._id;
}

async function videoOf(apiUrl: string, token: string, id: string): Promise<{ status: number; videoStatus?: string; title?: string }> {
  const response = await fetch(`${apiUrl}/api/v1/videos/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json().catch(() => ({}))) as { data?: { status?: string; title?: string } };
  return { status: response.status, videoStatus: body.data?.status, title: body.data?.title };
}

async function comment(apiUrl: string, token: string, videoId: string, content: string): Promise<number> {
  const response = await fetch(`${apiUrl}/api/v1/comments/add/${videoId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  return response.status;
}

async function waitReady(apiUrl: string, token: string, id: string, label: string): Promise<void> {
  const started = Date.now();
  try {
    await until(`${label} to be ready`, async () => (await videoOf(apiUrl, token, id)).videoStatus === 'ready', 240_000);
    check(`${label} is ready`, true, `${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch {
    check(`${label} is ready`, false, `status ${(await videoOf(apiUrl, token, id)).videoStatus}`);
  }
}

/**
 * An empty database with a schema of the same name: `restore` puts a backup back into the schema it
 * was taken from, so the rollback gets a database of its own, as an operator's would.
 */
async function throwAwayDatabase(schema: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${schema}_rollback`;
  await runStatement(postgresUrl!, `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  await runStatement(url.toString(), `CREATE SCHEMA ${schema}`);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => runStatement(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function failedJobs(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ type: string; last_error: string | null }>("select type, last_error from jobs where state = 'failed'");
  await client.end();
  return rows.map((row) => `${row.type}: ${row.last_error ?? ''}`);
}

function prepareOld(from: string, scratch: string): Version {
  const dir = join(scratch, 'old');
  git('worktree', 'add', '--detach', dir, from);
  const sameLock = readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync(join(NEW_DIR, 'package-lock.json'), 'utf8');
  if (sameLock) symlinkSync(join(NEW_DIR, 'node_modules'), join(dir, 'node_modules'));
  else execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  return { name: `old ${from.slice(0, 7)}`, dir };
}

function makeClip(scratch: string): string {
  const clip = join(scratch, 'clip.mp4');
  execFileSync(locateMediaTools({ ffmpegPath: null, ffprobePath: null }).ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x180:rate=24', '-f', 'lavfi', '-i', 'sine=duration=2', '-shortest', '-pix_fmt', 'yuv420p', '-y', clip]);
  return clip;
}

async function main(): Promise<void> {
  if (!postgresUrl) {
    console.log('upgrade drill skipped: it needs PostgreSQL (DATABASE_URL), where several processes share one database');
    return;
  }
  const from = git('rev-parse', argument('from') ?? defaultFrom());
  const scratch = mkdtempSync(join(tmpdir(), 'vidshare-upgrade-'));
  const running: Running[] = [];
  const database = await throwAwaySchema(postgresUrl, 'upgrade_drill');
  const restored = await throwAwayDatabase(database.schema);
  const oldVersion = prepareOld(from, scratch);
  const newVersion: Version = { name: `new ${git('rev-parse', '--short', 'HEAD')}`, dir: NEW_DIR };
  console.log(`rolling upgrade ${oldVersion.name} -> ${newVersion.name} on schema ${database.schema}, jobs on ${redisUrl ? 'Redis' : 'the database'}`);
  const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, DATA_DIR: join(scratch, 'data'), TRANSCODE_PRESET: 'ultrafast' };
  const clip = makeClip(scratch);
  const launch = async (make: () => Promise<Running>) => {
    const started = await make();
    running.push(started);
    return started;
  };
  try {
    // The running deployment: the old API and the old worker.
    const oldApi = await launch(() => startApi(oldVersion, env, 'old API'));
    const oldWorker = await launch(() => startWorker(oldVersion, env, 'old worker'));
    const token = await register(oldApi.url!, 'drill_owner');
    const before = await upload(oldApi.url!, token, clip, 'Uploaded before the upgrade');
    await waitReady(oldApi.url!, token, before, 'a video uploaded before the upgrade');

    // Step 1: the backup the rollback needs, made with the old version's own command.
    const backupDir = join(scratch, 'backup');
    const backup = await runToExit(oldVersion, ['server/admin/cli.ts', 'backup', backupDir], env);
    check('the old version backs up the running deployment', backup.code === 0, backup.code === 0 ? '' : backup.output.slice(-500));

    // Step 2: one new worker migrates while the old processes run.
    const newWorker = await launch(() => startWorker(newVersion, env, 'new worker'));
    check('the new worker starts and migrates beside the old processes', true);
    check('the old API still answers after the migration', (await videoOf(oldApi.url!, token, before)).status === 200);
    check('the old API still signs in', await login(oldApi.url!, 'drill_owner'));
    check('the old API still takes a comment', (await comment(oldApi.url!, token, before, 'written during the upgrade')) === 201);
    const during = await upload(oldApi.url!, token, clip, 'Uploaded during the upgrade');
    await waitReady(oldApi.url!, token, during, 'a video uploaded through the old API with old and new workers');

    // Step 3: workers first, then the API nodes.
    await stop(oldWorker);
    const afterWorkers = await upload(oldApi.url!, token, clip, 'Uploaded once only new workers run');
    await waitReady(oldApi.url!, token, afterWorkers, 'a video the old API queued for the new worker');
    const newApi = await launch(() => startApi(newVersion, env, 'new API'));
    await stop(oldApi);
    for (const [id, label] of [
      [before, 'before'],
      [during, 'during'],
      [afterWorkers, 'after the workers'],
    ] as const) {
      const seen = await videoOf(newApi.url!, token, id);
      check(`the new API serves the video uploaded ${label}`, seen.status === 200 && seen.videoStatus === 'ready', `${seen.status} ${seen.videoStatus}`);
    }
    check('the new API signs in the account made by the old one', await login(newApi.url!, 'drill_owner'));
    const after = await upload(newApi.url!, token, clip, 'Uploaded after the upgrade');
    await waitReady(newApi.url!, token, after, 'a video uploaded after the upgrade');

    // Step 4: nothing failed on the way.
    const failed = await failedJobs(database.url);
    check('no job failed during the roll', failed.length === 0, failed.join('; '));

    // An old process restarted now refuses the migrated database.
    const restart = await runToExit(oldVersion, ['server/index.ts'], { ...env, PORT: String(await freePort()) });
    check('an old API restarted on the migrated database refuses with exit 1', restart.code === 1 && restart.output.includes('newer version of Vidshare'), `exit ${restart.code}`);

    // Rolling back: the old version restores the step 1 backup into an empty database and DATA_DIR.
    for (const node of [newApi, newWorker]) await stop(node);
    const rollbackEnv = { DATABASE_URL: restored.url, REDIS_URL: redisUrl, DATA_DIR: join(scratch, 'restored'), TRANSCODE_PRESET: 'ultrafast' };
    const restore = await runToExit(oldVersion, ['server/admin/cli.ts', 'restore', backupDir], rollbackEnv);
    check('the old version restores the backup', restore.code === 0, restore.code === 0 ? '' : restore.output.slice(-500));
    const rolledBack = await launch(() => startApi(oldVersion, rollbackEnv, 'rolled-back API'));
    const kept = await videoOf(rolledBack.url!, token, before);
    check('the rolled-back API serves the video from before the backup', kept.status === 200 && kept.videoStatus === 'ready', `${kept.status} ${kept.videoStatus}`);
    check('the rolled-back API signs in', await login(rolledBack.url!, 'drill_owner'));
    check('what was written after the backup is not in the rollback', (await videoOf(rolledBack.url!, token, after)).status === 404);
  } catch (error) {
    check('the drill ran to its end', false, error instanceof Error ? error.message : String(error));
    for (const node of running) console.log(`--- ${node.label}, last output ---\n${node.output().slice(-1500)}`);
  } finally {
    for (const node of running) await stop(node);
    await database.drop();
    await restored.drop();
    git('worktree', 'remove', '--force', oldVersion.dir);
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failures.length ? `${failures.length} check(s) failed` : 'upgrade drill: every check passed');
  if (failures.length) process.exitCode = 1;
}

await main();
