import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// HLS packaging per rendition, playable sources, captions and saved playback positions.
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const float = dialect === 'postgres' ? 'double precision' : 'real';
  // A rendition with a playlist_key is also an HLS variant; the rest describe it in the master playlist.
  await db.schema.alterTable('video_renditions').addColumn('playlist_key', 'text').execute();
  await db.schema.alterTable('video_renditions').addColumn('resolution', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('video_renditions').addColumn('bandwidth', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('video_renditions').addColumn('average_bandwidth', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('video_renditions').addColumn('codecs', 'text', (c) => c.notNull().defaultTo('')).execute();
  // 1 when browsers can play the upload as it is (H.264/AAC MP4, WebM): watchable before any rung exists.
  await db.schema.alterTable('videos').addColumn('source_playable', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('watch_history').addColumn('position', float, (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('captions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('captions_video_language', ['video_id', 'language'])
    .execute();
}
