// Heartbeat intake: store what the player reported, say so, and make sure the rollup job will fold it.
// Nothing that names a person beyond the signed-in user's id is kept: no IP, no user agent.
import { ANALYTICS_LIMITS, type Heartbeat } from '../../contract/analytics.js';
import { HeartbeatBatcher } from '../analytics/intakeBatch.js';
import type { UseCaseDeps } from './deps.js';

const ROLLUP_JOB_ID = 'analytics-rollup';
/** The rollup is queued at most this often per process (the job folds everything waiting). */
const ROLLUP_QUEUE_EVERY_MS = 10_000;
const lastQueued = new WeakMap<object, number>();
/** Heartbeats of requests arriving together share one insert (of at most INTAKE_BATCH_ROWS rows). */
const INTAKE_BATCH_ROWS = 2000;
const batchers = new WeakMap<object, HeartbeatBatcher>();

function batcherOf(deps: Pick<UseCaseDeps, 'repos'>): HeartbeatBatcher {
  const analytics = deps.repos.analytics;
  let batcher = batchers.get(analytics);
  if (!batcher) batchers.set(analytics, (batcher = new HeartbeatBatcher((rows) => analytics.insertHeartbeats(rows), INTAKE_BATCH_ROWS)));
  return batcher;
}

/** Queues the rollup unless this process did so within ROLLUP_QUEUE_EVERY_MS. */
export async function queueRollup(deps: Pick<UseCaseDeps, 'jobs'>, nowMs = Date.now()): Promise<void> {
  const last = lastQueued.get(deps.jobs) ?? 0;
  if (nowMs - last < ROLLUP_QUEUE_EVERY_MS) return;
  lastQueued.set(deps.jobs, nowMs);
  await deps.jobs.enqueue('analytics-rollup', {}, { id: ROLLUP_JOB_ID });
}

export async function recordHeartbeats(
  deps: Pick<UseCaseDeps, 'repos' | 'jobs' | 'events'>,
  input: { userId: string | null; heartbeats: readonly Heartbeat[]; nowMs?: number },
): Promise<{ accepted: number; ignored: number }> {
  const nowMs = input.nowMs ?? Date.now();
  const oldest = nowMs - ANALYTICS_LIMITS.replayWindowMs;
  const rows = [];
  for (const beat of input.heartbeats) {
    // The device's clock may be wrong: never later than now; past the window, too late to count once.
    const reported = beat.at ? Date.parse(beat.at) : nowMs;
    const atMs = Math.min(Number.isFinite(reported) ? reported : nowMs, nowMs);
    if (atMs < oldest) continue;
    rows.push({
      id: beat.id,
      video_id: beat.videoId,
      viewer_key: input.userId ? `u:${input.userId}` : `p:${beat.playbackId}`,
      at: new Date(atMs).toISOString(),
      ranges: JSON.stringify(beat.ranges),
      source: beat.source,
      device: beat.device,
    });
  }
  const accepted = await batcherOf(deps).add(rows);
  if (accepted > 0) {
    await deps.events.publish('analytics.heartbeatsRecorded', { accepted });
    await queueRollup(deps, nowMs);
  }
  return { accepted, ignored: input.heartbeats.length - accepted };
}
