// An older version started on a database a newer version migrated: every process that migrates
// (the API, `npm run worker`, the admin commands) refuses with one line and a non-zero exit, and
// nothing is migrated or run.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/kysely.js';
import { NewerDatabaseError } from '../../server/db/newerDatabase.js';
import { runAdmin } from './adminFixtures.js';
import { databases } from '../support/server.js';
import { freePort, type Place, sharedPlace, spawnTs } from './processes.js';

const FUTURE = '9999_from_a_newer_version';
const REFUSAL = `This database was migrated by a newer version of Vidshare (migration ${FUTURE}); run that version, or restore the backup taken before the upgrade`;

/** Runs a server entry point until it exits; its exit code and everything it printed. */
async function runToExit(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawnTs(script, env);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output: child.output() };
}

/** The refusal is one line of its own, no stack trace. */
function expectOneLineRefusal(output: string) {
  const lines = output.split('\n').filter((line) => line.includes('newer version of Vidshare'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(REFUSAL);
  expect(output).not.toMatch(/^\s+at /m);
}

describe.each(databases)('an older version on a newer database (%s)', (dialect) => {
  let place: Place;
  beforeAll(async () => {
    place = await sharedPlace(dialect);
    await migrateToLatest(place.db);
    // What a newer version's migration leaves in Kysely's table.
    await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(place.db.db);
  });
  afterAll(() => place?.dispose());

  const recorded = async () => (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(place.db.db)).rows.map((row) => row.name);

  it('migrating refuses, naming the newer migration, and changes nothing', async () => {
    const before = await recorded();
    const refusal = await migrateToLatest(place.db).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(NewerDatabaseError);
    expect((refusal as Error).message).toContain(REFUSAL);
    expect(await recorded()).toEqual(before);
  });

  it('the API, the worker and an admin command exit non-zero with the one-line refusal', async () => {
    const api = await runToExit('server/index.ts', { ...place.env, PORT: String(await freePort()) });
    expect(api.code).toBe(1);
    expectOneLineRefusal(api.output);

    const worker = await runToExit('server/worker.ts', place.env);
    expect(worker.code).toBe(1);
    expectOneLineRefusal(worker.output);

    const admin = await runAdmin(['role', 'nobody', 'admin'], place.env);
    expect(admin.code).toBe(1);
    expectOneLineRefusal(admin.stderr);
    expect(admin.stderr).not.toContain('No user');
  });
});
