import type { AdminAccount, AdminJob, BlockedUser, ModerationLogEntry, ModerationReport, Suspension, Takedown } from '../../contract/moderation.js';
import type { AccountRow } from '../db/repositories/accounts.js';
import type { BlockedUserRow } from '../db/repositories/blocks.js';
import type { JobErrorRow, JobRow } from '../db/repositories/jobs.js';
import { isUndoable, type LogRow, type ReportQueueRow, type SuspensionRow, type TakedownRow } from '../db/repositories/moderation.js';
import { suspendedAt } from '../domain/suspension.js';
import type { MediaUrls } from '../media/urls.js';
import { toOwner } from './user.js';

export function toModerationReport(row: ReportQueueRow, urls: MediaUrls): ModerationReport {
  return {
    _id: row.id,
    video: {
      _id: row.video_id,
      title: row.video_title,
      thumbnail: urls.image(row.video_thumbnail),
      owner: toOwner(row, urls),
      takenDown: row.taken_down_at ? { reason: row.taken_down_reason ?? '', at: row.taken_down_at } : null,
    },
    reporter: { _id: row.reporter_id, username: row.reporter_username, fullName: row.reporter_full_name, avatar: urls.image(row.reporter_avatar) },
    reason: row.reason,
    details: row.details,
    state: row.state,
    note: row.note,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
    reportsOnVideo: Number(row.reports_on_video),
    comment: row.comment_id
      ? {
          _id: row.comment_id,
          content: row.comment_current_content ?? row.comment_content,
          owner: {
            _id: row.comment_owner_id ?? '',
            username: row.comment_owner_username ?? '',
            fullName: row.comment_owner_full_name ?? '',
            avatar: row.comment_owner_avatar ? urls.image(row.comment_owner_avatar) : '',
          },
          removed: row.comment_current_content === null,
          reportsOnComment: row.reports_on_comment,
        }
      : null,
  };
}

export function toTakedown(row: TakedownRow, urls: MediaUrls): Takedown {
  return {
    video: { _id: row.id, title: row.title, thumbnail: urls.image(row.thumbnail), owner: toOwner(row, urls) },
    reason: row.taken_down_reason,
    actor: { _id: row.actor_id, username: row.actor_username ?? '' },
    at: row.taken_down_at,
  };
}

export function toSuspension(row: SuspensionRow, urls: MediaUrls): Suspension {
  return {
    user: toOwner(row, urls),
    reason: row.suspended_reason,
    until: row.suspended_until,
    actor: { _id: row.actor_id, username: row.actor_username ?? '' },
    at: row.suspended_at,
  };
}

export function toLogEntry(row: LogRow): ModerationLogEntry {
  return {
    _id: row.id,
    actor: { _id: row.actor_id, username: row.actor_username ?? '', fullName: row.actor_full_name ?? '' },
    target: row.target_id === null ? null : { _id: row.target_id, username: row.target_username ?? '', fullName: row.target_full_name ?? '' },
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    reason: row.reason,
    createdAt: row.created_at,
    undoable: isUndoable(row),
    undoneBy: row.undone_by,
    undoes: row.undoes,
  };
}

export function toBlockedUser(row: BlockedUserRow, urls: MediaUrls): BlockedUser {
  return { _id: row.id, username: row.username, fullName: row.full_name, avatar: urls.image(row.avatar), blockedAt: row.blocked_at };
}

/** The video a job works on (every job type's payload names one). */
function videoIdOf(payload: string): string | null {
  try {
    const parsed = JSON.parse(payload) as { videoId?: unknown };
    return typeof parsed.videoId === 'string' ? parsed.videoId : null;
  } catch {
    return null;
  }
}

export function toAdminJob(row: JobRow, errors: JobErrorRow[]): AdminJob {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    attempts: Number(row.attempts),
    error: row.last_error,
    errors: errors.map((attempt) => ({ attempt: Number(attempt.attempt), error: attempt.error, at: attempt.created_at })),
    videoId: videoIdOf(row.payload),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toAdminAccount(row: AccountRow, urls: MediaUrls): AdminAccount {
  const suspended = suspendedAt(row);
  return {
    _id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    avatar: urls.image(row.avatar),
    role: row.role,
    createdAt: row.created_at,
    suspension: suspended ? { reason: row.suspended_reason ?? '', at: row.suspended_at ?? '', until: row.suspended_until } : null,
    videosCount: row.videos_count,
    commentsCount: row.comments_count,
    subscribersCount: row.subscribers_count,
  };
}
