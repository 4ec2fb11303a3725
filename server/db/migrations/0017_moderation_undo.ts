import { type Kysely, sql } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// The moderation log names the person an action concerned (`target_id`: the suspended user, the
// video's or comment's owner; joined to users when read, so renames show), keeps what a comment
// removal deleted (`snapshot`, JSON) so the removal can be undone, and links an undo to what it
// undid (`undoes` on the undo's entry, `undone_by` on the original).
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema.alterTable('moderation_log').addColumn('target_id', 'text').execute();
  await db.schema.alterTable('moderation_log').addColumn('snapshot', 'text').execute();
  await db.schema.alterTable('moderation_log').addColumn('undoes', 'text').execute();
  await db.schema.alterTable('moderation_log').addColumn('undone_by', 'text').execute();
  await sql`UPDATE moderation_log SET target_id = subject_id WHERE subject_type = 'user'`.execute(db);
  await sql`UPDATE moderation_log SET target_id = (SELECT owner_id FROM videos WHERE videos.id = moderation_log.subject_id) WHERE subject_type = 'video'`.execute(db);
  await sql`UPDATE moderation_log SET target_id = (SELECT videos.owner_id FROM reports JOIN videos ON videos.id = reports.video_id WHERE reports.id = moderation_log.subject_id) WHERE subject_type = 'report'`.execute(db);
}
