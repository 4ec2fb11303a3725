import type { Selectable } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import { newId } from '../../ids.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import { prepareQuery } from '../prepared.js';
import type { UsersTable } from '../schema.js';
import { LISTED_STATUS } from './videoCards.js';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  username: string;
  email: string;
  fullName: string;
  passwordHash: string;
  avatar: string;
  coverImage: string;
}

/** Account fields a user may change; undefined leaves a field as it is. */
export interface AccountDetails {
  fullName?: string;
  email?: string;
  username?: string;
  bio?: string;
}

export class UserRepository {
  /** Looked up on every profile miss, compiled once (db/prepared.ts). */
  private readonly byUsername;

  /** `dialect` matters only where rows are locked (replaceImage). */
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {
    this.byUsername = prepareQuery(this.db, [''], (username: string) => this.db.selectFrom('users').selectAll().where('username', '=', username));
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    return (await this.byUsername(username.trim().toLowerCase()))[0];
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  /** Which of username/email is already taken (case-insensitive), if any. */
  async taken(username: string, email: string, exceptUserId?: string): Promise<'username' | 'email' | null> {
    let query = this.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where((eb) => eb.or([eb('username', '=', username.toLowerCase()), eb('email', '=', email.toLowerCase())]));
    if (exceptUserId) query = query.where('id', '!=', exceptUserId);
    const rows = await query.execute();
    if (rows.some((row) => row.username === username.toLowerCase())) return 'username';
    if (rows.length) return 'email';
    return null;
  }

  async create(user: NewUser): Promise<UserRow> {
    const at = now();
    const row = {
      id: newId(),
      username: user.username.toLowerCase(),
      email: user.email.toLowerCase(),
      full_name: user.fullName,
      password_hash: user.passwordHash,
      avatar: user.avatar,
      cover_image: user.coverImage,
      bio: '',
      role: 'user' as const,
      must_change_password: 0,
      suspended_reason: null,
      suspended_at: null,
      suspended_until: null,
      suspended_by: null,
      created_at: at,
      updated_at: at,
    };
    await this.db.insertInto('users').values(row).execute();
    return { ...row, subscribers_count: 0 };
  }

  /** Counts shown on a profile: the videos the viewer can see (the owner also sees unfinished
   *  ones, as in their Videos tab), and views and likes summed over them. */
  async profileStats(userId: string, options: { allStatuses?: boolean } = {}): Promise<{ totalVideos: number; totalViews: number; totalLikes: number }> {
    let query = this.db
      .selectFrom('videos')
      .select((eb) => [
        eb.fn.countAll<number>().as('videos'),
        eb.fn.coalesce(eb.fn.sum<number>('views_count'), eb.lit(0)).as('views'),
        eb.fn.coalesce(eb.fn.sum<number>('likes_count'), eb.lit(0)).as('likes'),
      ])
      .where('owner_id', '=', userId);
    if (!options.allStatuses) query = query.where('status', '=', LISTED_STATUS).where('taken_down_at', 'is', null);
    const row = await query.executeTakeFirst();
    return { totalVideos: Number(row?.videos ?? 0), totalViews: Number(row?.views ?? 0), totalLikes: Number(row?.likes ?? 0) };
  }

  /** Writes the given account fields; returns the updated row. */
  async updateDetails(userId: string, fields: AccountDetails): Promise<UserRow | undefined> {
    const changes: Partial<Omit<UsersTable, 'id' | 'subscribers_count' | 'role' | 'must_change_password'>> = { updated_at: now() };
    if (fields.fullName !== undefined) changes.full_name = fields.fullName;
    if (fields.email !== undefined) changes.email = fields.email.toLowerCase();
    if (fields.username !== undefined) changes.username = fields.username.toLowerCase();
    if (fields.bio !== undefined) changes.bio = fields.bio;
    await this.db.updateTable('users').set(changes).where('id', '=', userId).execute();
    return this.findById(userId);
  }

  /**
   * Points the avatar or cover at a new image; returns the previous image name so it can be removed.
   * The row is locked on PostgreSQL: two concurrent changes must not both read the same previous
   * image, or the one in between is left behind with nothing pointing at it.
   */
  async replaceImage(userId: string, column: 'avatar' | 'cover_image', imageName: string): Promise<{ previous: string; user: UserRow } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let current = trx.selectFrom('users').select(column).where('id', '=', userId);
      if (this.dialect === 'postgres') current = current.forUpdate();
      const before = await current.executeTakeFirst();
      if (!before) return undefined;
      await trx
        .updateTable('users')
        .set({ [column]: imageName, updated_at: now() })
        .where('id', '=', userId)
        .execute();
      const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      return { previous: (before as Record<string, string>)[column] ?? '', user };
    });
  }

  /** Every image name a user row points at (avatars and covers), for the sweep of unreferenced images. */
  async imageNames(): Promise<string[]> {
    const rows = await this.db.selectFrom('users').select(['avatar', 'cover_image']).execute();
    return rows.flatMap((row) => [row.avatar, row.cover_image]).filter(Boolean);
  }

  /** The user's own change: it also ends an operator's demand for a new password. */
  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, must_change_password: 0, updated_at: now() }).where('id', '=', userId).execute();
  }

  /** An operator's reset: a one-time password the user must replace at their next sign-in. */
  async setOneTimePassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, must_change_password: 1, updated_at: now() }).where('id', '=', userId).execute();
  }

  /** Sum of views over the user's videos. */
  async totalViews(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('views_count'), eb.lit(0)).as('total'))
      .where('owner_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }
}
