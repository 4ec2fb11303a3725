// Subscribing to a channel, and unsubscribing (one toggle, as the spec has it).
import { forbidden, invalid, notFound } from '../domain/errors.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

export async function toggleSubscription(deps: Deps, input: { subscriberId: string; channelId: string }) {
  const { subscriberId, channelId } = input;
  if (channelId === subscriberId) throw invalid('You cannot subscribe to your own channel');
  if (!(await deps.repos.users.findById(channelId))) throw notFound('Channel not found');
  // A blocked user may still leave, never join.
  if ((await deps.repos.blocks.isBlocked(channelId, subscriberId)) && !(await deps.repos.subscriptions.isSubscribed(subscriberId, channelId))) {
    throw forbidden('You cannot subscribe to this channel');
  }
  const status = await deps.repos.subscriptions.toggle(subscriberId, channelId);
  await deps.events.publish('channel.subscriptionToggled', { channelId, subscriberId, isSubscribed: status.isSubscribed, totalSubscribers: status.totalSubscribers });
  return status;
}
