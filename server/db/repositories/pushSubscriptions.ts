// Web Push subscriptions per device, and which notifications reached which subscription. An
// endpoint is one row whoever sends it: the same browser signed in as someone else moves it, as
// long as it proves it is that browser (the same keys). Each user keeps their newest few.
import { newId } from '../../ids.js';
import { type DB, now } from '../kysely.js';

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const COLUMNS = ['id', 'user_id', 'endpoint', 'p256dh', 'auth'] as const;

export class PushSubscriptionRepository {
  constructor(private readonly db: DB) {}

  /**
   * Creates the endpoint's row, or updates it (keys, owner, session) when it is the caller's or
   * the keys match; then drops the caller's least recently saved subscriptions beyond `keepPerUser`.
   * Answers 'taken' (nothing changed) when the endpoint is another user's with other keys.
   */
  async save(
    subscription: { userId: string; sessionId: string | null; endpoint: string; p256dh: string; auth: string },
    keepPerUser: number,
  ): Promise<'saved' | 'taken'> {
    const at = now();
    const fields = { user_id: subscription.userId, session_id: subscription.sessionId, p256dh: subscription.p256dh, auth: subscription.auth, updated_at: at };
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('push_subscriptions')
        .values({ id: newId(), endpoint: subscription.endpoint, created_at: at, ...fields })
        .onConflict((oc) =>
          oc
            .column('endpoint')
            .doUpdateSet(fields)
            .where((eb) =>
              eb.or([
                eb('push_subscriptions.user_id', '=', subscription.userId),
                eb.and([eb('push_subscriptions.p256dh', '=', subscription.p256dh), eb('push_subscriptions.auth', '=', subscription.auth)]),
              ]),
            ),
        )
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return 'taken';
      const kept = await trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', subscription.userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const dropped = kept.slice(keepPerUser).map((row) => row.id);
      if (dropped.length) await trx.deleteFrom('push_subscriptions').where('id', 'in', dropped).execute();
      return 'saved';
    });
  }

  /** Removes the user's subscription with this endpoint; answers whether there was one. */
  async removeEndpoint(userId: string, endpoint: string): Promise<boolean> {
    const result = await this.db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Removes what a session registered (it signs out). */
  async removeForSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  get(id: string): Promise<PushSubscriptionRow | undefined> {
    return this.db.selectFrom('push_subscriptions').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  forUser(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.selectFrom('push_subscriptions').select(COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
  }

  /** Whether the notification still exists and was already delivered to the subscription. */
  async deliveryState(notificationId: string, subscriptionId: string): Promise<'pending' | 'delivered' | 'notification-gone'> {
    const row = await this.db
      .selectFrom('notifications')
      .leftJoin('push_deliveries as delivery', (join) =>
        join.onRef('delivery.notification_id', '=', 'notifications.id').on('delivery.subscription_id', '=', subscriptionId),
      )
      .select('delivery.delivered_at')
      .where('notifications.id', '=', notificationId)
      .executeTakeFirst();
    if (!row) return 'notification-gone';
    return row.delivered_at === null ? 'pending' : 'delivered';
  }

  async markDelivered(notificationId: string, subscriptionId: string): Promise<void> {
    await this.db
      .insertInto('push_deliveries')
      .values({ notification_id: notificationId, subscription_id: subscriptionId, delivered_at: now() })
      .onConflict((oc) => oc.columns(['notification_id', 'subscription_id']).doNothing())
      .execute();
  }
}
