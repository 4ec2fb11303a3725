// Accounts as an admin manages them: the searchable list, and deleting an account with everything
// it owns in one transaction, the counters it touched on other people's rows recounted there.
import { sql, type Transaction } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import type { DB } from '../kysely.js';
import type { Database, UserRole } from '../schema.js';
import type { OwnedVideoRow, PageWindow } from './videos.js';

export interface AccountRow {
  id: string;
  username: string;
  email: string;
  full_name: string;
  avatar: string;
  role: UserRole;
  created_at: string;
  suspended_reason: string | null;
  suspended_at: string | null;
  suspended_until: string | null;
  subscribers_count: number;
  videos_count: number;
  comments_count: number;
}

/** What a deleted account left for the caller to clean up after the commit: its files and sockets. */
export interface RemovedAccount {
  username: string;
  avatar: string;
  cover_image: string;
  videos: OwnedVideoRow[];
  /** Its sessions that were still open, whose sockets must close. */
  sessionIds: string[];
}

/** `lower(column) LIKE %q%` with the wildcards in q taken literally. */
function contains(column: string, q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export class AccountRepository {
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {}

  /** Newest first, matching `q` in username, email or full name when given; limit+1 rows. */
  async list(q: string, window: PageWindow): Promise<AccountRow[]> {
    let query = this.db
      .selectFrom('users')
      .select([
        'users.id',
        'users.username',
        'users.email',
        'users.full_name',
        'users.avatar',
        'users.role',
        'users.created_at',
        'users.suspended_reason',
        'users.suspended_at',
        'users.suspended_until',
        'users.subscribers_count',
      ])
      .select((eb) => [
        eb.selectFrom('videos').select(eb.fn.countAll<number>().as('n')).whereRef('videos.owner_id', '=', 'users.id').as('videos_count'),
        eb.selectFrom('comments').select(eb.fn.countAll<number>().as('n')).whereRef('comments.owner_id', '=', 'users.id').as('comments_count'),
      ]);
    if (q) query = query.where((eb) => eb.or([contains('users.username', q), contains('users.email', q), contains('users.full_name', q)]));
    const rows = await query
      .orderBy('users.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
    return rows.map((row) => ({
      ...row,
      subscribers_count: Number(row.subscribers_count),
      videos_count: Number(row.videos_count ?? 0),
      comments_count: Number(row.comments_count ?? 0),
    }));
  }

  /**
   * Deletes the account inside the caller's transaction: its videos (and what hangs off them),
   * comments, reactions, subscriptions, playlists, sessions, notifications and blocks go by
   * cascade. The counters on other people's rows that it moved (likes, dislikes and comments of
   * videos, likes of comments, subscribers of channels, videos in playlists) are counted again
   * from what is left, under their rows' locks on PostgreSQL. undefined: no such account.
   */
  async removeIn(trx: Transaction<Database>, userId: string): Promise<RemovedAccount | undefined> {
    // Locked first on PostgreSQL: a comment, reaction, subscription or login of this user that is
    // not yet written waits (its foreign key needs the row) and then finds no account, so nothing
    // it would have counted slips past the recount.
    let account = trx.selectFrom('users').select(['username', 'avatar', 'cover_image']).where('id', '=', userId);
    if (this.dialect === 'postgres') account = account.forUpdate();
    const user = await account.executeTakeFirst();
    if (!user) return undefined;
    const videos = await trx.selectFrom('videos').select(['id', 'owner_id', 'source_key', 'thumbnail']).where('owner_id', '=', userId).orderBy('id').execute();
    const ownVideoIds = videos.map((video) => video.id);
    const ids = async (rows: Promise<{ id: string }[]>) => [...new Set((await rows).map((row) => row.id))].sort();
    const touchedVideos = (
      await ids(
        trx
          .selectFrom('video_reactions')
          .select('video_id as id')
          .where('user_id', '=', userId)
          .union(trx.selectFrom('comments').select('video_id as id').where('owner_id', '=', userId))
          .execute(),
      )
    ).filter((id) => !ownVideoIds.includes(id));
    const touchedComments = await ids(
      trx.selectFrom('comment_likes').innerJoin('comments', 'comments.id', 'comment_likes.comment_id').select('comments.id').where('comment_likes.user_id', '=', userId).where('comments.owner_id', '!=', userId).execute(),
    );
    const touchedChannels = await ids(trx.selectFrom('subscriptions').select('channel_id as id').where('subscriber_id', '=', userId).where('channel_id', '!=', userId).execute());
    const touchedPlaylists = ownVideoIds.length
      ? await ids(
          trx
            .selectFrom('playlist_videos')
            .innerJoin('playlists', 'playlists.id', 'playlist_videos.playlist_id')
            .select('playlists.id')
            .where('playlist_videos.video_id', 'in', ownVideoIds)
            .where('playlists.owner_id', '!=', userId)
            .execute(),
        )
      : [];
    if (this.dialect === 'postgres') {
      // The same rows the counters' own writers lock (reactions, comments, subscriptions), in id order.
      if (touchedVideos.length) await trx.selectFrom('videos').select('id').where('id', 'in', touchedVideos).orderBy('id').forUpdate().execute();
      if (touchedComments.length) await trx.selectFrom('comments').select('id').where('id', 'in', touchedComments).orderBy('id').forUpdate().execute();
      if (touchedChannels.length) await trx.selectFrom('users').select('id').where('id', 'in', touchedChannels).orderBy('id').forUpdate().execute();
      if (touchedPlaylists.length) await trx.selectFrom('playlists').select('id').where('id', 'in', touchedPlaylists).orderBy('id').forUpdate().execute();
    }
    const sessions = await trx.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    // Videos first: their comments' replies by this user go with them, not through the user's cascade.
    if (ownVideoIds.length) await trx.deleteFrom('videos').where('id', 'in', ownVideoIds).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await this.recount(trx, { videos: touchedVideos, comments: touchedComments, channels: touchedChannels, playlists: touchedPlaylists });
    return { ...user, videos, sessionIds: sessions.map((row) => row.id) };
  }

  private async recount(trx: Transaction<Database>, touched: { videos: string[]; comments: string[]; channels: string[]; playlists: string[] }): Promise<void> {
    if (touched.videos.length) {
      await trx
        .updateTable('videos')
        .set((eb) => ({
          likes_count: eb.selectFrom('video_reactions').select(eb.fn.countAll<number>().as('n')).whereRef('video_reactions.video_id', '=', 'videos.id').where('video_reactions.type', '=', 'like'),
          dislikes_count: eb.selectFrom('video_reactions').select(eb.fn.countAll<number>().as('n')).whereRef('video_reactions.video_id', '=', 'videos.id').where('video_reactions.type', '=', 'disLike'),
          comments_count: eb.selectFrom('comments').select(eb.fn.countAll<number>().as('n')).whereRef('comments.video_id', '=', 'videos.id'),
        }))
        .where('id', 'in', touched.videos)
        .execute();
    }
    if (touched.comments.length) {
      await trx
        .updateTable('comments')
        .set((eb) => ({ likes_count: eb.selectFrom('comment_likes').select(eb.fn.countAll<number>().as('n')).whereRef('comment_likes.comment_id', '=', 'comments.id') }))
        .where('id', 'in', touched.comments)
        .execute();
    }
    if (touched.channels.length) {
      await trx
        .updateTable('users')
        .set((eb) => ({ subscribers_count: eb.selectFrom('subscriptions').select(eb.fn.countAll<number>().as('n')).whereRef('subscriptions.channel_id', '=', 'users.id') }))
        .where('id', 'in', touched.channels)
        .execute();
    }
    if (touched.playlists.length) {
      await trx
        .updateTable('playlists')
        .set((eb) => ({ videos_count: eb.selectFrom('playlist_videos').select(eb.fn.countAll<number>().as('n')).whereRef('playlist_videos.playlist_id', '=', 'playlists.id') }))
        .where('id', 'in', touched.playlists)
        .execute();
    }
  }
}
