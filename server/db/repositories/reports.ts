// Reports filed from the watch screen's Report menu: one per user per video.
import { newId } from '../../ids.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { Insertable } from 'kysely';
import type { ReportsTable } from '../schema.js';

type FiledReport = Insertable<ReportsTable> & { created_at: string };

export class ReportRepository {
  constructor(private readonly db: DB) {}

  async exists(reporterId: string, videoId: string): Promise<boolean> {
    const row = await this.db.selectFrom('reports').select('id').where('reporter_id', '=', reporterId).where('video_id', '=', videoId).executeTakeFirst();
    return Boolean(row);
  }

  /** Files a report; null when this user already reported the video (also under a race). */
  async create(report: { reporterId: string; videoId: string; reason: string; details: string }): Promise<FiledReport | null> {
    const row: FiledReport = {
      id: newId(),
      video_id: report.videoId,
      reporter_id: report.reporterId,
      reason: report.reason,
      details: report.details,
      created_at: now(),
    };
    const result = await this.db
      .insertInto('reports')
      .values(row)
      .onConflict((oc) => oc.columns(['video_id', 'reporter_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? row : null;
  }
}
