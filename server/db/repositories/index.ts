// Every repository, built once per app over one database handle and decorated on the Fastify
// instance as `app.repos` (fastify/demo's shape): routes and use cases never build their own.
import { JobRepository } from './jobs.js';
import { AnalyticsRepository } from './analytics.js';
import type { DatabaseHandle } from '../kysely.js';
import { AccountRepository } from './accounts.js';
import { BlockRepository } from './blocks.js';
import { CaptionRepository } from './captions.js';
import { CommentRepository } from './comments.js';
import { DeploymentRepository } from './deployment.js';
import { HistoryRepository } from './history.js';
import { IdempotencyKeyRepository, STALE_RESERVATION_MS } from './idempotencyKeys.js';
import { MaintenanceRepository } from './maintenance.js';
import { ModerationRepository } from './moderation.js';
import { NotificationRepository } from './notifications.js';
import { PlaylistRepository } from './playlists.js';
import { PushSubscriptionRepository } from './pushSubscriptions.js';
import { ReactionRepository } from './reactions.js';
import { ReportRepository } from './reports.js';
import { RunnerRepository } from './runners.js';
import { SearchRepository } from './search.js';
import { SessionRepository } from './sessions.js';
import { SubscriptionRepository } from './subscriptions.js';
import { TusUploadRepository } from './tusUploads.js';
import { UserRepository } from './users.js';
import { VideoMediaRepository } from './videoMedia.js';
import { VideoRepository } from './videos.js';
import { ViewRepository } from './views.js';
import { WatchLaterRepository } from './watchLater.js';

export interface RepositoryOptions {
  /** How long an Idempotency-Key answer is kept (config.idempotencyKeyTtlMs). */
  idempotencyKeyTtlMs: number;
}

export function createRepositories(handle: DatabaseHandle, options: RepositoryOptions) {
  const playlists = new PlaylistRepository(handle.db, handle.dialect);
  return {
    /** Accounts as an admin lists and deletes them. */
    accounts: new AccountRepository(handle.db, handle.dialect),
    /** Watch analytics: heartbeats, their rollups and the studio's reads. */
    analytics: new AnalyticsRepository(handle),
    blocks: new BlockRepository(handle.db),
    captions: new CaptionRepository(handle.db, handle.dialect),
    comments: new CommentRepository(handle.db, handle.dialect),
    /** Which deployment this database is (server/deployment/identity.ts). */
    deployment: new DeploymentRepository(handle.db),
    history: new HistoryRepository(handle.db),
    moderation: new ModerationRepository(handle.db, handle.dialect),
    notifications: new NotificationRepository(handle.db),
    /** The database as a whole, for the admin commands (counts, migration level, media references). */
    maintenance: new MaintenanceRepository(handle.db, handle.dialect),
    /** The jobs table (server/db/repositories/jobs.ts), whichever queue carries the jobs. */
    jobs: new JobRepository(handle.db),
    idempotencyKeys: new IdempotencyKeyRepository(handle.db, options.idempotencyKeyTtlMs, STALE_RESERVATION_MS),
    playlists,
    pushSubscriptions: new PushSubscriptionRepository(handle.db),
    reactions: new ReactionRepository(handle),
    reports: new ReportRepository(handle.db),
    /** Remote transcoding runners and their token hashes. */
    runners: new RunnerRepository(handle.db),
    search: new SearchRepository(handle.db, handle.dialect, playlists, handle.reads),
    sessions: new SessionRepository(handle.db, handle.dialect),
    subscriptions: new SubscriptionRepository(handle.db),
    tusUploads: new TusUploadRepository(handle.db),
    users: new UserRepository(handle.db, handle.dialect),
    videoMedia: new VideoMediaRepository(handle.db),
    videos: new VideoRepository(handle.db, handle.dialect),
    views: new ViewRepository(handle),
    watchLater: new WatchLaterRepository(handle.db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
