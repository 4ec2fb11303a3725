/** The watch screen's title when the server says the video does not exist (rendered page and client alike). */
export const MISSING_VIDEO_TITLE = 'Video not found';
