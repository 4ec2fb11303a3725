// Migrating a fresh schema while other schemas of the same PostgreSQL database are being dropped
// (another deployment, or another test file closing): the boot must not read the other schemas,
// which a concurrent DROP SCHEMA takes away in the middle of a catalog query.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { migrateToLatest, openDatabase } from '../../server/db/kysely.js';
import { databases } from '../support/server.js';

const onPostgres = databases.includes('postgres');
if (!onPostgres) console.log('[skip] migrating beside dropped schemas: needs PostgreSQL (DATABASE_URL)');

const prefix = `mig_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
const OTHER_SCHEMAS = 300;
const fresh = `${prefix}_fresh`;

describe.runIf(onPostgres)('migrating beside schemas being dropped', () => {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  afterAll(async () => {
    await admin.query(`DO $$ DECLARE s text; BEGIN
      FOR s IN SELECT nspname FROM pg_namespace WHERE nspname LIKE '${prefix}%' LOOP EXECUTE format('DROP SCHEMA %I CASCADE', s); END LOOP; END $$`);
    await admin.end();
  });

  it('reads only its own schema: drops committed elsewhere meanwhile do not fail it', async () => {
    await admin.connect();
    await admin.query(`DO $$ BEGIN FOR i IN 1..${OTHER_SCHEMAS} LOOP
      EXECUTE format('CREATE SCHEMA %I', '${prefix}_o' || i);
      EXECUTE format('CREATE TABLE %I.items (id serial primary key, name text, body text)', '${prefix}_o' || i);
      END LOOP; END $$`);
    await admin.query(`CREATE SCHEMA ${fresh}`);

    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${fresh}`);
    const handle = openDatabase(loadConfig({ DATA_DIR: '/tmp', DATABASE_URL: url.toString() }));
    let migrating = true;
    // One schema dropped at a time, each drop committed, for as long as the migration runs.
    const drops = (async () => {
      const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await dropper.connect();
      let dropped = 0;
      while (migrating && dropped < OTHER_SCHEMAS) await dropper.query(`DROP SCHEMA ${prefix}_o${++dropped} CASCADE`);
      await dropper.end();
      return dropped;
    })();
    try {
      const outcome = await migrateToLatest(handle).then(
        () => 'migrated',
        (error: Error) => error.message,
      );
      migrating = false;
      expect(await drops).toBeGreaterThan(0);
      expect(outcome).toBe('migrated');
      const tables = await admin.query(`select count(*)::int as n from information_schema.tables where table_schema = '${fresh}'`);
      expect(tables.rows[0].n).toBeGreaterThan(10);
    } finally {
      migrating = false;
      await drops.catch(() => {});
      await handle.close();
    }
  });
});
