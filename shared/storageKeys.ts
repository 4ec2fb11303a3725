// The keys of what the app keeps in localStorage: the page reads and writes them (src/lib/storage.ts),
// the server-rendered boot script reads the token's (server/ssr/).
export const STORAGE_KEYS = { token: 'token', user: 'user', theme: 'theme', recentSearches: 'vidshare.recentSearches', signedOutSessions: 'vidshare.signedOutSessions' } as const;
