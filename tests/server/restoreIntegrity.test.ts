// A backup is untrusted input to `restore` (which often runs as root): a manifest naming a path
// outside the target is refused with nothing written, a file that does not match its SHA-256 is
// refused before anything is written, a truncated database is refused in one line and leaves the
// target as it was (so the retry works), and secrets land owner-only whatever the backup's modes.
// Backups themselves are owner-only.
import { cp, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile, chmod } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, registerUser, startServer } from '../support/server.js';
import { runAdmin } from './adminFixtures.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir` with its mode, by relative path. */
async function modes(dir: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found[join(entry.parentPath, entry.name).slice(dir.length + 1)] = (await stat(join(entry.parentPath, entry.name))).mode & 0o777;
  }
  return found;
}

/**
 * A manifest naming a path outside the layout and a file not matching its SHA-256 are refused
 * before the configuration or any database is read: checked on one database (the last: PostgreSQL
 * when reachable, where "nothing written" also covers the schema).
 */
const refusalDialect = databases.at(-1)!;

describe.each(databases)('restore of an untrusted backup on %s', (dialect) => {
  const folders: string[] = [];
  const folder = async (name: string) => {
    const path = await mkdtemp(join(tmpdir(), `vidshare-${name}-`));
    folders.push(path);
    return path;
  };
  let backupDir = '';
  let databaseUrl: string | null = null;
  let schema: string | null = null;
  const noSecret = { JWT_SECRET: '', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' };
  /** A target: a DATA_DIR that does not exist yet (under a folder of its own), and the emptied schema. */
  const target = async () => {
    const parent = await folder('target');
    return { parent, dataDir: join(parent, 'data'), env: { DATA_DIR: join(parent, 'data'), LOG_LEVEL: 'warn', ...noSecret, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } };
  };
  const tableCount = async () => {
    if (!schema) return 0;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      return Number((await admin.query(`select count(*) as n from information_schema.tables where table_schema = $1`, [schema])).rows[0].n);
    } finally {
      await admin.end();
    }
  };
  /** A copy of the backup to tamper with. */
  const tampered = async (change: (dir: string, manifest: Record<string, any>) => Promise<void>) => {
    const dir = join(await folder('tampered'), 'backup');
    await cp(backupDir, dir, { recursive: true });
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    await change(dir, manifest);
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
    return dir;
  };

  beforeAll(async () => {
    const api = await startServer({ dialect, env: noSecret });
    await registerUser(api); // an avatar: media in the backup
    backupDir = join(await folder('backup'), 'taken');
    const cli = { DATA_DIR: api.dataDir, LOG_LEVEL: 'warn', ...noSecret, ...(api.config.databaseUrl ? { DATABASE_URL: api.config.databaseUrl } : {}) };
    const backup = await runAdmin(['backup', backupDir], cli);
    expect(backup.code, backup.stderr).toBe(0);
    databaseUrl = api.config.databaseUrl;
    schema = api.schema;
    await api.close(); // drops its schema: the restore target
  }, 120_000);

  afterAll(async () => {
    for (const path of folders) await rm(path, { recursive: true, force: true });
    if (schema) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });

  it('writes the backup owner-only, with a SHA-256 for every file', async () => {
    const manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8'));
    const files = await modes(backupDir);
    expect(Object.keys(files).some((name) => name.startsWith('media/images/'))).toBe(true);
    for (const [name, mode] of Object.entries(files)) expect(mode, name).toBe(0o600);
    expect(Object.keys(manifest.files).sort()).toEqual(Object.keys(files).filter((name) => name !== 'manifest.json').sort());
    for (const [name, digest] of Object.entries(manifest.files as Record<string, { sha256: string }>)) {
      expect(digest.sha256, name).toBe(sha256(await readFile(join(backupDir, name))));
    }
  });

  it.runIf(dialect === refusalDialect)('refuses a manifest naming paths outside DATA_DIR, writing nothing', async () => {
    const { parent, dataDir, env } = await target();
    const secretEscape = await tampered(async (dir, manifest) => {
      await writeFile(join(dir, 'escaped'), 'written outside DATA_DIR');
      manifest.secrets = ['../escaped'];
    });
    const mediaEscape = await tampered(async (dir, manifest) => {
      await writeFile(join(dir, 'escaped'), 'written outside DATA_DIR');
      manifest.files['media/../../escaped'] = { sha256: sha256(Buffer.from('written outside DATA_DIR')), bytes: 24 };
    });
    // Both into the same target at once: neither may write anything.
    const [refused, refusedMedia] = await Promise.all([runAdmin(['restore', secretEscape], env), runAdmin(['restore', mediaEscape], env)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/names a secret file '\.\.\/escaped'/);
    expect(refusedMedia.code).toBe(1);
    expect(refusedMedia.stderr).toMatch(/outside the backup's layout/);
    expect(await readdir(parent)).toEqual([]);
    expect(existsSync(join(tmpdir(), 'escaped'))).toBe(false);
    expect(await tableCount()).toBe(0);
    expect(dataDir).toBe(join(parent, 'data'));
  }, 60_000);

  it.runIf(dialect === refusalDialect)('refuses a file that does not match its checksum before writing anything', async () => {
    const { parent, env } = await target();
    const altered = await tampered(async (dir, manifest) => {
      const image = Object.keys(manifest.files).find((name) => name.startsWith('media/images/'))!;
      const bytes = await readFile(join(dir, image));
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff; // same size, other bytes
      await writeFile(join(dir, image), bytes);
    });
    const refused = await runAdmin(['restore', altered], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/does not match its SHA-256/);
    expect(await readdir(parent)).toEqual([]);
    expect(await tableCount()).toBe(0);
  }, 60_000);

  it('refuses a truncated database in one line, leaves the target as it was, and the retry with a good backup works', async () => {
    const { parent, dataDir, env } = await target();
    // A backup cut short whose manifest still agrees with it: only the database itself can tell.
    const cut = await tampered(async (dir, manifest) => {
      const name = dialect === 'sqlite' ? 'vidshare.sqlite' : 'database.pgdump';
      const { size } = await stat(join(dir, name));
      await truncate(join(dir, name), Math.floor(size / 2));
      const bytes = await readFile(join(dir, name));
      manifest.files[name] = { sha256: sha256(bytes), bytes: bytes.length };
    });
    const refused = await runAdmin(['restore', cut], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/^Error: /);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(parent)).toEqual([]);
    expect(await tableCount()).toBe(0);

    // The secrets come back owner-only even when the backup's copies are not.
    await chmod(join(backupDir, 'secrets', 'jwt-secret'), 0o644);
    const retry = await runAdmin(['restore', backupDir], env);
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.stdout).toContain('(as in the backup)');
    for (const name of ['jwt-secret', 'vapid-keys.json']) expect((await stat(join(dataDir, name))).mode & 0o777, name).toBe(0o600);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  }, 60_000);
});
