import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// The studio overview's top videos from small tables. `analytics_video_days` holds each video's
// views and watch time per UTC day; `analytics_video_windows` each video's totals over the last 7,
// 28 and 90 days (today included) as of the day in `analytics_windows_as_of`. The rollup adds to
// both as it folds and slides the windows when the day changes; the overview then reads the top
// rows off one index instead of summing every hour of every video of the channel. Both are filled
// here from the hourly rows already folded.
const WINDOW_DAYS = [7, 28, 90];
const DAY_MS = 24 * 3600 * 1000;

export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('analytics_video_days')
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('watch_seconds', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_video_days_pk', ['video_id', 'day'])
    .execute();
  // The slide finds the videos whose day leaves a window.
  await db.schema.createIndex('analytics_video_days_day').on('analytics_video_days').column('day').execute();

  await db.schema
    .createTable('analytics_video_windows')
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('window_days', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('watch_seconds', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_video_windows_pk', ['video_id', 'window_days'])
    .execute();
  await sql`create index analytics_video_windows_top on analytics_video_windows (owner_id, window_days, views desc, video_id desc)`.execute(db);

  await db.schema
    .createTable('analytics_windows_as_of')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();

  await sql`
    insert into analytics_video_days (video_id, day, owner_id, views, watch_seconds)
    select video_id, substr(hour, 1, 10), min(owner_id), sum(views), sum(watch_seconds) from analytics_video_hours group by video_id, substr(hour, 1, 10)
  `.execute(db);
  const nowMs = Date.now();
  const today = new Date(nowMs).toISOString().slice(0, 10);
  for (const windowDays of WINDOW_DAYS) {
    const firstDay = new Date(nowMs - (windowDays - 1) * DAY_MS).toISOString().slice(0, 10);
    await sql`
      insert into analytics_video_windows (video_id, window_days, owner_id, views, watch_seconds)
      select video_id, ${sql.lit(windowDays)}, min(owner_id), sum(views), sum(watch_seconds) from analytics_video_days where day >= ${firstDay} group by video_id
    `.execute(db);
  }
  await sql`insert into analytics_windows_as_of (id, day) values (1, ${today})`.execute(db);
}
