// How a report's reason reads: the watch screen's Report menu and the moderators' queue.
import type { ReportReason } from '../../contract/limits';

export const REPORT_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or misleading links',
  violence: 'Violent or repulsive content',
  hate: 'Hateful or abusive content',
  sexual: 'Sexual content',
  misleading: 'Misinformation',
  copyright: 'Infringes my rights',
  other: 'Something else',
};

/** A stored reason the client does not know (newer server) reads as itself. */
export const reportReasonLabel = (reason: string): string => REPORT_LABELS[reason as ReportReason] ?? reason;
