// Subscriptions and the channel's denormalized users.subscribers_count, changed together
// in one transaction so the count stays exact under concurrent toggles.
import type { Transaction } from 'kysely';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { Database } from '../schema.js';

export interface SubscriptionStatusRow {
  isSubscribed: boolean;
  totalSubscribers: number;
}

export interface ToggledSubscriptionRow extends SubscriptionStatusRow {
  /** False when a concurrent request of the same user had already made the same change. */
  changed: boolean;
}

export interface SubscribedChannelRow {
  channel_id: string;
  username: string;
  full_name: string;
  avatar: string;
  notify: number;
  created_at: string;
}

/**
 * Locks the channel's row first (a no-op write; SQLite serializes writers anyway): on PostgreSQL two
 * toggles of one pair would otherwise both see no row and both subscribe. Every subscription write
 * locks only this one row before its delete or insert, so they cannot deadlock.
 */
async function lockChannel(trx: Transaction<Database>, channelId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ subscribers_count: eb.ref('subscribers_count') }))
    .where('id', '=', channelId)
    .execute();
}

export class SubscriptionRepository {
  constructor(private readonly db: DB) {}

  /** Subscribes when not subscribed, unsubscribes otherwise; answers the new state and count. */
  toggle(subscriberId: string, channelId: string): Promise<ToggledSubscriptionRow> {
    return this.db.transaction().execute(async (trx) => {
      await lockChannel(trx, channelId);
      const removed = await trx
        .deleteFrom('subscriptions')
        .where('subscriber_id', '=', subscriberId)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      let isSubscribed: boolean;
      let delta = 0;
      if (Number(removed.numDeletedRows) > 0) {
        isSubscribed = false;
        delta = -1;
      } else {
        const added = await trx
          .insertInto('subscriptions')
          .values({ subscriber_id: subscriberId, channel_id: channelId, created_at: now() })
          .onConflict((oc) => oc.columns(['subscriber_id', 'channel_id']).doNothing())
          .executeTakeFirst();
        // Nothing inserted: a concurrent request of the same user subscribed first.
        isSubscribed = true;
        delta = Number(added.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : 0;
      }
      const channel = await trx
        .updateTable('users')
        .set((eb) => ({ subscribers_count: eb('subscribers_count', '+', delta) }))
        .where('id', '=', channelId)
        .returning('subscribers_count')
        .executeTakeFirstOrThrow();
      return { isSubscribed, totalSubscribers: Number(channel.subscribers_count), changed: delta !== 0 };
    });
  }

  /** Ends the subscription if there is one (a block); answers the new count, or null when there was none. */
  unsubscribe(subscriberId: string, channelId: string): Promise<SubscriptionStatusRow | null> {
    return this.db.transaction().execute(async (trx) => {
      await lockChannel(trx, channelId);
      const removed = await trx.deleteFrom('subscriptions').where('subscriber_id', '=', subscriberId).where('channel_id', '=', channelId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return null;
      const channel = await trx
        .updateTable('users')
        .set((eb) => ({ subscribers_count: eb('subscribers_count', '-', 1) }))
        .where('id', '=', channelId)
        .returning('subscribers_count')
        .executeTakeFirstOrThrow();
      return { isSubscribed: false, totalSubscribers: Number(channel.subscribers_count) };
    });
  }

  /** The channel's subscriber count. */
  async countOf(channelId: string): Promise<number> {
    const user = await this.db.selectFrom('users').select('subscribers_count').where('id', '=', channelId).executeTakeFirst();
    return Number(user?.subscribers_count ?? 0);
  }

  async isSubscribed(subscriberId: string | null, channelId: string): Promise<boolean> {
    if (!subscriberId) return false;
    const row = await this.find(subscriberId, channelId);
    return !!row;
  }

  find(subscriberId: string, channelId: string): Promise<{ notify: number } | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .select('notify')
      .where('subscriber_id', '=', subscriberId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
  }

  /** Sets the per-channel notification preference; false when the user is not subscribed. */
  async setNotify(subscriberId: string, channelId: string, notify: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ notify: notify ? 1 : 0 })
      .where('subscriber_id', '=', subscriberId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The channels a user subscribes to, most recent first. */
  subscribedChannels(subscriberId: string): Promise<SubscribedChannelRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .innerJoin('users as channel', 'channel.id', 'subscriptions.channel_id')
      .select([
        'subscriptions.channel_id',
        'channel.username',
        'channel.full_name',
        'channel.avatar',
        'subscriptions.notify',
        'subscriptions.created_at',
      ])
      .where('subscriptions.subscriber_id', '=', subscriberId)
      .orderBy('subscriptions.created_at', 'desc')
      .orderBy('subscriptions.channel_id', 'desc')
      .execute();
  }
}
