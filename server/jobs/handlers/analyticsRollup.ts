// analytics-rollup {}: folds every heartbeat waiting into the hourly and daily rollups, batch by
// batch (each batch one transaction, so a rerun or a crash never counts one twice), then prunes
// the raw rows and view marks that left the replay window. Queued by the heartbeat intake and the
// studio's reads, at most every few seconds per process, under one id.
import type { JobHandler } from '../types.js';

/**
 * Heartbeats per transaction: a larger batch rewrites each hour row less often (2,000 a batch
 * folded about 1.5x slower); on SQLite a batch holds the write lock for a few hundred ms.
 */
const ROLLUP_BATCH = 10_000;

export const analyticsRollupJob: JobHandler<'analytics-rollup'> = {
  lane: 'messages',
  maxAttempts: 3,
  backoffMs: (attempt) => 5_000 * attempt,

  async run(deps) {
    const analytics = deps.repos.analytics;
    let folded = 0;
    for (;;) {
      const count = await analytics.rollUpBatch(ROLLUP_BATCH);
      folded += count;
      if (count < ROLLUP_BATCH) break;
    }
    const pruned = await analytics.prune(Date.now());
    return { heartbeats: folded, pruned: pruned.heartbeats };
  },
};
