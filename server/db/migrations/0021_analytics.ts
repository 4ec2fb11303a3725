import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Watch analytics. Raw heartbeats land in `analytics_heartbeats` and are folded by the rollup job
// into per-video hourly rows and per-channel daily rows; a raw row is kept (rolled_up = 1) only
// until it leaves the replay window, so a late duplicate of it still counts once. `analytics_view_marks`
// remembers when each viewer's view of a video last counted (the 24-hour rule), pruned the same way.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('analytics_heartbeats')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('ranges', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('rolled_up', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('analytics_heartbeats_rolled_up_at').on('analytics_heartbeats').columns(['rolled_up', 'at']).execute();

  await db.schema
    .createTable('analytics_video_hours')
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('watch_seconds', 'double precision', (c) => c.notNull())
    .addColumn('retention', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('devices', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_video_hours_pk', ['video_id', 'hour'])
    .execute();
  await db.schema.createIndex('analytics_video_hours_owner_hour').on('analytics_video_hours').columns(['owner_id', 'hour']).execute();

  await db.schema
    .createTable('analytics_channel_days')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('watch_seconds', 'double precision', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('devices', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_channel_days_pk', ['owner_id', 'day'])
    .execute();

  await db.schema
    .createTable('analytics_view_marks')
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_view_marks_pk', ['video_id', 'viewer_key'])
    .execute();
  await db.schema.createIndex('analytics_view_marks_counted_at').on('analytics_view_marks').column('counted_at').execute();
}
