// Delivers one notification to one push subscription. Each (notification, subscription) pair is
// sent once: a pair already delivered is skipped, so a retry or a re-queued job never sends
// twice, and the Topic header lets the push service replace a copy still waiting there. A
// notification deleted meanwhile (with its video or comment) is not sent.
// The message is made here, at send time, from the notification as its recipient may see it now
// (formatters/notification.ts): a push queued before its video was taken down goes out saying
// 'This video was removed', without the title, the thumbnail or the comment's text, so the
// recipient's list and their device agree. The unread count is the current one too.
// 404/410 (the browser dropped the subscription) and an endpoint that now resolves to an internal
// address remove the subscription; 429 and 5xx and network failures are retried with backoff.
import { pushPayloadOf } from '../../../contract/push.js';
import { toNotification } from '../../formatters/notification.js';
import { createMediaUrls } from '../../media/urls.js';
import { PushEndpointRefused } from '../../push/endpointGuard.js';
import { sendPush } from '../../push/sender.js';
import type { JobHandler } from '../types.js';

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** A UUID without its dashes: 32 hex characters, the longest topic RFC 8030 allows. */
const topicOf = (notificationId: string) => notificationId.replaceAll('-', '').slice(0, 32);

export const deliverPushJob: JobHandler<'deliver-push'> = {
  lane: 'messages',
  maxAttempts: 6,
  // 1 s, 4 s, 16 s, 64 s, 256 s.
  backoffMs: (attempt) => Math.min(BACKOFF_BASE_MS * 4 ** (attempt - 1), BACKOFF_MAX_MS),
  async run(deps, job) {
    const { subscriptionId, notificationId } = job.payload;
    const subscriptions = deps.repos.pushSubscriptions;
    const target = await subscriptions.get(subscriptionId);
    if (!target) return { push: 'subscription-gone' };
    // Delivered already (a retry after a success, a job queued again), or deleted with its video or comment.
    const state = await subscriptions.deliveryState(notificationId, subscriptionId);
    if (state !== 'pending') return { push: state === 'delivered' ? 'already-delivered' : 'notification-gone' };
    const [row] = await deps.repos.notifications.findByIds([notificationId]);
    if (!row) return { push: 'notification-gone' };
    const message = pushPayloadOf(toNotification(row, createMediaUrls(deps.config.publicUrl)), await deps.repos.notifications.unreadCount(row.user_id));
    let status: number;
    try {
      status = await sendPush(deps.config.push, target, { body: JSON.stringify(message), urgency: 'normal', topic: topicOf(notificationId) }, job.signal);
    } catch (error) {
      if (!(error instanceof PushEndpointRefused)) throw error;
      await subscriptions.remove(subscriptionId);
      return { push: 'endpoint-refused' };
    }
    if (status >= 200 && status < 300) {
      // Sent: a failure to record it must not turn into a retry that sends it again.
      await subscriptions.markDelivered(notificationId, subscriptionId).catch((error: unknown) => {
        deps.log.warn({ subscriptionId, notificationId, err: (error as Error).message }, 'push delivered but not recorded');
      });
      return { push: 'delivered' };
    }
    if (status === 404 || status === 410) {
      await subscriptions.remove(subscriptionId);
      return { push: 'subscription-expired' };
    }
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
    // 400, 403, 413: this request is wrong and will stay wrong (bad keys, a VAPID mismatch).
    deps.log.warn({ subscriptionId, notificationId, status }, 'push service refused the message');
    return { push: `refused-${status}` };
  },
};
