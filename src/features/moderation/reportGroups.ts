// The reports queue shows one card per video: its reports, how many the video has, the distinct
// reasons, and who reported it. Pure, so the grouping is unit-tested apart from the screen.
import type { ModerationReport } from '../../../contract/moderation';

type ReportedVideo = ModerationReport['video'];

export interface ReportGroup {
  video: ReportedVideo;
  /** This video's reports in the list, oldest first. */
  reports: ModerationReport[];
  /** Every report of the video (any state), as the server counts them; at least the ones listed. */
  total: number;
  /** Distinct reasons, most frequent first. */
  reasons: { reason: string; count: number }[];
}

/** Groups in the order of each video's newest report (the list's order: newest first). */
export function groupReportsByVideo(reports: readonly ModerationReport[]): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  for (const report of reports) {
    let group = groups.get(report.video._id);
    if (!group) {
      group = { video: report.video, reports: [], total: 0, reasons: [] };
      groups.set(report.video._id, group);
    }
    group.reports.push(report);
    group.total = Math.max(group.total, report.reportsOnVideo, group.reports.length);
  }
  for (const group of groups.values()) {
    group.reports.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const counts = new Map<string, number>();
    for (const { reason } of group.reports) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    group.reasons = [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
  return [...groups.values()];
}
