import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Subscribers gained and lost per channel per day (UTC), for the studio's overview. The analytics
// subscriber adds one to `gained` or `lost` as each subscription change is published. The
// subscriptions standing now are counted as gained on the day they were made: unsubscribes before
// this migration left no trace, so `lost` starts at zero.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('channel_subscription_days')
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('gained', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lost', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('channel_subscription_days_pk', ['channel_id', 'day'])
    .execute();
  // created_at is an ISO timestamp on both databases: its first 10 characters are the UTC day.
  await sql`
    insert into channel_subscription_days (channel_id, day, gained, lost)
    select channel_id, substr(created_at, 1, 10), count(*), 0 from subscriptions group by channel_id, substr(created_at, 1, 10)
  `.execute(db);
}
