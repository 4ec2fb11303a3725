// Health, in three answers. Liveness: the process serves HTTP. Readiness: this process can take
// traffic (or jobs): not shutting down, its database answers, and where it runs jobs a working
// ffmpeg. Status: every dependency, the shared ones (Redis, S3) included, and the features an
// outage of one takes away. A shared dependency's outage is every node's at once: it degrades
// the features that need it (503 + Retry-After there) and shows in the status and the metrics,
// but never takes the nodes out of rotation (that would turn a Redis restart into a full outage).
import { errorBody } from '../../contract/envelope.js';
import { type DatabaseHandle, pingDatabase } from '../db/kysely.js';
import { envelope } from '../http/envelope.js';
import type { MediaStorage, MissingCapability } from '../media/storage.js';
import type { Metrics } from '../metrics/metrics.js';
import type { RedisLink } from '../redis/redisLink.js';

type Dependency = 'database' | 'redis' | 'storage' | 'mediaTools';

interface DependencyCheck {
  ok: boolean;
  ms: number;
  error?: string;
}

export interface HealthDeps {
  db: DatabaseHandle;
  storage: MediaStorage;
  redis: RedisLink | null;
  /**
   * Where this process runs jobs: why ffmpeg/ffprobe cannot work (checked once at start), or null
   * when they do. Undefined where no job runs.
   */
  mediaToolsProblem?: string | null;
  /** Set once a shutdown has begun. */
  draining?: () => boolean;
}

export interface Readiness {
  ready: boolean;
  checks: Partial<Record<Dependency, DependencyCheck>>;
  /** Why not ready ("database did not answer", "shutting down"...), empty when ready. */
  reasons: string[];
}

/** A feature out of service, what it lacks and what its users are told. */
type DegradedFeature = MissingCapability;

export interface HealthStatus extends Readiness {
  /** ok: everything answers; degraded: ready, but a shared dependency is out (see `degraded`). */
  status: 'ok' | 'degraded' | 'not ready';
  degraded: DegradedFeature[];
}

const CHECK_TIMEOUT_MS = 2000;

/** What tus answers (503) while Redis is away: the upload's lock across nodes cannot be taken safely. */
export const NO_REDIS_FOR_LOCKS: DegradedFeature = {
  feature: 'resumable uploads',
  missing: 'Redis',
  message: 'Resumable uploads need Redis (their lock across servers), which is not answering; try again in a few seconds',
};

/** What a Redis outage takes away (the rest falls back: rate limits per process, the read cache skipped). */
const REDIS_DOWN_FEATURES: DegradedFeature[] = [
  NO_REDIS_FOR_LOCKS,
  { feature: 'live events across servers', missing: 'Redis', message: 'Live updates reach only the browsers connected to the server that raised them' },
  { feature: 'job hand-over', missing: 'Redis', message: 'New jobs wait in the jobs table and go to the workers when Redis is back' },
];
const STORAGE_DOWN: DegradedFeature = {
  feature: 'media',
  missing: 'media storage',
  message: 'Playback, uploads and images answer 503 with Retry-After while the media storage does not answer',
};

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

function toolsCheck(problem: string | null): DependencyCheck {
  return problem ? { ok: false, ms: 0, error: problem } : { ok: true, ms: 0 };
}

/** Readiness from this process's own parts only: a shared dependency's outage never turns it to 503. */
export async function checkReadiness(deps: HealthDeps, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const checks: Readiness['checks'] = { database: await timed(() => pingDatabase(deps.db.db), timeoutMs) };
  if (deps.mediaToolsProblem !== undefined) checks.mediaTools = toolsCheck(deps.mediaToolsProblem);
  return { checks, ...verdict(deps, checks) };
}

