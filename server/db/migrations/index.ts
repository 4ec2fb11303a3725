import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import * as initial from './0001_initial.js';
import * as search from './0002_search.js';
import * as offline from './0003_offline.js';
import * as ownerTotals from './0004_owner_totals.js';
import * as player from './0006_player.js';
import * as notifications from './0007_notifications.js';
import * as searchRecent from './0008_search_recent.js';
import * as streamedRung from './0009_streamed_rung.js';
import * as captionLanguages from './0010_caption_languages.js';
import * as push from './0011_push.js';
import * as moderation from './0012_moderation.js';
import * as moderationTools from './0013_moderation_tools.js';
import * as mustChangePassword from './0015_must_change_password.js';
import * as deployment from './0016_deployment.js';
import * as moderationUndo from './0017_moderation_undo.js';
import * as watchLater from './0018_watch_later.js';
import * as commentReports from './0019_comment_reports.js';
import * as jobErrors from './0020_job_errors.js';
import * as analytics from './0021_analytics.js';
import * as subscriptionDays from './0022_subscription_days.js';
import * as runners from './0023_runners.js';
import * as analyticsPending from './0024_analytics_pending.js';
import * as analyticsWindows from './0025_analytics_windows.js';

type DialectMigration = { up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> };

// Kysely cannot tell the dialect to a migration, so each one receives it.
const all: Record<string, DialectMigration> = {
  '0001_initial': initial,
  '0002_search': search,
  '0003_offline': offline,
  '0004_owner_totals': ownerTotals,
  '0006_player': player,
  '0007_notifications': notifications,
  '0008_search_recent': searchRecent,
  '0009_streamed_rung': streamedRung,
  '0010_caption_languages': captionLanguages,
  '0011_push': push,
  '0012_moderation': moderation,
  '0013_moderation_tools': moderationTools,
  '0015_must_change_password': mustChangePassword,
  '0016_deployment': deployment,
  '0017_moderation_undo': moderationUndo,
  '0018_watch_later': watchLater,
  '0019_comment_reports': commentReports,
  '0020_job_errors': jobErrors,
  '0021_analytics': analytics,
  '0022_subscription_days': subscriptionDays,
  '0023_runners': runners,
  '0024_analytics_pending': analyticsPending,
  '0025_analytics_windows': analyticsWindows,
};

/** The migrations this version has, by name (what Kysely records in `kysely_migration`). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(all);

export function migrationProvider(dialect: DatabaseDialect): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(all)) {
        migrations[name] = { up: (db) => migration.up(db, dialect) };
      }
      return migrations;
    },
  };
}
