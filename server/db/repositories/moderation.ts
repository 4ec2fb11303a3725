// Moderation's writes and lists: roles, the reports queue, takedowns, suspensions and the
// append-only log. Every write appends its log entry in its own transaction, so an action is
// never without its entry (nor an entry without its action).
import type { Transaction } from 'kysely';
import type { ModerationAction, ModerationSubject, ReportState } from '../../../contract/moderation.js';
import type { DatabaseDialect } from '../../config.js';
import { conflict } from '../../domain/errors.js';
import { suspendedAt } from '../../domain/suspension.js';
import { newId } from '../../ids.js';
import { type DB, now } from '../kysely.js';
import type { Database, ModerationLogTable, UserRole } from '../schema.js';
import type { CommentSnapshot } from './comments.js';
import { ownerColumns, type OwnerColumnsRow } from './videoCards.js';
import type { PageWindow } from './videos.js';

interface LogInput {
  actorId: string;
  action: ModerationAction;
  subjectType: ModerationSubject;
  subjectId: string;
  reason?: string;
  /** The user the action concerned (the suspended user, the video's or comment's owner). */
  targetId?: string | null;
  /** On an undo: the entry it undoes (marked undone in the same transaction). */
  undoes?: string;
  /** What a removal deleted (JSON), for its undo. */
  snapshot?: string;
  /** The action this one ends on the same subject (a restore ends takedowns): their entries count as undone by it. */
  closes?: ModerationAction;
}

/** An undo of a logged action: the entry undone and the reason given (the undo's entry keeps it). */
export interface Undo {
  entryId: string;
  reason: string;
}

export interface ReportQueueRow extends OwnerColumnsRow {
  id: string;
  reason: string;
  details: string;
  state: ReportState;
  note: string;
  created_at: string;
  resolved_at: string | null;
  video_id: string;
  video_title: string;
  video_thumbnail: string;
  taken_down_reason: string | null;
  taken_down_at: string | null;
  reporter_id: string;
  reporter_username: string;
  reporter_full_name: string;
  reporter_avatar: string;
  reports_on_video: number;
  /** A comment report: the comment, its text (now, or as filed once removed) and its author. */
  comment_id: string | null;
  comment_content: string;
  comment_current_content: string | null;
  comment_owner_id: string | null;
  comment_owner_username: string | null;
  comment_owner_full_name: string | null;
  comment_owner_avatar: string | null;
  reports_on_comment: number;
}

export interface TakedownRow extends OwnerColumnsRow {
  id: string;
  title: string;
  thumbnail: string;
  taken_down_reason: string;
  taken_down_at: string;
  actor_id: string;
  actor_username: string | null;
}

export interface SuspensionRow extends OwnerColumnsRow {
  suspended_reason: string;
  suspended_at: string;
  suspended_until: string | null;
  actor_id: string;
  actor_username: string | null;
}

export type LogRow = ModerationLogTable & {
  actor_username: string | null;
  actor_full_name: string | null;
  target_username: string | null;
  target_full_name: string | null;
};

/** The log fields of an undo: its reason, and the entry it undoes. */
const undoOf = (undo: Undo | undefined) => (undo ? { reason: undo.reason, undoes: undo.entryId } : {});

/** The actions an undo exists for; the others (resolutions, restores, lifts, job retries) have none. */
const UNDOABLE: readonly ModerationAction[] = ['video-taken-down', 'user-suspended', 'role-changed', 'comment-removed'];

/**
 * Whether a log entry can be undone now: an undoable action, not an undo itself, not undone yet (a
 * comment removal only with what it deleted kept).
 */
export function isUndoable(entry: Pick<ModerationLogTable, 'action' | 'undoes' | 'undone_by' | 'snapshot'>): boolean {
  if (entry.action === 'comment-removed' && entry.snapshot === null) return false;
  return UNDOABLE.includes(entry.action) && entry.undoes === null && entry.undone_by === null;
}

export class ModerationRepository {
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {}

