// Remote transcoding runners: the operator's commands (`npm run admin -- runner add|list|revoke`,
// real child processes), the runner API's token and lease rules, and a real runner process
// (`server/runner/main.ts`, as `npm run runner` starts it) transcoding an upload end to end with
// only the API's URL and its token. TRANSCODE_RUNNERS=remote: no process of the API transcodes.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from './adminFixtures.js';
import { databases, startServer, type TestServer } from './harness.js';

describe.each(databases)('remote runners (%s)', (dialect) => {
  let server: TestServer & { dataDir: string };
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startServer({ dialect, env: { TRANSCODE_RUNNERS: 'remote', RUNNER_LEASE_MS: '1500' } });
    env = { DATA_DIR: server.dataDir, JWT_SECRET: server.config.jwtSecret, LOG_LEVEL: 'warn', TRANSCODE_RUNNERS: 'remote', ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) };
  });
  afterAll(() => server?.close());

  /** `runner add NAME`: its token is the last line; only the token's SHA-256 is stored. */
  async function addRunner(name: string): Promise<string> {
    const added = await runAdmin(['runner', 'add', name], env);
    expect(added.code, added.stderr).toBe(0);
    const token = added.stdout.trim().split('\n').at(-1)!;
    expect(token).toMatch(/^vsr_[A-Za-z0-9_-]{43}$/);
    return token;
  }

  it('adds, lists and revokes runners; the database keeps only the token hash', async () => {
    const token = await addRunner('gpu-1');
    const row = await server.app.db.db.selectFrom('runners').selectAll().where('name', '=', 'gpu-1').executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const again = await runAdmin(['runner', 'add', 'gpu-1'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("A runner named 'gpu-1' exists already");

    const listed = await runAdmin(['runner', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^gpu-1\tactive\t/m);

    const revoked = await runAdmin(['runner', 'revoke', 'gpu-1'], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('Runner gpu-1 revoked');
    const row2 = await server.app.db.db.selectFrom('runners').select('revoked_at').where('name', '=', 'gpu-1').executeTakeFirstOrThrow();
    expect(row2.revoked_at).not.toBeNull();
  }, 60_000);
});
