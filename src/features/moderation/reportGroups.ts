// The reports queue shows one card per reported video and one per reported comment: its reports,
// how many it has, the distinct reasons, and who reported it. Pure, so the grouping is unit-tested
// apart from the screen.
import type { ModerationReport } from '../../../contract/moderation';

type ReportedVideo = ModerationReport['video'];

/** What a moderator can do from a report card (each asks a reason or note first). */
export type ReportAction = 'takedown' | 'resolve' | 'dismiss' | 'suspend' | 'removeComment';

export interface ReportGroup {
  /** The video itself, or the video the reported comment is under. */
  video: ReportedVideo;
  /** The reported comment; null for the video's own reports. */
  comment: ModerationReport['comment'];
  /** The group's reports in the list, oldest first. */
  reports: ModerationReport[];
  /** Every report of the video or comment (any state), as the server counts them; at least the ones listed. */
  total: number;
  /** Distinct reasons, most frequent first. */
  reasons: { reason: string; count: number }[];
}

/** Groups (a video's reports apart from its comments' reports) in the order of each group's newest report (the list's order: newest first). */
export function groupReportsByVideo(reports: readonly ModerationReport[]): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  for (const report of reports) {
    const key = report.comment ? `comment:${report.comment._id}` : report.video._id;
    let group = groups.get(key);
    if (!group) {
      group = { video: report.video, comment: report.comment, reports: [], total: 0, reasons: [] };
      groups.set(key, group);
    }
    group.reports.push(report);
    group.total = Math.max(group.total, report.comment ? report.comment.reportsOnComment : report.reportsOnVideo, group.reports.length);
  }
  for (const group of groups.values()) {
    group.reports.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const counts = new Map<string, number>();
    for (const { reason } of group.reports) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    group.reasons = [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
  return [...groups.values()];
}
