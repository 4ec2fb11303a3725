// SQLite's plans for the reads that pick one channel's videos. Without statistics (ANALYZE never
// runs on a fresh database) the planner served them from videos_status_id and walked every ready
// video: 0.8 s for a subscriptions-feed page at a million videos. These plans do not depend on the
// data, so a small database shows what a large one would do.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin, PluginTransformQueryArgs, QueryId, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../server/db/kysely.js';
import { createRepositories } from '../../server/db/repositories/index.js';

/** Keeps every query the repositories run, so the test can ask SQLite for its plan. */
class QueryRecorder implements KyselyPlugin {
  readonly queries: { node: RootOperationNode; queryId: QueryId }[] = [];
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push({ node, queryId });
    return node;
  }
  async transformResult<T>({ result }: { result: T }): Promise<T> {
    return result;
  }
}

describe('SQLite query plans for one channel at a time', () => {
  let dir: string;
  let handle: DatabaseHandle;
  const recorder = new QueryRecorder();
  let repos: ReturnType<typeof createRepositories>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vidshare-plans-'));
    handle = openDatabase(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'plans' }));
    await migrateToLatest(handle);
    repos = createRepositories({ ...handle, db: handle.db.withPlugin(recorder) }, { idempotencyKeyTtlMs: 60_000 });
  });
  afterAll(async () => {
    await handle?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The plan of each query `read` runs, one line per step. */
  async function plansOf(read: () => Promise<unknown>): Promise<string[][]> {
    recorder.queries.length = 0;
    await read();
    const plans: string[][] = [];
    for (const { node, queryId } of recorder.queries) {
      const compiled = handle.db.getExecutor().compileQuery(node, queryId);
      const rows = await handle.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
      plans.push(rows.rows.map((row) => row.detail));
    }
    return plans;
  }

  function expectOwnerRanges(plans: string[][]) {
    expect(plans).toHaveLength(1);
    const steps = plans[0]!;
    expect(steps.some((step) => step.includes('videos_owner_id'))).toBe(true);
    expect(steps.filter((step) => step.includes('videos_status_id'))).toEqual([]);
  }

  it('reads each followed channel as a range of videos_owner_id in the subscriptions feed', async () => {
    expectOwnerRanges(await plansOf(() => repos.videos.subscriptionFeed('nobody', { limit: 20, offset: 200 })));
  });

  it("reads a channel's listed videos from videos_owner_id", async () => {
    expectOwnerRanges(await plansOf(() => repos.videos.uploadedBy('nobody', { limit: 20, offset: 0 }, { allStatuses: false })));
  });
});
