// Subscribing to a channel, and unsubscribing (one toggle, as the spec has it).
import { conflict, forbidden, invalid, notFound } from '../domain/errors.js';
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
  const { changed, ...status } = await deps.repos.subscriptions.toggle(subscriberId, channelId);
  // Unchanged: a concurrent request of the same user made this change and published it.
  if (changed) await deps.events.publish('channel.subscriptionToggled', { channelId, subscriberId, ...status });
  return status;
}

/** The channel's bell for one of its followers: new-video notifications on or off. */
export async function setChannelBell(deps: Deps, input: { subscriberId: string; channelId: string; notify: boolean }): Promise<void> {
  const { subscriberId, channelId, notify } = input;
  if (!(await deps.repos.users.findById(channelId))) throw notFound('Channel not found');
  if (!(await deps.repos.subscriptions.setNotify(subscriberId, channelId, notify))) {
    throw conflict('Subscribe to this channel to get its notifications');
  }
  await deps.events.publish('channel.bellToggled', { channelId, subscriberId, notify });
}
