// What smart downloads keep on a device: GET /api/v1/offline/candidates answers the videos to keep
// (the newest of the subscribed channels, then Watch later), each with why and every rung it may be
// kept at, so the device picks a rung and checks its budget before it downloads anything.
import { Type, type Static } from 'typebox';
import { VideoCard } from './entities.js';

/** How many of the subscriptions' newest videos a device keeps unless it asks otherwise. */
export const OFFLINE_CANDIDATES_DEFAULT = 5;
export const OFFLINE_CANDIDATES_MAX = 50;
/** Watch later beyond this many (the newest saved first) is not kept offline. */
export const WATCH_LATER_CANDIDATES_MAX = 50;

export const OfflineReason = Type.Union([Type.Literal('subscription'), Type.Literal('watch-later')]);
export type OfflineReason = Static<typeof OfflineReason>;

export const OfflineRung = Type.Object({
  height: Type.Integer(),
  bytes: Type.Integer({ description: 'size of the rung file' }),
  url: Type.String({ description: 'the whole rung as one progressive MP4 (Range requests allowed)' }),
});
export type OfflineRung = Static<typeof OfflineRung>;

export const OfflineCandidate = Type.Object({
  /** Watch later when the user saved it (their choice comes first), else subscription. */
  reason: OfflineReason,
  /** Every reason that applies. */
  reasons: Type.Array(OfflineReason),
  video: VideoCard,
  /** Best first; empty while no rung is encoded. */
  rungs: Type.Array(OfflineRung),
});
export type OfflineCandidate = Static<typeof OfflineCandidate>;

export const OfflineCandidates = Type.Object({ candidates: Type.Array(OfflineCandidate) });
export type OfflineCandidates = Static<typeof OfflineCandidates>;
