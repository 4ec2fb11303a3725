// Every stored notification also goes to its recipient's devices by Web Push: one deliver-push
// job per subscription (server/jobs/handlers/deliverPush.ts sends, retries and forgets expired
// subscriptions), so a slow or failing push service never holds up the action that notified.
import { pushPayloadOf } from '../../contract/push.js';
import type { NotificationRepository } from '../db/repositories/notifications.js';
import type { PushSubscriptionRepository } from '../db/repositories/pushSubscriptions.js';
import type { DomainEventBus } from '../domain/eventBus.js';
import type { JobQueue } from '../jobs/types.js';

const SUBSCRIBER = 'push';

export function subscribePush(
  events: DomainEventBus,
  repos: { pushSubscriptions: PushSubscriptionRepository; notifications: NotificationRepository },
  jobs: Pick<JobQueue, 'enqueue'>,
): void {
  events.on('notification.created', SUBSCRIBER, async ({ recipientId, notification }) => {
    const targets = await repos.pushSubscriptions.forUser(recipientId);
    if (!targets.length) return;
    const message = pushPayloadOf(notification, await repos.notifications.unreadCount(recipientId));
    for (const target of targets) {
      // One job per pair, by id: queuing it again never makes a second one.
      await jobs.enqueue('deliver-push', { subscriptionId: target.id, notificationId: notification._id, message }, { id: `push-${notification._id}-${target.id}` });
    }
  });
}
