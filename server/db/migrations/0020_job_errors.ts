import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.js';

// Every failed attempt of a job keeps its error (jobs.last_error only holds the latest), for the
// admin's jobs view; they go with their job.
export async function up(db: Kysely<unknown>, _dialect: DatabaseDialect): Promise<void> {
  await db.schema
    .createTable('job_errors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_errors_job').on('job_errors').columns(['job_id', 'id']).execute();
}
