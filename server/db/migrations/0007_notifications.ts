import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Notifications stored per recipient, and which kinds each user wants made.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.references('videos.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    // What the notification is about ('new-video:<videoId>', ...): unique per recipient, so the
    // same event is never notified twice (job retries, double clicks, re-subscribing).
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notifications_user_subject', ['user_id', 'subject'])
    .execute();
  // The list (newest first by UUIDv7 id) and the unread count.
  await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_user_read').on('notifications').columns(['user_id', 'read_at']).execute();
  // The cascades from videos and comments look these up.
  await db.schema.createIndex('notifications_video').on('notifications').column('video_id').execute();
  await db.schema.createIndex('notifications_comment').on('notifications').column('comment_id').execute();
  await db.schema.createIndex('notifications_actor').on('notifications').column('actor_id').execute();

  // No row means every kind is on.
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_video', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('comment_reply', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('new_subscriber', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
