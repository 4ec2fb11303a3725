// Every environment variable the server reads, typed and defaulted, in one place.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import webPush from 'web-push';
import { LIMITS } from '../contract/limits.js';

export type DatabaseDialect = 'sqlite' | 'postgres';

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * How long a storage call waits for S3 to connect and start answering (a hung S3 then fails
   * requests with 503 instead of holding them); an upload that sends nothing for this long fails too.
   */
  timeoutMs: number;
}

/** Web Push: the VAPID identity, and where and how pushes may be sent. */
export interface PushConfig {
  /** Uncompressed P-256 public key, base64url (what browsers get as applicationServerKey). */
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /** `mailto:` or `https:` contact the push services may use (the JWT's `sub`). */
  vapidSubject: string;
  /** Origins allowed over plain http or to private addresses (a test's or a local push service). */
  allowInsecureOrigins: string[];
  /** How long a push service keeps an undelivered message (the TTL header). */
  ttlSeconds: number;
  /** How long one delivery may take, connection and answer included. */
  timeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** Everything the server writes: SQLite file, local media, generated secrets. */
  dataDir: string;
  /** Built client served with SPA fallback; absent in API-only runs. */
  clientDir: string;
  /** The server-rendering build (`vite build --ssr`); absent: every page gets the plain shell. */
  ssrDir: string;
  dialect: DatabaseDialect;
  databaseUrl: string | null;
  sqliteFile: string;
  redisUrl: string | null;
  /** How long a read-cache entry may live (server/cache/readCache.ts); 0 turns the cache off. */
  readCacheTtlMs: number;
  /** Redis key prefix of the shared read cache: by default one per database, so processes on one database share it. */
  readCacheNamespace: string;
  /** Redis channel prefix of the socket.io adapter: by default one per database, like the read cache's. */
  liveEventsNamespace: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  corsOrigins: string[];
  /** Prefix for media URLs in answers ('' = same origin). */
  publicUrl: string;
  s3: S3Config | null;
  mediaDir: string;
  aiBaseUrl: string | null;
  aiModel: string;
  aiApiKey: string | null;
  aiTimeoutMs: number;
  ffmpegPath: string | null;
  ffprobePath: string | null;
  /** Run transcoding jobs in this process (off for API-only nodes when a separate worker runs). */
  runJobsInProcess: boolean;
  /** BullMQ queue name (with REDIS_URL): every API node and worker of one deployment shares it; by default one per database. */
  jobsQueueName: string;
  /** x264 preset for renditions (veryfast: chosen by bench/media.ts's CPU, bytes and SSIM per rung). */
  transcodePreset: string;
  /**
   * Who runs transcode jobs: 'local' (the API with RUN_JOBS_IN_PROCESS, or `npm run worker`) or
   * 'remote' (they wait for `npm run runner` processes, which claim them over the API).
   */
  transcodeRunners: TranscodeRunners;
  /** A remote runner's lease on a job: one silent this long loses the job (it is queued again). */
  runnerLeaseMs: number;
  /**
   * Frames taken with ffmpeg outside transcoding (a thumbnail at upload or at thumbnailAt): at most
   * `max` at once in this process, `queue` more waiting at most `waitMs` each (past that: 503 with
   * Retry-After), each run killed after `timeoutMs`.
   */
  frameGrabs: { max: number; queue: number; waitMs: number; timeoutMs: number };
  /** How long a streamed rung's own fragments outlive its published file (players still on the stream move over meanwhile). */
  liveFilesGraceMs: number;
  /** namespace: the Redis key prefix of the counters; deployments (or test runs) sharing one Redis keep apart by it. */
  rateLimit: { windowMs: number; authMax: number; writeMax: number; namespace: string };
  maxVideoBytes: number;
  maxImageBytes: number;
  /** How long an Idempotency-Key and its stored answer are kept. */
  idempotencyKeyTtlMs: number;
  /** A resumable (tus) upload not finished this long after its creation is deleted. */
  tusExpiryMs: number;
  logLevel: string;
  trustProxy: boolean;
  /** Prometheus text at :metricsPort/metrics for this process (API or worker); null = not served. */
  metricsPort: number | null;
  /** A client must send its request headers within this (slowloris). */
  headersTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed (0 = never). */
  idleTimeoutMs: number;
  /** A request body must arrive at least this fast, measured over each bodyRateWindowMs (0 = no check). */
  minBodyBytesPerSecond: number;
  bodyRateWindowMs: number;
  /** SIGTERM/SIGINT: requests and jobs in flight get this long to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** BullMQ job lock: a job whose worker died is taken again after about this long (checked every half of it). */
  jobLockMs: number;
  /** argon2id's cost for new password hashes (lower it only where hashes guard nothing, as in tests). */
  passwordHashing: PasswordHashing;
  push: PushConfig;
}