function verdict(deps: HealthDeps, checks: Readiness['checks']): Pick<Readiness, 'ready' | 'reasons'> {
  const reasons: string[] = [];
  if (deps.draining?.()) reasons.push('shutting down');
  if (checks.database && !checks.database.ok) reasons.push('database did not answer');
  if (checks.mediaTools && !checks.mediaTools.ok) reasons.push('ffmpeg does not work, so no transcode job is taken');
  return { ready: reasons.length === 0, reasons };
}

/** Every dependency, and the features out of service: for monitoring, never for a load balancer. */
export async function checkStatus(deps: HealthDeps, timeoutMs = CHECK_TIMEOUT_MS): Promise<HealthStatus> {
  const { redis } = deps;
  const probes: [Dependency, () => Promise<unknown>][] = [
    ['database', () => pingDatabase(deps.db.db)],
    ['storage', () => deps.storage.check()],
  ];
  if (redis) probes.push(['redis', () => redis.ping()]);
  const results = await Promise.all(probes.map(async ([name, probe]) => [name, await timed(probe, timeoutMs)] as const));
  const checks = Object.fromEntries(results) as Readiness['checks'];
  if (deps.mediaToolsProblem !== undefined) checks.mediaTools = toolsCheck(deps.mediaToolsProblem);
  const degraded: DegradedFeature[] = [];
  if (checks.redis && !checks.redis.ok) degraded.push(...REDIS_DOWN_FEATURES);
  if (checks.storage && !checks.storage.ok) degraded.push(STORAGE_DOWN);
  else {
    // Probed once and remembered by the storage: only a first call (or one after no answer) waits on S3.
    await timed(async () => degraded.push(...(await deps.storage.missingCapabilities())), timeoutMs);
  }
  const { ready, reasons } = verdict(deps, checks);
  return { status: !ready ? 'not ready' : degraded.length ? 'degraded' : 'ok', ready, reasons, checks, degraded };
}

/**
 * The gauges monitoring alerts on, read when scraped: `vidshare_ready` (this process's readiness)
 * and `vidshare_dependency_up{dependency}` (1 answers, 0 does not).
 */
export function watchHealth(metrics: Metrics, deps: HealthDeps): void {
  let last: Promise<HealthStatus> | null = null;
  // Both gauges are collected in one scrape: one round of checks serves both.
  const status = () => (last ??= checkStatus(deps).finally(() => setTimeout(() => (last = null), 100).unref()));
  metrics.gauge('vidshare_ready', 'Whether this process is ready for traffic or jobs (1) or not (0)', [], async (gauge) => {
    gauge.set((await status()).ready ? 1 : 0);
  });
  metrics.gauge('vidshare_dependency_up', 'Whether a dependency answers (1) or not (0): database, redis, storage, mediaTools', ['dependency'], async (gauge) => {
    const { checks } = await status();
    gauge.reset();
    for (const [dependency, check] of Object.entries(checks)) gauge.set({ dependency }, check.ok ? 1 : 0);
  });
}

/** Readiness as answered over HTTP (the API's route and the worker's metrics port): 200 or 503 naming why. */
export function readinessAnswer(readiness: Readiness): { status: number; body: unknown } {
  if (readiness.ready) return { status: 200, body: envelope(200, { status: 'ready', checks: readiness.checks }, 'Ready') };
  const failed = Object.entries(readiness.checks).flatMap(([dependency, check]) => (check.ok ? [] : [{ dependency, ...check }]));
  const errors = [...readiness.reasons.map((reason) => ({ reason })), ...failed];
  return { status: 503, body: errorBody(503, `Not ready: ${readiness.reasons.join('; ')}`, errors) };
}

/** The status as answered over HTTP: 200 whenever the process answers; the body says what is out. */
export function statusAnswer(status: HealthStatus): { status: number; body: unknown } {
  const message =
    status.status === 'ok'
      ? 'Every dependency answers'
      : status.status === 'degraded'
        ? `Degraded: ${status.degraded.map((item) => `${item.feature} (${item.missing})`).join(', ')}`
        : `Not ready: ${status.reasons.join('; ')}`;
  return { status: 200, body: envelope(200, status, message) };
}
