// Readiness: may this process take traffic (or jobs)? The database, Redis when configured and
// the media storage must each answer within a short deadline. Used by GET /healthcheck/ready
// and by the worker's metrics.
import { type DatabaseHandle, pingDatabase } from '../db/kysely.js';
import type { MediaStorage, MissingCapability } from '../media/storage.js';
import type { RedisLink } from '../redis/redisLink.js';

type Dependency = 'database' | 'redis' | 'storage';

interface DependencyCheck {
  ok: boolean;
  ms: number;
  error?: string;
}

export interface Readiness {
  ready: boolean;
  checks: Partial<Record<Dependency, DependencyCheck>>;
  /** The dependencies that did not answer, in a stable order. */
  failed: Dependency[];
  /**
   * Features this process cannot offer on its storage (tus without S3 multipart uploads). Still
   * ready: everything else works, and every node on that storage lacks the same, so taking them
   * out of rotation would stop the whole service for the one feature.
   */
  degraded: MissingCapability[];
}

export interface ReadinessDeps {
  db: DatabaseHandle;
  storage: MediaStorage;
  redis: RedisLink | null;
}

const CHECK_TIMEOUT_MS = 2000;

async function timed(check: () => Promise<unknown>, timeoutMs: number): Promise<DependencyCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(deps: ReadinessDeps, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const { redis } = deps;
  const probes: [Dependency, () => Promise<unknown>][] = [
    ['database', () => pingDatabase(deps.db.db)],
    ['storage', () => deps.storage.check()],
  ];
  if (redis) probes.push(['redis', () => redis.ping()]);
  const results = await Promise.all(probes.map(async ([name, probe]) => [name, await timed(probe, timeoutMs)] as const));
  const checks = Object.fromEntries(results) as Readiness['checks'];
  const failed = results.filter(([, result]) => !result.ok).map(([name]) => name);
  // Probed once and remembered by the storage: only a first call (or one after no answer) waits on S3.
  let degraded: MissingCapability[] = [];
  if (checks.storage?.ok) await timed(async () => (degraded = await deps.storage.missingCapabilities()), timeoutMs);
  return { ready: failed.length === 0, checks, failed, degraded };
}