type Env = Record<string, string | undefined>;

/** argon2id's cost: memory (KiB) and passes. Each hash records its own, so verifying needs only the hash. */
export interface PasswordHashing {
  memoryKib: number;
  timeCost: number;
}

// The library's defaults (64 MiB, t=3, p=4): ~270 ms a hash here, so login is rate-limited.
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { memoryKib: 65_536, timeCost: 3 };

type TranscodeRunners = 'local' | 'remote';

function transcodeRunners(env: Env): TranscodeRunners {
  const raw = (env.TRANSCODE_RUNNERS || 'local').toLowerCase();
  if (raw !== 'local' && raw !== 'remote') throw new Error(`TRANSCODE_RUNNERS must be 'local' or 'remote', got '${env.TRANSCODE_RUNNERS}'`);
  return raw;
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got '${raw}'`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/**
 * Every file under DATA_DIR that holds a secret the config reads or generates: `npm run admin --
 * backup` copies these beside the database (a new one must be listed here to be backed up).
 */
export const SECRET_FILES = ['jwt-secret', 'vapid-keys.json'] as const;

/** A secret kept under DATA_DIR so tokens survive restarts without configuration. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILES[0]);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** VAPID keys made once under DATA_DIR, so browsers' subscriptions stay valid across restarts. */
function persistentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, SECRET_FILES[1]);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function pushConfig(env: Env, dataDir: string, publicUrl: string): PushConfig {
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  const fromEnv = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
  const keys = fromEnv ?? persistentVapidKeys(dataDir);
  return {
    vapidPublicKey: keys.publicKey,
    vapidPrivateKey: keys.privateKey,
    // Push services (Apple's above all) refuse a localhost contact: the public https origin when there is one.
    vapidSubject: env.VAPID_SUBJECT || (publicUrl.startsWith('https://') ? publicUrl : 'mailto:webpush@vidshare.invalid'),
    allowInsecureOrigins: list(env.PUSH_ALLOW_INSECURE_ORIGINS).map(originOf),
    ttlSeconds: int(env, 'PUSH_TTL_SECONDS', 24 * 3600),
    timeoutMs: int(env, 'PUSH_TIMEOUT_MS', 10_000),
  };
}

function originOf(raw: string): string {
  if (!URL.canParse(raw)) throw new Error(`PUSH_ALLOW_INSECURE_ORIGINS must list origins such as http://127.0.0.1:4999, got '${raw}'`);
  return new URL(raw).origin;
}

