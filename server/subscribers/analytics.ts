// The studio's subscriber counts: every subscription change, from a toggle or a block, adds one to
// the channel's gained or lost on the day (UTC) it happened. The only place that writes
// `channel_subscription_days` after its migration.
import type { AnalyticsRepository } from '../db/repositories/analytics.js';
import type { DomainEventBus } from '../domain/eventBus.js';

const SUBSCRIBER = 'analytics';

export function subscribeAnalytics(events: DomainEventBus, repos: { analytics: AnalyticsRepository }): void {
  events.on('channel.subscriptionToggled', SUBSCRIBER, ({ channelId, isSubscribed }) =>
    repos.analytics.countSubscriptionChange(channelId, new Date().toISOString().slice(0, 10), isSubscribed ? 'gained' : 'lost'),
  );
}
