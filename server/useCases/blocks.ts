// Blocking a user, as YouTube does: their comments disappear for me; they can no longer comment on
// my videos, reply to my comments, edit what they wrote there before, like or disLike my videos or
// comments (server/useCases/comments.ts, reactions.ts) or subscribe to me, and blocking ends
// their subscription to me. They may still report my videos: a report goes to the moderators, and
// a block must not shield content from review.
import { invalid, notFound } from '../domain/errors.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

async function otherUser(deps: Deps, blockerId: string, userId: string): Promise<void> {
  if (blockerId === userId) throw invalid('You cannot block yourself');
  if (!(await deps.repos.users.findById(userId))) throw notFound('User not found');
}

export async function blockUser(deps: Deps, input: { blockerId: string; userId: string }): Promise<void> {
  await otherUser(deps, input.blockerId, input.userId);
  await deps.repos.blocks.block(input.blockerId, input.userId);
  // Their subscription ends like an unsubscribe (counts, caches and the channel's screens follow);
  // the block itself is published nowhere.
  const ended = await deps.repos.subscriptions.unsubscribe(input.userId, input.blockerId);
  if (ended) await deps.events.publish('channel.subscriptionToggled', { channelId: input.blockerId, subscriberId: input.userId, ...ended });
}

export async function unblockUser(deps: Deps, input: { blockerId: string; userId: string }): Promise<void> {
  await otherUser(deps, input.blockerId, input.userId);
  await deps.repos.blocks.unblock(input.blockerId, input.userId);
}
