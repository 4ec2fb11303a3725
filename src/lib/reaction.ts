// Video reaction rules: like and dislike exclude each other, pressing the active
// one again removes it. (The spec's 'both set shows neither' cannot arise: the server answers one
// userReaction per caller.)
import type { ReactionType } from '../../contract/entities';

export interface ReactionCounts {
  likes: number;
  disLikes: number;
  userReaction: ReactionType | null;
}

/** What the server will answer to a toggle of `type`: applied at once, undone if it fails. */
export function toggleReaction(state: ReactionCounts, type: ReactionType): ReactionCounts {
  const next = { ...state };
  const countOf = (reaction: ReactionType) => (reaction === 'like' ? 'likes' : 'disLikes');
  if (state.userReaction) next[countOf(state.userReaction)] = Math.max(0, next[countOf(state.userReaction)] - 1);
  if (state.userReaction === type) {
    next.userReaction = null;
  } else {
    next[countOf(type)] += 1;
    next.userReaction = type;
  }
  return next;
}

