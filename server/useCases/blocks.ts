// Blocking a user: their comments disappear for me, and they can no longer comment on my videos,
// reply to my comments or subscribe to me. Private to the blocker: nothing is published.
import { invalid, notFound } from '../domain/errors.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos'>;

async function otherUser(deps: Deps, blockerId: string, userId: string): Promise<void> {
  if (blockerId === userId) throw invalid('You cannot block yourself');
  if (!(await deps.repos.users.findById(userId))) throw notFound('User not found');
}

export async function blockUser(deps: Deps, input: { blockerId: string; userId: string }): Promise<void> {
  await otherUser(deps, input.blockerId, input.userId);
  await deps.repos.blocks.block(input.blockerId, input.userId);
}

export async function unblockUser(deps: Deps, input: { blockerId: string; userId: string }): Promise<void> {
  await otherUser(deps, input.blockerId, input.userId);
  await deps.repos.blocks.unblock(input.blockerId, input.userId);
}
