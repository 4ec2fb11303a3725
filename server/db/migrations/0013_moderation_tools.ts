import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Takedowns (on the video row), suspensions (on the user row), blocks between users, pinned and
// hearted comments, the reason on moderation notifications, and the append-only moderation log.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  for (const column of ['taken_down_reason', 'taken_down_at', 'taken_down_by']) {
    await db.schema.alterTable('videos').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('videos_taken_down').on('videos').column('taken_down_at').execute();
  // A suspension is in force while suspended_at is set and suspended_until is null or still ahead.
  for (const column of ['suspended_reason', 'suspended_at', 'suspended_until', 'suspended_by']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('users_suspended').on('users').column('suspended_at').execute();

  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('user_blocks_blocked').on('user_blocks').column('blocked_id').execute();

  await db.schema.alterTable('comments').addColumn('pinned_at', 'text').execute();
  await db.schema.alterTable('comments').addColumn('hearted_at', 'text').execute();

  await db.schema.alterTable('notifications').addColumn('reason', 'text', (c) => c.notNull().defaultTo('')).execute();

  // No foreign keys: the log outlives the accounts and videos it names.
  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
