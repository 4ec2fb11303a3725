// Business constants and limits shared by client and server.
export const LIMITS = {
  playlistName: 100,
  playlistDescription: 500,
  commentMin: 1,
  commentMax: 2000,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  videoBytes: 100 * 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
  settingsAvatarBytes: 2 * 1024 * 1024,
  feedPageDefault: 12,
  feedPageMax: 50,
  relatedPageSize: 10,
  videoTitle: 100,
  videoDescription: 5000,
  reportDetails: 1000,
  fullNameMax: 100,
  bioMax: 500,
  /** Search text (videos, users, playlists, own uploads). */
  searchQueryMax: 200,
  searchResultsMax: 50,
  commentsPageDefault: 50,
  commentsPageMax: 100,
} as const;

/**
 * Bounds only the server checks on a request (the app never needs them): apart from LIMITS so the
 * app's first load does not carry them.
 */
export const REQUEST_LIMITS = {
  /** Deepest page any list accepts. */
  pageMax: 100_000,
  /** A username in a URL: longer than any valid one, so an unknown name is a 404, not a 400. */
  usernameLookupMax: 100,
  /** Longest path parameter (an id, a username): a longer one answers 414. */
  pathParamMax: 100,
  /** Schema bound on a free-text field before the rules give the spec's own message. */
  rawTextMax: 1000,
  /** JSON and form bodies (files go through multipart with their own limits). */
  jsonBodyBytes: 1024 * 1024,
  /** Web Push subscriptions kept per user: a new one beyond it drops the least recently saved. */
  pushSubscriptionsPerUser: 10,
} as const;

/** What the watch screen's Report menu offers. */
export const REPORT_REASONS = ['spam', 'violence', 'hate', 'sexual', 'misleading', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Quality segment in a media URL -> rendition height. */
export const QUALITY_SEGMENTS = {
  'q_auto:best': 1080,
  'q_auto:good': 720,
  'q_auto:eco': 480,
  'q_auto:low': 360,
} as const;
export type QualitySegment = keyof typeof QUALITY_SEGMENTS;
/** Every rung a source can get, best first; 240 and 144 are for slow links (about 400 and 200 kbps). */
export const LADDER_HEIGHTS = [1080, 720, 480, 360, 240, 144] as const;
/**
 * The rung playback starts on when the player knows nothing of the link: listed first in the HLS
 * master (players without hints start on the first variant), the rung a new video streams while its
 * ladder is made. The tallest rung up to this height, else the lowest.
 */
const START_HEIGHT = 360;
/** The start rung among `heights` (START_HEIGHT): the tallest up to it, else the lowest; undefined for none. */
export function startHeight(heights: readonly number[]): number | undefined {
  const fitting = heights.filter((height) => height <= START_HEIGHT);
  return fitting.length ? Math.max(...fitting) : heights.length ? Math.min(...heights) : undefined;
}

/** Narrower copies of an image, asked for as a `w_{width}` segment
 *  (/media/image/upload/w_480/{name}): a phone's card needs a 480 px thumbnail, not the 1280 px one. */
export const IMAGE_WIDTHS = [320, 480, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Captions: one file per upload, WebVTT or SRT. */
export const CAPTION_LIMITS = {
  fileBytes: 1024 * 1024,
  languageMax: 35,
  labelMax: 60,
  perVideo: 20,
} as const;
/** BCP 47-ish: a primary language subtag, then optional subtags (en, pt-BR, zh-Hant-TW). */
export const CAPTION_LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;
/** HLS fragments: keyframes every this many seconds in every rung, so the rungs switch cleanly. */
export const HLS_SEGMENT_SECONDS = 2;
/** Upper bound for any "seconds into a video" the API accepts (a week; keeps Infinity and 1e309 out). */
/** A view counts once per viewer per video in this window (the view count and the studio's alike). */
export const VIEW_WINDOW_MS = 24 * 3600 * 1000;

export const MEDIA_SECONDS_MAX = 7 * 24 * 3600;

/** Chapters read from a description's timestamp lines (contract/chapters.ts), YouTube's rules. */
export const CHAPTER_LIMITS = {
  /** Fewer timestamp lines than this are not chapters (a lone "at 1:30" is a mention). */
  minCount: 3,
  /** The shortest chapter, in seconds. */
  minSeconds: 10,
  /** A longer title is cut (with an ellipsis). */
  titleMax: 100,
} as const;

/** Remote transcoding runners (server only). */
export const RUNNER_LIMITS = {
  /** A runner's name, as the operator gives it to `npm run admin -- runner add`. */
  namePattern: /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
  /** One upload of a streamed rung's new fragments (JSON with base64 bytes): a few 2 s fragments. */
  fragmentsBodyBytes: 64 * 1024 * 1024,
  /** Longest error text a runner may report. */
  errorMax: 2000,
} as const;
