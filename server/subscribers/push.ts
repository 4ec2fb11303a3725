// Every stored notification also goes to its recipient's devices by Web Push: one deliver-push
// job per subscription (server/jobs/handlers/deliverPush.ts sends, retries and forgets expired
// subscriptions), so a slow or failing push service never holds up the action that notified.
// The job carries ids only: its message is made when it is sent (see the handler).
import type { PushSubscriptionRepository } from '../db/repositories/pushSubscriptions.js';
import type { DomainEventBus } from '../domain/eventBus.js';
import type { JobQueue } from '../jobs/types.js';

const SUBSCRIBER = 'push';

export function subscribePush(
  events: DomainEventBus,
  repos: { pushSubscriptions: PushSubscriptionRepository },
  jobs: Pick<JobQueue, 'enqueue'>,
): void {
  events.on('notification.created', SUBSCRIBER, async ({ recipientId, notification }) => {
    const targets = await repos.pushSubscriptions.forUser(recipientId);
    if (!targets.length) return;
    for (const target of targets) {
      // One job per pair, by id: queuing it again never makes a second one.
      await jobs.enqueue('deliver-push', { subscriptionId: target.id, notificationId: notification._id }, { id: `push-${notification._id}-${target.id}` });
    }
  });
}
