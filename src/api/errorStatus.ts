// The HTTP status of an RTK Query error (fetchBaseQuery's `status`), for screens that tell a
// missing thing or an expired session from other failures.
export const errorStatus = (error: unknown): unknown => (error as { status?: unknown } | undefined)?.status;

export const isNotFound = (error: unknown): boolean => errorStatus(error) === 404;

/** 410: a moderator took the video down (the answer's message says so). */
export const isGone = (error: unknown): boolean => errorStatus(error) === 410;