function list(raw: string | undefined): string[] {
  return (raw || '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = env.DATABASE_URL || null;
  const sqliteFile = join(dataDir, 'vidshare.sqlite');
  // Names everything one deployment keeps in Redis (the queue, cache keys, channels, rate-limit
  // counters): REDIS_NAMESPACE, else one per database (processes on one database are one deployment),
  // so deployments sharing a Redis never take each other's jobs or events.
  const redisNamespace = (env.REDIS_NAMESPACE || createHash('sha256').update(databaseUrl ?? sqliteFile).digest('hex').slice(0, 12)).replaceAll(':', '-');
  const clientDir = resolve(env.CLIENT_DIR || './dist');
  const publicUrl = (env.PUBLIC_URL || '').replace(/\/$/, '');
  const s3 =
    env.S3_ENDPOINT && env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || '',
          timeoutMs: int(env, 'S3_TIMEOUT_MS', 5000),
        }
      : null;
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    clientDir,
    // Beside the client build by default: dist -> dist-ssr.
    ssrDir: resolve(env.SSR_DIR || `${clientDir}-ssr`),
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    databaseUrl,
    sqliteFile,
    redisUrl: env.REDIS_URL || null,
    readCacheTtlMs: int(env, 'READ_CACHE_TTL_MS', 10_000),
    readCacheNamespace: env.READ_CACHE_NAMESPACE || `vidshare:rc:${redisNamespace}`,
    liveEventsNamespace: env.LIVE_EVENTS_NAMESPACE || `vidshare:io:${redisNamespace}`,
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 30 * 24 * 3600),
    corsOrigins: list(env.CORS_ORIGINS),
    publicUrl,
    s3,
    mediaDir: join(dataDir, 'media'),
    aiBaseUrl: env.AI_BASE_URL || null,
    aiModel: env.AI_MODEL || 'llama3.2',
    aiApiKey: env.AI_API_KEY || null,
    aiTimeoutMs: int(env, 'AI_TIMEOUT_MS', 8000),
    ffmpegPath: env.FFMPEG_PATH || null,
    ffprobePath: env.FFPROBE_PATH || null,
    runJobsInProcess: bool(env, 'RUN_JOBS_IN_PROCESS', true),
    jobsQueueName: env.JOBS_QUEUE || `vidshare-jobs-${redisNamespace}`,
    transcodePreset: env.TRANSCODE_PRESET || 'veryfast',
    transcodeRunners: transcodeRunners(env),
    runnerLeaseMs: int(env, 'RUNNER_LEASE_MS', 60_000),
    liveFilesGraceMs: int(env, 'LIVE_FILES_GRACE_MS', 60_000),
    frameGrabs: {
      max: Math.max(1, int(env, 'FRAME_GRABS_MAX', 2)),
      queue: Math.max(0, int(env, 'FRAME_GRABS_QUEUE', 8)),
      waitMs: int(env, 'FRAME_GRAB_WAIT_MS', 15_000),
      timeoutMs: int(env, 'FRAME_GRAB_TIMEOUT_MS', 30_000),
    },
    rateLimit: {
      windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000),
      authMax: int(env, 'RATE_LIMIT_AUTH_MAX', 30),
      writeMax: int(env, 'RATE_LIMIT_WRITE_MAX', 300),
      namespace: env.RATE_LIMIT_NAMESPACE || `vidshare-rl-${redisNamespace}-`,
    },
    maxVideoBytes: int(env, 'MAX_VIDEO_BYTES', LIMITS.videoBytes),
    maxImageBytes: int(env, 'MAX_IMAGE_BYTES', LIMITS.imageBytes),
    idempotencyKeyTtlMs: int(env, 'IDEMPOTENCY_KEY_TTL_MS', 24 * 3600 * 1000),
    tusExpiryMs: int(env, 'TUS_EXPIRY_MS', 24 * 3600 * 1000),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: bool(env, 'TRUST_PROXY', false),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0) : null,
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 20_000),
    idleTimeoutMs: int(env, 'IDLE_TIMEOUT_MS', 120_000),
    minBodyBytesPerSecond: int(env, 'MIN_BODY_BYTES_PER_SECOND', 1024),
    bodyRateWindowMs: int(env, 'BODY_RATE_WINDOW_MS', 30_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 25_000),
    jobLockMs: int(env, 'JOB_LOCK_MS', 10_000),
    passwordHashing: {
      memoryKib: int(env, 'PASSWORD_HASH_MEMORY_KIB', DEFAULT_PASSWORD_HASHING.memoryKib),
      timeCost: int(env, 'PASSWORD_HASH_TIME_COST', DEFAULT_PASSWORD_HASHING.timeCost),
    },
    push: pushConfig(env, dataDir, publicUrl),
  };
}
