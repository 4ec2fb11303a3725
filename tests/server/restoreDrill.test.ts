// The restore drill as docs/operations.md tells it, on PostgreSQL and an S3 emulator (s3rver):
// a backup of a deployment whose media is in S3 carries that media; restored into a database and
// a bucket of their own it has every table's rows and every object's bytes; production's bucket is
// untouched by all of it. The old drill's mistake (production's bucket still configured) is
// refused by restore, by `prune --apply`, and by the sweeps of a server started that way.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases, registerUser, startServer } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { makeClip, mp4Upload, uploadVideo, waitForVideo } from './mediaFixtures.js';
import { runAdmin } from './adminFixtures.js';
import { freePort, spawnTs, stopProcess } from './processes.js';
import { startS3rverProcess, type S3rverProcess } from './s3rverProcess.js';

const PRODUCTION = 'vidshare-production';
const DRILL = 'vidshare-drill';
const MARKER = '.vidshare-deployment';
const HOUR = 3600_000;

/** Row counts of every table in `schema` of the database at `url`. */
async function tableCounts(url: string, schema: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (await client.query(`select table_name from information_schema.tables where table_schema = $1 order by 1`, [schema])).rows.map((row) => row.table_name as string);
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = Number((await client.query(`select count(*) as n from "${schema}"."${table}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

describe.skipIf(!databases.includes('postgres'))('restore drill on PostgreSQL and S3', () => {
  let s3: S3rverProcess;
  let client: S3Client;
  const drillDatabase = `drill_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const folders: string[] = [];
  const folder = async (name: string) => {
    const path = await mkdtemp(join(tmpdir(), `vidshare-${name}-`));
    folders.push(path);
    return path;
  };
  /** Every object of a bucket with its SHA-256. */
  const objects = async (bucket: string) => {
    const found: Record<string, string> = {};
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const { Key } of page.Contents ?? []) {
        const body = await (await client.send(new GetObjectCommand({ Bucket: bucket, Key }))).Body!.transformToByteArray();
        found[Key!] = createHash('sha256').update(body).digest('hex');
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  };
  const withoutMarker = (found: Record<string, string>) => Object.fromEntries(Object.entries(found).filter(([key]) => key !== MARKER));
  const admin = async (query: string) => {
    const connection = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await connection.connect();
    try {
      await connection.query(query);
    } finally {
      await connection.end();
    }
  };

  beforeAll(async () => {
    s3 = await startS3rverProcess(PRODUCTION, DRILL);
    client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await admin(`CREATE DATABASE ${drillDatabase}`);
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
    for (const path of folders) await rm(path, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${drillDatabase} WITH (FORCE)`);
  });

  it('backs up the bucket, restores it into a bucket of its own, and never touches production', async () => {
    const bucketEnv = (bucket: string) => ({ ...s3.env, S3_BUCKET: bucket });
    const production = await startServer({ dialect: 'postgres', env: { ...bucketEnv(PRODUCTION), TRANSCODE_PRESET: 'ultrafast' } });
    let drillServer: ReturnType<typeof spawnTs> | null = null;
    try {
      const owner = await registerUser(production);
      const clip = await makeClip('restore-drill.mp4', { width: 320, height: 240, seconds: 2 });
      const upload = await uploadVideo(production, owner.token, await mp4Upload(clip, 'Drilled'));
      expect(upload.status).toBe(201);
      await waitForVideo(production.app.repos, upload.body.data._id, (state) => state.job?.state === 'done', 120_000);
      await registerUser(production);

      const backupDir = join(await folder('drill-backup'), 'taken');
      const productionCli = { DATA_DIR: production.dataDir, DATABASE_URL: production.config.databaseUrl!, LOG_LEVEL: 'warn', JWT_SECRET: 'test-secret-test-secret-test-secret', ...bucketEnv(PRODUCTION) };
      const backup = await runAdmin(['backup', backupDir], productionCli);
      expect(backup.code, backup.stderr).toBe(0);
      const productionCounts = await tableCounts(process.env.DATABASE_URL!, production.schema!);
      const objectsAtBackup = withoutMarker(await objects(PRODUCTION));
      expect(Object.keys(objectsAtBackup).some((key) => key.startsWith('videos/'))).toBe(true);
      const manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest.media).toMatchObject({ included: true, from: 's3', files: Object.keys(objectsAtBackup).length });

      // Production goes on after the backup: an image (named as stored two hours ago, past the
      // sweep's grace) that only production's rows point at.
      const later = `${v7({ msecs: Date.now() - 2 * HOUR })}.webp`;
      await production.app.storage.putBuffer(`images/${later}`, Buffer.from('an avatar stored after the backup'), 'image/webp');
      await production.app.db.db.updateTable('users').set({ avatar: later }).where('id', '=', owner.id).execute();
      const productionBefore = await objects(PRODUCTION);

      const drillUrl = new URL(process.env.DATABASE_URL!);
      drillUrl.pathname = `/${drillDatabase}`;
      drillUrl.searchParams.set('options', `-c search_path=${production.schema}`);
      const drillDataDir = join(await folder('drill'), 'data');
      const drill = { DATA_DIR: drillDataDir, DATABASE_URL: drillUrl.toString(), LOG_LEVEL: 'warn', JWT_SECRET: '', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' };

      // Only DATA_DIR and DATABASE_URL changed, production's bucket still configured: refused, nothing written.
      const intoProduction = await runAdmin(['restore', backupDir], { ...drill, ...bucketEnv(PRODUCTION) });
      expect(intoProduction.code).toBe(1);
      expect(intoProduction.stderr).toMatch(/S3 bucket vidshare-production holds the media of deployment [0-9a-f-]{36}/);
      expect(await objects(PRODUCTION)).toEqual(productionBefore);
      expect(await tableCounts(drillUrl.toString(), production.schema!)).toEqual({});

      // Into a bucket of its own: every table and every object as at the backup.
      const restore = await runAdmin(['restore', backupDir], { ...drill, ...bucketEnv(DRILL) });
      expect(restore.code, restore.stderr).toBe(0);
      expect(await tableCounts(drillUrl.toString(), production.schema!)).toEqual(productionCounts);
      const drilled = await objects(DRILL);
      expect(withoutMarker(drilled)).toEqual(objectsAtBackup);
      expect(drilled[MARKER]).toBeDefined();
      expect(drilled[MARKER]).not.toBe(productionBefore[MARKER]);

      // The restored copy pointed at production's bucket: prune --apply refuses.
      const prune = await runAdmin(['prune', '--apply'], { ...drill, ...bucketEnv(PRODUCTION) });
      expect(prune.code).toBe(1);
      expect(prune.stderr).toMatch(/Nothing removed: the media storage belongs to deployment/);

      // A server on the restored copy and production's bucket starts, and refuses its start-up sweeps.
      const port = await freePort();
      drillServer = spawnTs('server/index.ts', { ...drill, ...bucketEnv(PRODUCTION), LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), CLIENT_DIR: join(drillDataDir, 'no-client') });
      await eventually(() => drillServer!.output(), { until: (output) => output.includes('start-up sweeps refused') || drillServer!.exitCode !== null, timeout: 60_000, what: 'the drill server to refuse its sweeps' });
      expect(drillServer.output()).toContain('start-up sweeps refused');
      const login = await call({ url: `http://127.0.0.1:${port}` }, 'POST', '/users/login', { json: { email: owner.email, password: owner.password } });
      expect(login.status).toBe(200);
      await stopProcess(drillServer);
      drillServer = null;

      expect(await objects(PRODUCTION)).toEqual(productionBefore);
    } finally {
      if (drillServer) await stopProcess(drillServer);
      await production.close();
    }
  }, 300_000);
});
