// Who may hear of a change to a video, as the publisher read the video for its write: a taken-down
// video's live events reach only its owner and the moderators (server/videos/visibility.ts). Carried on
// every domain event about a video that goes live, so that no subscriber reads the video again.

export interface VideoReach {
  videoOwnerId: string;
  takenDown: boolean;
}

/** A video's reach from the row its use case (or job) read. */
export function reachOf(video: { owner_id: string; taken_down_at: string | null }): VideoReach {
  return { videoOwnerId: video.owner_id, takenDown: video.taken_down_at !== null };
}