  private async log(trx: Transaction<Database>, entry: LogInput): Promise<void> {
    const id = newId();
    if (entry.undoes) {
      // Marked in the undo's own transaction, only if no other undo got there first (that one's
      // transaction holds the row on PostgreSQL; SQLite takes the write lock at BEGIN).
      const marked = await trx.updateTable('moderation_log').set({ undone_by: id }).where('id', '=', entry.undoes).where('undone_by', 'is', null).executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) throw conflict('This action was already undone');
    }
    if (entry.closes) {
      // Restoring or lifting by hand (or an admin's earlier suspension under a later one) undoes them too.
      await trx
        .updateTable('moderation_log')
        .set({ undone_by: id })
        .where('subject_type', '=', entry.subjectType)
        .where('subject_id', '=', entry.subjectId)
        .where('action', '=', entry.closes)
        .where('undone_by', 'is', null)
        .execute();
    }
    await trx
      .insertInto('moderation_log')
      .values({
        id,
        actor_id: entry.actorId,
        action: entry.action,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        reason: entry.reason ?? '',
        created_at: now(),
        target_id: entry.targetId ?? null,
        snapshot: entry.snapshot ?? null,
        undoes: entry.undoes ?? null,
        undone_by: null,
      })
      .execute();
  }

  /** Appends an entry for an action whose own write lives elsewhere (comment removal, job retry). */
  async append(entry: LogInput): Promise<void> {
    await this.db.transaction().execute((trx) => this.log(trx, entry));
  }

  /** Removes a comment (and its replies) with its log entry, which keeps what went so an undo can put it back; how many rows went. */
  async removeComment(
    actorId: string,
    comment: { id: string; video_id: string; owner_id: string },
    remove: (trx: Transaction<Database>) => Promise<{ deleted: number; snapshot: CommentSnapshot }>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { deleted, snapshot } = await remove(trx);
      if (deleted) {
        await this.log(trx, { actorId, action: 'comment-removed', subjectType: 'comment', subjectId: comment.id, targetId: comment.owner_id, snapshot: JSON.stringify({ videoId: comment.video_id, ...snapshot }) });
      }
      return deleted;
    });
  }

  /**
   * Deletes an account (an admin's act, never on themselves) with its log entry, in one
   * transaction: the entry keeps the username, which the log cannot look up any more.
   */
  async deleteUser<T extends { username: string }>(
    actorId: string,
    userId: string,
    reason: string,
    remove: (trx: Transaction<Database>) => Promise<T | undefined>,
  ): Promise<T | 'not-found' | 'self' | 'not-admin'> {
    if (actorId === userId) return 'self';
    return this.db.transaction().execute(async (trx) => {
      let actor = trx.selectFrom('users').select('role').where('id', '=', actorId);
      if (this.dialect === 'postgres') actor = actor.forShare();
      if ((await actor.executeTakeFirst())?.role !== 'admin') return 'not-admin' as const;
      const removed = await remove(trx);
      if (!removed) return 'not-found' as const;
      await this.log(trx, { actorId, action: 'user-deleted', subjectType: 'user', subjectId: userId, targetId: userId, reason: `@${removed.username}: ${reason}` });
      return removed;
    });
  }

  /** Undoes a comment removal from its entry's snapshot, with the undo's entry ('comment-restored'). */
  async restoreComment(
    actorId: string,
    entry: Pick<ModerationLogTable, 'subject_id' | 'target_id' | 'snapshot'>,
    undo: Undo,
    restore: (trx: Transaction<Database>, videoId: string, snapshot: CommentSnapshot) => Promise<number | 'no-video' | 'exists' | 'no-author'>,
  ): Promise<{ videoId: string } | 'no-video' | 'exists' | 'no-author'> {
    const { videoId, ...snapshot } = JSON.parse(entry.snapshot ?? '{}') as { videoId: string } & CommentSnapshot;
    return this.db.transaction().execute(async (trx) => {
      const restored = await restore(trx, videoId, snapshot);
      if (typeof restored === 'string') return restored;
      await this.log(trx, { actorId, action: 'comment-restored', subjectType: 'comment', subjectId: entry.subject_id, targetId: entry.target_id, ...undoOf(undo) });
      return { videoId };
    });
  }

  async roleOf(userId: string): Promise<UserRole | undefined> {
    return (await this.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst())?.role;
  }

  /**
   * Sets a role and logs who did it (an admin, or OPERATOR_ACTOR for the command line); 'last-admin'
   * when it would leave no admin. The admins' rows are locked on PostgreSQL (SQLite transactions
   * take the write lock at BEGIN) so two demotions at once cannot both see the other admin.
   * Setting the role a user already has changes and logs nothing.
   */
  async setRole(actorId: string, userId: string, role: UserRole, undo?: Undo): Promise<{ username: string; previousRole: UserRole; role: UserRole } | 'not-found' | 'last-admin'> {
    return this.db.transaction().execute(async (trx) => {
      let admins = trx.selectFrom('users').select(['id']).where('role', '=', 'admin');
      if (this.dialect === 'postgres') admins = admins.forUpdate();
      const adminIds = (await admins.execute()).map((row) => row.id);
      const user = await trx.selectFrom('users').select(['username', 'role']).where('id', '=', userId).executeTakeFirst();
      if (!user) return 'not-found';
      const changed = { username: user.username, previousRole: user.role, role };
      if (user.role === role) return changed;
      if (user.role === 'admin' && adminIds.length <= 1) return 'last-admin';
      await trx.updateTable('users').set({ role, updated_at: now() }).where('id', '=', userId).execute();
      await this.log(trx, { actorId, action: 'role-changed', subjectType: 'user', subjectId: userId, targetId: userId, ...undoOf(undo), reason: `${user.role} -> ${role}${undo ? `: ${undo.reason}` : ''}` });
      return changed;
    });
  }

  // The reports queue.

  private selectReports() {
    return this.db
      .selectFrom('reports')
      .innerJoin('videos', 'videos.id', 'reports.video_id')
      .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
      .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
      .leftJoin('comments as reported_comment', 'reported_comment.id', 'reports.comment_id')
      .leftJoin('users as comment_owner', 'comment_owner.id', 'reports.comment_owner_id')
      .select([
        'reports.id',
        'reports.reason',
        'reports.details',
        'reports.state',
        'reports.note',
        'reports.created_at',
        'reports.resolved_at',
        'videos.id as video_id',
        'videos.title as video_title',
        'videos.thumbnail as video_thumbnail',
        'videos.taken_down_reason',
        'videos.taken_down_at',
        ...ownerColumns,
        'reporter.id as reporter_id',
        'reporter.username as reporter_username',
        'reporter.full_name as reporter_full_name',
        'reporter.avatar as reporter_avatar',
        'reports.comment_id',
        'reports.comment_content',
        'reported_comment.content as comment_current_content',
        'reports.comment_owner_id',
        'comment_owner.username as comment_owner_username',
        'comment_owner.full_name as comment_owner_full_name',
        'comment_owner.avatar as comment_owner_avatar',
      ])
      .select((eb) =>
        eb
          .selectFrom('reports as others')
          .select((sub) => sub.fn.countAll<number>().as('count'))
          .whereRef('others.video_id', '=', 'reports.video_id')
          .where('others.comment_id', 'is', null)
          .as('reports_on_video'),
      )
      .select((eb) =>
        eb
          .selectFrom('reports as others')
          .select((sub) => sub.fn.countAll<number>().as('count'))
          .whereRef('others.comment_id', '=', 'reports.comment_id')
          .as('reports_on_comment'),
      );
  }

  private static queueRow(row: object): ReportQueueRow {
    const counted = row as ReportQueueRow;
    return { ...counted, reports_on_video: Number(counted.reports_on_video), reports_on_comment: Number(counted.reports_on_comment ?? 0) };
  }

  /** One state's reports: open ones oldest first (the queue's order), the others newest first. limit+1 rows. */
  async reports(state: ReportState, window: PageWindow): Promise<ReportQueueRow[]> {
    const rows = await this.selectReports()
      .where('reports.state', '=', state)
      .orderBy('reports.id', state === 'open' ? 'asc' : 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
    return rows.map((row) => ModerationRepository.queueRow(row));
  }

  async findReport(reportId: string): Promise<ReportQueueRow | undefined> {
    const row = await this.selectReports().where('reports.id', '=', reportId).executeTakeFirst();
    return row ? ModerationRepository.queueRow(row) : undefined;
  }

  /** Resolves or dismisses a report (again, to change the outcome); null when there is none. */
  async resolveReport(
    actorId: string,
    reportId: string,
    state: 'resolved' | 'dismissed',
    note: string,
  ): Promise<{ videoId: string; commentId: string | null; reporterId: string } | null> {
    return this.db.transaction().execute(async (trx) => {
      const report = await trx
        .selectFrom('reports')
        .innerJoin('videos', 'videos.id', 'reports.video_id')
        .select(['reports.video_id', 'reports.reporter_id', 'reports.comment_id', 'reports.comment_owner_id', 'videos.owner_id'])
        .where('reports.id', '=', reportId)
        .executeTakeFirst();
      if (!report) return null;
      await trx.updateTable('reports').set({ state, note, resolved_at: now(), resolved_by: actorId }).where('id', '=', reportId).execute();
      // The person the report concerned: the comment's author, or the video's owner.
      const targetId = report.comment_id ? report.comment_owner_id : report.owner_id;
      await this.log(trx, { actorId, action: state === 'resolved' ? 'report-resolved' : 'report-dismissed', subjectType: 'report', subjectId: reportId, reason: note, targetId });
      return { videoId: report.video_id, commentId: report.comment_id, reporterId: report.reporter_id };
    });
  }

  // Takedowns.

  /** Takes a video down; 'not-found', or 'already' when it is down. */
  async takeDown(actorId: string, videoId: string, reason: string): Promise<{ ownerId: string; at: string } | 'not-found' | 'already'> {
    return this.db.transaction().execute(async (trx) => {
      const video = await trx.selectFrom('videos').select(['owner_id', 'taken_down_at']).where('id', '=', videoId).executeTakeFirst();
      if (!video) return 'not-found';
      if (video.taken_down_at) return 'already';
      const at = now();
      const changed = await trx
        .updateTable('videos')
        .set({ taken_down_reason: reason, taken_down_at: at, taken_down_by: actorId })
        .where('id', '=', videoId)
        .where('taken_down_at', 'is', null)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return 'already';
      await this.log(trx, { actorId, action: 'video-taken-down', subjectType: 'video', subjectId: videoId, reason, targetId: video.owner_id });
      return { ownerId: video.owner_id, at };
    });
  }

  /** Restores a taken-down video; 'not-found', or 'not-down'. */
  async restore(actorId: string, videoId: string, undo?: Undo): Promise<{ ownerId: string } | 'not-found' | 'not-down'> {
    return this.db.transaction().execute(async (trx) => {
      const video = await trx.selectFrom('videos').select(['owner_id']).where('id', '=', videoId).executeTakeFirst();
      if (!video) return 'not-found';
      const changed = await trx
        .updateTable('videos')
        .set({ taken_down_reason: null, taken_down_at: null, taken_down_by: null })
        .where('id', '=', videoId)
        .where('taken_down_at', 'is not', null)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return 'not-down';
      await this.log(trx, { actorId, action: 'video-restored', subjectType: 'video', subjectId: videoId, targetId: video.owner_id, closes: 'video-taken-down', ...undoOf(undo) });
      return { ownerId: video.owner_id };
    });
  }

  /** Taken-down videos, most recent first. limit+1 rows. */
  async takedowns(window: PageWindow): Promise<TakedownRow[]> {
    return (await this.db
      .selectFrom('videos')
      .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
      .leftJoin('users as actor', 'actor.id', 'videos.taken_down_by')
      .select([
        'videos.id',
        'videos.title',
        'videos.thumbnail',
        'videos.taken_down_reason',
        'videos.taken_down_at',
        'videos.taken_down_by as actor_id',
        'actor.username as actor_username',
        ...ownerColumns,
      ])
      .where('videos.taken_down_at', 'is not', null)
      .orderBy('videos.taken_down_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute()) as TakedownRow[];
  }

  // Suspensions.

  async suspensionOf(userId: string): Promise<{ suspended_reason: string | null; suspended_at: string | null; suspended_until: string | null } | undefined> {
    return this.db.selectFrom('users').select(['suspended_reason', 'suspended_at', 'suspended_until']).where('id', '=', userId).executeTakeFirst();
  }

  /**
   * Who may suspend whom, decided inside the suspension's own transaction on rows locked there
   * (PostgreSQL; SQLite write transactions take the lock at BEGIN), so a role change or another
   * suspension committing meanwhile cannot slip between the check and the write. Nobody acts on
   * themselves; only moderators and admins act; moderators act on plain users only.
   */
  private async suspensionParties(trx: Transaction<Database>, actorId: string, userId: string) {
    let query = trx.selectFrom('users').select(['id', 'role', 'suspended_at', 'suspended_until', 'suspended_by']).where('id', 'in', [actorId, userId]).orderBy('id');
    if (this.dialect === 'postgres') query = query.forUpdate();
    const rows = await query.execute();
    const actor = rows.find((row) => row.id === actorId);
    const target = rows.find((row) => row.id === userId);
    if (!target) return 'not-found' as const;
    if (actorId === userId) return 'self' as const;
    if (actor?.role !== 'admin' && actor?.role !== 'moderator') return 'not-moderator' as const;
    if (actor.role !== 'admin' && target.role !== 'user') return 'protected-user' as const;
    const setBy = target.suspended_by && (await trx.selectFrom('users').select('role').where('id', '=', target.suspended_by).executeTakeFirst())?.role;
    return { actorRole: actor.role, target, inForce: suspendedAt(target), setByAdmin: setBy === 'admin' };
  }

  /**
   * Suspends a user and revokes every session of theirs, in one transaction; the ids of the
   * sessions that ended. A suspension in force is changed (reason, end, actor) only by an admin:
   * 'already' for a moderator.
   */
  async suspend(
    actorId: string,
    userId: string,
    reason: string,
    until: string | null,
  ): Promise<{ at: string; sessionIds: string[] } | 'not-found' | 'self' | 'not-moderator' | 'protected-user' | 'already'> {
    return this.db.transaction().execute(async (trx) => {
      const parties = await this.suspensionParties(trx, actorId, userId);
      if (typeof parties === 'string') return parties;
      if (parties.inForce && parties.actorRole !== 'admin') return 'already';
      const at = now();
      await trx
        .updateTable('users')
        .set({ suspended_reason: reason, suspended_at: at, suspended_until: until, suspended_by: actorId })
        .where('id', '=', userId)
        .execute();
      const sessions = await trx.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).returning('id').execute();
      await this.log(trx, { actorId, action: 'user-suspended', subjectType: 'user', subjectId: userId, reason: until ? `${reason} (until ${until})` : reason, targetId: userId });
      return { at, sessionIds: sessions.map((row) => row.id) };
    });
  }

  /**
   * Lifts a suspension in force: 'not-suspended' when there is none, 'admin-set' when an admin set
   * it and the actor is a moderator (only an admin undoes an admin's suspension).
   */
  async unsuspend(actorId: string, userId: string, undo?: Undo): Promise<true | 'not-found' | 'self' | 'not-moderator' | 'protected-user' | 'not-suspended' | 'admin-set'> {
    return this.db.transaction().execute(async (trx) => {
      const parties = await this.suspensionParties(trx, actorId, userId);
      if (typeof parties === 'string') return parties;
      if (!parties.inForce) return 'not-suspended';
      if (parties.setByAdmin && parties.actorRole !== 'admin') return 'admin-set';
      await trx
        .updateTable('users')
        .set({ suspended_reason: null, suspended_at: null, suspended_until: null, suspended_by: null })
        .where('id', '=', userId)
        .execute();
      await this.log(trx, { actorId, action: 'user-unsuspended', subjectType: 'user', subjectId: userId, targetId: userId, closes: 'user-suspended', ...undoOf(undo) });
      return true;
    });
  }

  /** Suspensions in force (of one user, with `userId`), most recent first. limit+1 rows. */
  async suspensions(window: PageWindow, userId?: string): Promise<SuspensionRow[]> {
    const at = now();
    let query = this.db
      .selectFrom('users as owner')
      .leftJoin('users as actor', 'actor.id', 'owner.suspended_by')
      .select([
        ...ownerColumns,
        'owner.suspended_reason',
        'owner.suspended_at',
        'owner.suspended_until',
        'owner.suspended_by as actor_id',
        'actor.username as actor_username',
      ])
      .where('owner.suspended_at', 'is not', null)
      .where((eb) => eb.or([eb('owner.suspended_until', 'is', null), eb('owner.suspended_until', '>', at)]));
    if (userId) query = query.where('owner.id', '=', userId);
    return (await query
      .orderBy('owner.suspended_at', 'desc')
      .orderBy('owner.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute()) as SuspensionRow[];
  }

  // The log.

  async logEntry(id: string): Promise<ModerationLogTable | undefined> {
    return this.db.selectFrom('moderation_log').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private selectLog() {
    return this.db
      .selectFrom('moderation_log')
      .leftJoin('users as actor', 'actor.id', 'moderation_log.actor_id')
      .leftJoin('users as target', 'target.id', 'moderation_log.target_id')
      .selectAll('moderation_log')
      .select(['actor.username as actor_username', 'actor.full_name as actor_full_name', 'target.username as target_username', 'target.full_name as target_full_name']);
  }

  /** One entry as the log lists it. */
  logRow(id: string): Promise<LogRow | undefined> {
    return this.selectLog().where('moderation_log.id', '=', id).executeTakeFirst();
  }

  /** Newest first, with the actor's and the target's names as they are now (null when the account is gone). limit+1 rows. */
  logEntries(window: PageWindow): Promise<LogRow[]> {
    return this.selectLog()
      .orderBy('moderation_log.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }
}
