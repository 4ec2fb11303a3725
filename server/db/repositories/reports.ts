// Reports filed from the watch screen's Report menu: one per user per video, and one per user per
// comment (a comment report also carries the comment's video).
import { newId } from '../../ids.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { Insertable } from 'kysely';
import type { ReportsTable } from '../schema.js';

type FiledReport = Insertable<ReportsTable> & { created_at: string };

/** What is reported: a video, or a comment (with its text and author as they are when filed). */
export type ReportSubject = { videoId: string } | { videoId: string; comment: { id: string; content: string; ownerId: string } };

export class ReportRepository {
  constructor(private readonly db: DB) {}

  /** Whether the user reported the video itself (their reports of its comments do not count). */
  async exists(reporterId: string, videoId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', reporterId)
      .where('video_id', '=', videoId)
      .where('comment_id', 'is', null)
      .executeTakeFirst();
    return Boolean(row);
  }

  async existsForComment(reporterId: string, commentId: string): Promise<boolean> {
    const row = await this.db.selectFrom('reports').select('id').where('reporter_id', '=', reporterId).where('comment_id', '=', commentId).executeTakeFirst();
    return Boolean(row);
  }

  /** The open reports of a comment (resolved together when it is removed). */
  async openForComment(commentId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('reports').select('id').where('comment_id', '=', commentId).where('state', '=', 'open').orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  /** Files a report; null when this user already reported the video or comment (also under a race). */
  async create(report: { reporterId: string; reason: string; details: string } & ReportSubject): Promise<FiledReport | null> {
    const comment = 'comment' in report ? report.comment : null;
    const row: FiledReport = {
      id: newId(),
      video_id: report.videoId,
      reporter_id: report.reporterId,
      reason: report.reason,
      details: report.details,
      created_at: now(),
      comment_id: comment?.id ?? null,
      comment_content: comment?.content ?? '',
      comment_owner_id: comment?.ownerId ?? null,
    };
    // The two partial unique indexes (video, reporter) and (comment, reporter) refuse a second report.
    const result = await this.db
      .insertInto('reports')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? row : null;
  }
}
