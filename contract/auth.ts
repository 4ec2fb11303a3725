// The cookie-session XSRF pair: the server sets the cookie, the client echoes it in the header on
// writes (server/auth/authenticate.ts checks it; src/api/client.ts sends it).
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
