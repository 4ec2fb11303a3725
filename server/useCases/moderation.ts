// Moderation: roles, the reports queue, takedowns and suspensions. The routes let only moderators
// and admins in (roles are checked again here where they decide the outcome); each write logs
// itself in its own transaction (db/repositories/moderation.ts) and publishes what happened, and
// the subscribers tell the people affected (notifications), clear the read cache and update the
// moderators' screens.
import { ROLES } from '../../contract/entities.js';
import { MODERATION_LIMITS, OPERATOR_ACTOR } from '../../contract/moderation.js';
import { isUndoable, type Undo } from '../db/repositories/moderation.js';
import type { ReportSubject } from '../db/repositories/reports.js';
import type { ModerationLogTable, UserRole } from '../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../domain/errors.js';
import { reachOf } from '../domain/videoReach.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

/** A reason a moderator gives: trimmed, required, at most MODERATION_LIMITS.reasonMax characters. */
export function reasonOf(raw: string | undefined, what: string): string {
  const reason = (raw ?? '').trim();
  if (!reason) throw invalid(`A reason is required to ${what}`);
  if (reason.length > MODERATION_LIMITS.reasonMax) throw invalid(`The reason must be at most ${MODERATION_LIMITS.reasonMax} characters`);
  return reason;
}

function isRole(value: string): value is UserRole {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Gives a user a role: an admin from the API (never their own role), or the operator from the
 * command line (`actorId` null: the first admin comes from there). The last admin stays one, so
 * someone can always set roles. The log records either actor; a change is published.
 */
export async function changeRole(deps: Deps, input: { actorId: string | null; userId: string; role: string; undo?: Undo }) {
  if (!isRole(input.role)) throw invalid(`Role must be one of ${ROLES.join(', ')}`);
  if (input.actorId === input.userId) throw forbidden('You cannot change your own role');
  const result = await deps.repos.moderation.setRole(input.actorId ?? OPERATOR_ACTOR, input.userId, input.role, input.undo);
  if (result === 'not-found') throw notFound('User not found');
  if (result === 'last-admin') throw conflict('This is the last admin: make another user admin first');
  if (result.previousRole !== result.role) await deps.events.publish('user.roleChanged', { userId: input.userId, actorId: input.actorId, role: result.role });
  return { _id: input.userId, ...result };
}

/** Files a report of a video or of a comment; null when this user already reported it. */
export async function fileReport(deps: Deps, input: { reporterId: string; reason: string; details: string } & ReportSubject) {
  const row = await deps.repos.reports.create(input);
  if (row) await deps.events.publish('report.filed', { reportId: row.id, videoId: input.videoId, commentId: row.comment_id ?? null, reporterId: input.reporterId });
  return row;
}

export async function resolveReport(deps: Deps, input: { actorId: string; reportId: string; state: 'resolved' | 'dismissed'; note?: string }) {
  const note = (input.note ?? '').trim();
  const report = await deps.repos.moderation.resolveReport(input.actorId, input.reportId, input.state, note);
  if (!report) throw notFound('Report not found');
  await deps.events.publish('report.resolved', { reportId: input.reportId, ...report, actorId: input.actorId, state: input.state, note });
}

/**
 * A comment report's "remove comment": removes the comment (with its replies) as a moderator's
 * removal, logged and undoable from the log, then resolves every open report of that comment (each
 * reporter is told). A comment already gone is only resolved. Undoing the removal puts the comment
 * back; its reports stay resolved, as a restored video's do.
 */
export async function removeReportedComment(deps: Deps, input: { actorId: string; reportId: string; note?: string }) {
  const { comments, moderation, reports } = deps.repos;
  const report = await moderation.findReport(input.reportId);
  if (!report) throw notFound('Report not found');
  if (!report.comment_id) throw invalid('This report is about a video, not a comment');
  const comment = await comments.findById(report.comment_id);
  if (comment) {
    const removed = await moderation.removeComment(input.actorId, comment, (trx) => comments.removeIn(trx, comment.id, comment.video_id));
    if (removed) {
      await deps.events.publish('moderation.logged', { action: 'comment-removed' });
      const video = await deps.repos.videos.findState(comment.video_id);
      if (video) await deps.events.publish('comment.deleted', { commentId: comment.id, videoId: comment.video_id, ...reachOf(video) });
    }
  }
  const open = await reports.openForComment(report.comment_id);
  // This report too when it was closed before (a dismissal changed to a removal).
  if (!open.includes(report.id)) open.push(report.id);
  for (const reportId of open) await resolveReport(deps, { actorId: input.actorId, reportId, state: 'resolved', note: input.note });
}

export async function takeDownVideo(deps: Deps, input: { actorId: string; videoId: string; reason?: string }) {
  const reason = reasonOf(input.reason, 'take a video down');
  const result = await deps.repos.moderation.takeDown(input.actorId, input.videoId, reason);
  if (result === 'not-found') throw notFound('Video not found');
  if (result === 'already') throw conflict('This video is already taken down');
  await deps.events.publish('video.takenDown', { videoId: input.videoId, ownerId: result.ownerId, actorId: input.actorId, reason, at: result.at });
}

export async function restoreVideo(deps: Deps, input: { actorId: string; videoId: string; undo?: Undo }) {
  const result = await deps.repos.moderation.restore(input.actorId, input.videoId, input.undo);
  if (result === 'not-found') throw notFound('Video not found');
  if (result === 'not-down') throw conflict('This video is not taken down');
  await deps.events.publish('video.restored', { videoId: input.videoId, ownerId: result.ownerId, actorId: input.actorId });
}

/** The refusals shared by suspending and lifting (the rule is decided in the repository's transaction). */
function refuseSuspension(result: 'not-found' | 'self' | 'not-moderator' | 'protected-user', lifting: boolean): never {
  if (result === 'not-found') throw notFound('User not found');
  if (result === 'self') throw forbidden(lifting ? 'You cannot lift your own suspension' : 'You cannot suspend yourself');
  if (result === 'not-moderator') throw forbidden('You are not allowed to do this');
  throw forbidden(lifting ? 'Moderators cannot lift suspensions of moderators or admins' : 'Moderators cannot suspend moderators or admins');
}

/**
 * Suspends a user: `until` an ISO date in the future, or none (until lifted). Every session of the
 * user ends at once (and its sockets in every process). Who may: an admin anyone but themselves,
 * a moderator plain users. A suspension in force is changed only by an admin (reason, end and
 * actor are replaced); a moderator gets 409, so nobody but an admin shortens an admin's suspension.
 */
export async function suspendUser(deps: Deps, input: { actorId: string; userId: string; reason?: string; until?: string }) {
  const reason = reasonOf(input.reason, 'suspend a user');
  let until: string | null = null;
  if (input.until !== undefined && input.until !== '') {
    const time = Date.parse(input.until);
    if (Number.isNaN(time) || !/^\d{4}-\d{2}-\d{2}/.test(input.until)) throw invalid('until must be an ISO date');
    if (time <= Date.now()) throw invalid('until must be in the future');
    until = new Date(time).toISOString();
  }
  const result = await deps.repos.moderation.suspend(input.actorId, input.userId, reason, until);
  if (result === 'already') throw conflict('This user is already suspended: only an admin can change a suspension in force');
  if (typeof result === 'string') refuseSuspension(result, false);
  if (result.sessionIds.length) await deps.events.publish('session.ended', { userId: input.userId, sessionIds: result.sessionIds, reason: 'suspended' });
  await deps.events.publish('user.suspended', { userId: input.userId, actorId: input.actorId, reason, until });
}

/** Lifts a suspension in force (one an admin set, only an admin lifts) and publishes the videos it held back. */
export async function unsuspendUser(deps: Deps, input: { actorId: string; userId: string; undo?: Undo }) {
  const result = await deps.repos.moderation.unsuspend(input.actorId, input.userId, input.undo);
  if (result === 'not-suspended') throw conflict('This user is not suspended');
  if (result === 'admin-set') throw forbidden('Only an admin can lift a suspension an admin set');
  if (result !== true) refuseSuspension(result, true);
  await deps.events.publish('user.unsuspended', { userId: input.userId, actorId: input.actorId });
  // Videos whose transcoding reached a playable rung during the suspension were held back: they
  // are published now, as their transcode job would have (subscribers with the bell hear of them).
  for (const videoId of await deps.repos.videoMedia.heldVideoIds(input.userId)) {
    if ((await deps.repos.videoMedia.markReady(videoId)) === 'published') await deps.events.publish('video.published', { videoId, ownerId: input.userId });
  }
}

/** Puts back a comment a moderator removed (with its replies and likes), from the removal's log entry. */
async function restoreComment(deps: Deps, actorId: string, entry: ModerationLogTable, undo: Undo) {
  const result = await deps.repos.moderation.restoreComment(actorId, entry, undo, (trx, videoId, snapshot) => deps.repos.comments.restoreIn(trx, videoId, snapshot));
  if (result === 'no-video') throw conflict('The video this comment was under is gone');
  if (result === 'exists') throw conflict('This comment is there already');
  if (result === 'no-author') throw conflict("This comment's author is gone");
  const video = await deps.repos.videos.findState(result.videoId);
  if (video) await deps.events.publish('comment.restored', { commentId: entry.subject_id, videoId: result.videoId, ...reachOf(video) });
  await deps.events.publish('moderation.logged', { action: 'comment-restored' });
}

/**
 * Undoes a logged action with a reason (required, as for the action itself): restores the video,
 * lifts the suspension, puts back a removed comment, gives back the previous role (admins only, as for any role change). The
 * undo goes through the same rules and events as doing it by hand; its log entry keeps the reason
 * and links to the entry undone, which is marked undone in the same transaction (once only).
 */
export async function undoModerationAction(deps: Deps, input: { actorId: string; entryId: string; reason?: string }) {
  const reason = reasonOf(input.reason, 'undo an action');
  const entry = await deps.repos.moderation.logEntry(input.entryId);
  if (!entry) throw notFound('Log entry not found');
  if (entry.undone_by) throw conflict('This action was already undone');
  if (!isUndoable(entry)) throw conflict('This action cannot be undone');
  const undo = { entryId: entry.id, reason };
  if (entry.action === 'video-taken-down') return restoreVideo(deps, { actorId: input.actorId, videoId: entry.subject_id, undo });
  if (entry.action === 'user-suspended') return unsuspendUser(deps, { actorId: input.actorId, userId: entry.subject_id, undo });
  if (entry.action === 'comment-removed') return restoreComment(deps, input.actorId, entry, undo);
  if ((await deps.repos.moderation.roleOf(input.actorId)) !== 'admin') throw forbidden('Only an admin can undo a role change');
  const previous = /^(\w+) -> /.exec(entry.reason)?.[1] ?? '';
  await changeRole(deps, { actorId: input.actorId, userId: entry.subject_id, role: previous, undo });
}
