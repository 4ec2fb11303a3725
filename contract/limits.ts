// Business constants shared by client and server (spec section 9 and issue limits).
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
} as const;

/** What the watch screen's Report menu offers. */
export const REPORT_REASONS = ['spam', 'violence', 'hate', 'sexual', 'misleading', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Quality segment in a media URL -> rendition height (spec section 9). */
export const QUALITY_SEGMENTS = {
  'q_auto:best': 1080,
  'q_auto:good': 720,
  'q_auto:eco': 480,
  'q_auto:low': 360,
} as const;
export type QualitySegment = keyof typeof QUALITY_SEGMENTS;
export const LADDER_HEIGHTS = [1080, 720, 480, 360] as const;
