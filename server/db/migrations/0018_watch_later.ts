import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Watch later: one row per user and saved video, listed newest first. A deleted user or video takes
// its rows with it.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('watch_later')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_later_pk', ['user_id', 'video_id'])
    .execute();
  // The list's order; the cascade from a removed video looks rows up by video.
  await db.schema.createIndex('watch_later_user_saved').on('watch_later').columns(['user_id', 'saved_at']).execute();
  await db.schema.createIndex('watch_later_video').on('watch_later').column('video_id').execute();
}
