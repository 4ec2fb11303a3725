// How a moderation log line reads: who did what to whom, by the names people have now.
import { type ModerationAction, type ModerationLogEntry, OPERATOR_ACTOR } from '../../../contract/moderation';

/** The verb phrase with a person after it, and without one (a job, or an older line with no target). */
const ACTION_LABELS: Record<ModerationAction, { of: string; alone: string }> = {
  'role-changed': { of: 'changed the role of', alone: 'changed a role' },
  // The person a report concerned: the video's owner, or the comment's author (reports of either).
  'report-resolved': { of: 'resolved a report about', alone: 'resolved a report' },
  'report-dismissed': { of: 'dismissed a report about', alone: 'dismissed a report' },
  'video-taken-down': { of: 'took down a video by', alone: 'took down a video' },
  'video-restored': { of: 'restored a video by', alone: 'restored a video' },
  'user-suspended': { of: 'suspended', alone: 'suspended a user' },
  'user-unsuspended': { of: 'lifted the suspension of', alone: 'lifted a suspension' },
  'user-deleted': { of: 'deleted the account of', alone: 'deleted an account' },
  'comment-removed': { of: 'removed a comment by', alone: 'removed a comment' },
  'comment-restored': { of: 'restored a comment by', alone: 'restored a comment' },
  'job-retried': { of: 'retried a job for', alone: 'retried a job' },
};

/** Whether this viewer gets an Undo on the line: the server says it can be undone, and a role change only for an admin. */
export function canUndo(entry: ModerationLogEntry, role: string | undefined): boolean {
  return entry.undoable && (entry.action !== 'role-changed' || role === 'admin');
}

/** '@grace'; '(deleted user)' when the account is gone; 'The operator' for the command line. */
function personLabel(person: { _id: string; username: string }): string {
  if (person._id === OPERATOR_ACTOR) return 'The operator';
  return person.username ? `@${person.username}` : '(deleted user)';
}

/** The parts of a line: the actor, the action's words and the person it concerned (null when none). */
export function logLine(entry: ModerationLogEntry): { actor: string; action: string; target: string | null } {
  const labels = ACTION_LABELS[entry.action] ?? { of: entry.action, alone: entry.action };
  return {
    actor: personLabel(entry.actor),
    action: entry.target ? labels.of : labels.alone,
    target: entry.target ? personLabel(entry.target) : null,
  };
}
