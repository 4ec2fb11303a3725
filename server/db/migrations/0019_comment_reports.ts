import { type Kysely, sql } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Reports of comments, and the creators' "comments on my videos" notifications. A comment report
// keeps the comment's video (video_id), its id without a foreign key and a copy of its text and
// author: removing the comment (the report's own outcome) must leave the report in the queue with
// what was reported. One report per user per video, and one per user per comment.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema.alterTable('reports').addColumn('comment_id', 'text').execute();
  await db.schema.alterTable('reports').addColumn('comment_content', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('reports').addColumn('comment_owner_id', 'text').execute();
  await db.schema.dropIndex('reports_video_reporter').execute();
  await sql`CREATE UNIQUE INDEX reports_video_reporter ON reports (video_id, reporter_id) WHERE comment_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX reports_comment_reporter ON reports (comment_id, reporter_id) WHERE comment_id IS NOT NULL`.execute(db);
  await db.schema.alterTable('notification_preferences').addColumn('video_comment', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}
