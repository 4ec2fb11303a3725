// What a link to the watch screen may carry in its history state (the mini player, the next video).
export interface WatchLocationState {
  /** Seconds to start from (maximize from the mini player). */
  resumeAt?: number;
  /** Start playing at once (the next video after the end of the last one). */
  autoplay?: boolean;
}
