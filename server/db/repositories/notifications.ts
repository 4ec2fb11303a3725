// Notifications per recipient and the kinds each user wants. A notification is unique per
// (recipient, subject), so making one twice for the same event is a no-op.
import { newId } from '../../ids.js';
import { type DB, now } from '../kysely.js';
import type { NotificationKind, UserRole } from '../schema.js';
import { ownerColumns, type OwnerColumnsRow } from './videoCards.js';
import type { PageWindow } from './videos.js';

export interface NewNotification {
  userId: string;
  type: NotificationKind;
  actorId: string;
  videoId?: string | null;
  commentId?: string | null;
  /** What it is about; the same subject is notified once per recipient. */
  subject: string;
  /** Moderation notices: why. */
  reason?: string;
}

/** A notification as the list shows it: the actor, and the video and comment when it has them. */
export interface NotificationRow extends OwnerColumnsRow {
  id: string;
  user_id: string;
  type: NotificationKind;
  read_at: string | null;
  created_at: string;
  video_id: string | null;
  video_title: string | null;
  video_thumbnail: string | null;
  /** Whose video it is and whether it is taken down: the formatter hides it from everyone else. */
  video_owner_id: string | null;
  video_taken_down_at: string | null;
  /** The recipient's role (moderators still see a taken-down video). */
  recipient_role: UserRole;
  comment_id: string | null;
  comment_content: string | null;
  reason: string;
}

export interface NotificationPreferencesRow {
  newVideo: boolean;
  commentReply: boolean;
  newSubscriber: boolean;
  videoComment: boolean;
}

const KIND_COLUMN = { 'new-video': 'new_video', 'comment-reply': 'comment_reply', 'new-subscriber': 'new_subscriber', 'video-comment': 'video_comment' } as const;
const PREFERENCE_COLUMN = { newVideo: 'new_video', commentReply: 'comment_reply', newSubscriber: 'new_subscriber', videoComment: 'video_comment' } as const;
/** Inserts per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;

export class NotificationRepository {
  constructor(private readonly db: DB) {}

  /** Stores the notifications not made before; answers the ids of those actually created. */
  async create(notifications: NewNotification[]): Promise<string[]> {
    const created: string[] = [];
    const at = now();
    for (let start = 0; start < notifications.length; start += INSERT_CHUNK) {
      const values = notifications.slice(start, start + INSERT_CHUNK).map((item) => ({
        id: newId(),
        user_id: item.userId,
        type: item.type,
        actor_id: item.actorId,
        video_id: item.videoId ?? null,
        comment_id: item.commentId ?? null,
        subject: item.subject,
        reason: item.reason ?? '',
        read_at: null,
        created_at: at,
      }));
      const rows = await this.db
        .insertInto('notifications')
        .values(values)
        .onConflict((oc) => oc.columns(['user_id', 'subject']).doNothing())
        .returning('id')
        .execute();
      created.push(...rows.map((row) => row.id));
    }
    return created;
  }

  /** Subscribers of a channel with its bell on who also want new-video notifications. */
  async newVideoRecipients(channelId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('subscriptions')
      .leftJoin('notification_preferences as prefs', 'prefs.user_id', 'subscriptions.subscriber_id')
      .select('subscriptions.subscriber_id')
      .where('subscriptions.channel_id', '=', channelId)
      .where('subscriptions.notify', '=', 1)
      .where((eb) => eb.or([eb('prefs.new_video', 'is', null), eb('prefs.new_video', '=', 1)]))
      .execute();
    return rows.map((row) => row.subscriber_id);
  }

  /** Whether `userId` wants notifications of this kind. */
  async wants(userId: string, kind: NotificationKind): Promise<boolean> {
    // Moderation notices tell a user why something of theirs changed: they cannot be turned off.
    if (!(kind in KIND_COLUMN)) return true;
    const row = await this.db
      .selectFrom('notification_preferences')
      .select(KIND_COLUMN[kind as keyof typeof KIND_COLUMN])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return !row || Number(Object.values(row)[0]) === 1;
  }

  async preferences(userId: string): Promise<NotificationPreferencesRow> {
    const row = await this.db
      .selectFrom('notification_preferences')
      .select(['new_video', 'comment_reply', 'new_subscriber', 'video_comment'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { newVideo: true, commentReply: true, newSubscriber: true, videoComment: true };
    return {
      newVideo: Number(row.new_video) === 1,
      commentReply: Number(row.comment_reply) === 1,
      newSubscriber: Number(row.new_subscriber) === 1,
      videoComment: Number(row.video_comment) === 1,
    };
  }

  /** Whether `recipientId` blocked `actorId` (a blocked user's actions notify nobody who blocked them). */
  async blocked(recipientId: string, actorId: string): Promise<boolean> {
    const row = await this.db.selectFrom('user_blocks').select('blocker_id').where('blocker_id', '=', recipientId).where('blocked_id', '=', actorId).executeTakeFirst();
    return Boolean(row);
  }

  /** Changes the given kinds only (an upsert: the first change creates the row). */
  async setPreferences(userId: string, changes: Partial<NotificationPreferencesRow>): Promise<NotificationPreferencesRow> {
    const set: Partial<Record<(typeof PREFERENCE_COLUMN)[keyof typeof PREFERENCE_COLUMN], number>> = {};
    for (const [key, column] of Object.entries(PREFERENCE_COLUMN) as [keyof NotificationPreferencesRow, (typeof PREFERENCE_COLUMN)[keyof typeof PREFERENCE_COLUMN]][]) {
      const value = changes[key];
      if (value !== undefined) set[column] = value ? 1 : 0;
    }
    const at = now();
    await this.db
      .insertInto('notification_preferences')
      .values({ user_id: userId, ...set, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: at }))
      .execute();
    return this.preferences(userId);
  }

  private selectRows() {
    return this.db
      .selectFrom('notifications')
      .innerJoin('users as owner', 'owner.id', 'notifications.actor_id')
      .innerJoin('users as recipient', 'recipient.id', 'notifications.user_id')
      .leftJoin('videos', 'videos.id', 'notifications.video_id')
      .leftJoin('comments', 'comments.id', 'notifications.comment_id')
      .select([
        'notifications.id',
        'notifications.user_id',
        'notifications.type',
        'notifications.read_at',
        'notifications.created_at',
        ...ownerColumns,
        'videos.id as video_id',
        'videos.title as video_title',
        'videos.thumbnail as video_thumbnail',
        'videos.owner_id as video_owner_id',
        'videos.taken_down_at as video_taken_down_at',
        'recipient.role as recipient_role',
        'comments.id as comment_id',
        'comments.content as comment_content',
        'notifications.reason',
      ]);
  }

  /** A user's notifications, newest first. limit+1 rows. */
  list(userId: string, window: PageWindow): Promise<NotificationRow[]> {
    return this.selectRows()
      .where('notifications.user_id', '=', userId)
      .orderBy('notifications.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }

  findByIds(ids: string[]): Promise<NotificationRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.selectRows().where('notifications.id', 'in', ids).execute();
  }

  findOwner(id: string): Promise<{ user_id: string } | undefined> {
    return this.db.selectFrom('notifications').select('user_id').where('id', '=', id).executeTakeFirst();
  }

  async unreadCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('unread'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.unread ?? 0);
  }

  /** Marks one (or, without id, every) unread notification of the user read; answers how many changed. */
  async markRead(userId: string, id?: string): Promise<number> {
    let query = this.db.updateTable('notifications').set({ read_at: now() }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (id) query = query.where('id', '=', id);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
