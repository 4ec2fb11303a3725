// Watch analytics: what the player reports (heartbeats) and what the studio answers. Shared by the
// server's schemas and the client's sender and screens (types only on the client's first load).
import { Type, type Static } from 'typebox';

/** The screen that opened a video. */
export const TRAFFIC_SOURCES = ['home', 'search', 'subscriptions', 'channel', 'playlist', 'related', 'notification', 'external', 'offline', 'other'] as const;

/** Device classes, from the viewport the player ran in (no user agent is sent or stored). */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;

export const STUDIO_RANGES = ['7d', '28d', '90d'] as const;
export type StudioRange = (typeof STUDIO_RANGES)[number];

export const ANALYTICS_LIMITS = {
  /** Heartbeats in one request (an offline replay sends several). */
  heartbeatsPerBatch: 50,
  /** Watched ranges in one heartbeat. */
  rangesPerHeartbeat: 20,
  /** The retention curve's points: each 1% of a video. */
  retentionBuckets: 100,
  /** Heartbeats older than this are dropped (their ids are kept this long, so a replay counts once). */
  replayWindowMs: 7 * 24 * 3600 * 1000,
  /** How often the player reports while playing. */
  heartbeatEveryMs: 15_000,
} as const;

/** One report: the seconds of the video watched since the last one, as [from, to] position ranges. */
export const Heartbeat = Type.Object({
  /** Made by the player; a second report with the same id is ignored. */
  id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  videoId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  /** One playback (random, per page visit): what a signed-out view is counted by. */
  playbackId: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  /** When it was watched (offline plays report later); the server's clock caps it. */
  at: Type.Optional(Type.String({ format: 'date-time' })),
  /** [from, to] pairs (a tuple is not OpenAPI 3.0, hence two-item arrays). */
  ranges: Type.Array(Type.Array(Type.Number({ minimum: 0, maximum: 7 * 24 * 3600 }), { minItems: 2, maxItems: 2 }), {
    maxItems: ANALYTICS_LIMITS.rangesPerHeartbeat,
  }),
  source: Type.Enum(TRAFFIC_SOURCES),
  device: Type.Enum(DEVICE_CLASSES),
});
export type Heartbeat = Static<typeof Heartbeat>;

export const HeartbeatBatch = Type.Object({ heartbeats: Type.Array(Heartbeat, { minItems: 1, maxItems: ANALYTICS_LIMITS.heartbeatsPerBatch }) });
export type HeartbeatBatch = Static<typeof HeartbeatBatch>;

export const HeartbeatReceipt = Type.Object({
  /** Stored now. */
  accepted: Type.Number(),
  /** Already received, or older than the replay window. */
  ignored: Type.Number(),
});

const Counts = <T extends readonly string[]>(keys: T) => Type.Object(Object.fromEntries(keys.map((key) => [key, Type.Number()])) as Record<T[number], ReturnType<typeof Type.Number>>);

export const SourceCounts = Counts(TRAFFIC_SOURCES);
export type SourceCounts = Static<typeof SourceCounts>;
export const DeviceCounts = Counts(DEVICE_CLASSES);
export type DeviceCounts = Static<typeof DeviceCounts>;

/** One day of a range (UTC). */
export const StudioDay = Type.Object({ day: Type.String({ description: 'YYYY-MM-DD (UTC)' }), views: Type.Number(), watchSeconds: Type.Number() });
export type StudioDay = Static<typeof StudioDay>;

/** Subscribers a channel gained and lost on one day (UTC). */
export const StudioSubscriberDay = Type.Object({ day: Type.String({ description: 'YYYY-MM-DD (UTC)' }), gained: Type.Number(), lost: Type.Number() });
export type StudioSubscriberDay = Static<typeof StudioSubscriberDay>;

/** A chapter of the video, from its description's timestamp lines (contract/chapters.ts). */
const StudioChapter = Type.Object({ start: Type.Number({ description: 'seconds from the start' }), title: Type.String() });

const StudioTotals = Type.Object({
  views: Type.Number(),
  watchSeconds: Type.Number(),
  /** watchSeconds / views (0 without views). */
  averageViewSeconds: Type.Number(),
});

const StudioTopVideo = Type.Object({ _id: Type.String(), title: Type.String(), thumbnail: Type.String(), duration: Type.Number(), views: Type.Number(), watchSeconds: Type.Number() });

/** GET /studio/overview: the caller's channel over the range. */
export const StudioOverview = Type.Object({
  range: Type.Enum(STUDIO_RANGES),
  totals: StudioTotals,
  days: Type.Array(StudioDay),
  topVideos: Type.Array(StudioTopVideo),
  sources: SourceCounts,
  devices: DeviceCounts,
  /** Subscriptions made in the range (a subscriber who left and came back counts each time). */
  subscribersGained: Type.Number(),
  /** Subscriptions ended in the range (an unsubscribe, a block). */
  subscribersLost: Type.Number(),
  /** Gained and lost per day, one entry per day of the range like `days`. */
  subscriberDays: Type.Array(StudioSubscriberDay),
  subscribersTotal: Type.Number(),
  /** People on the channel's watch pages now (the live rooms). */
  viewersNow: Type.Number(),
});
export type StudioOverview = Static<typeof StudioOverview>;

/** GET /studio/videos/{videoId}: one video over the range. */
export const StudioVideo = Type.Object({
  range: Type.Enum(STUDIO_RANGES),
  video: StudioTopVideo,
  totals: StudioTotals,
  days: Type.Array(StudioDay),
  /** Share of views (0..1) that watched each 1% of the video, first to last. */
  retention: Type.Array(Type.Number(), { minItems: ANALYTICS_LIMITS.retentionBuckets, maxItems: ANALYTICS_LIMITS.retentionBuckets }),
  /** The description's chapters, first to last ([] when it has none), to mark under the retention curve. */
  chapters: Type.Array(StudioChapter),
  sources: SourceCounts,
  devices: DeviceCounts,
  viewersNow: Type.Number(),
});
export type StudioVideo = Static<typeof StudioVideo>;
