import type { Selectable } from 'kysely';
import { newId } from '../../ids.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { UsersTable } from '../schema.js';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  username: string;
  email: string;
  fullName: string;
  passwordHash: string;
  avatar: string;
  coverImage: string;
}

export class UserRepository {
  constructor(private readonly db: DB) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username.trim().toLowerCase()).executeTakeFirst();
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
      created_at: at,
      updated_at: at,
    };
    await this.db.insertInto('users').values(row).execute();
    return { ...row, subscribers_count: 0 };
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
