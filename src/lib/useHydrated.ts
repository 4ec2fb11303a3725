import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates its HTML, true in every render after (and in any
 * render on the client that is not a hydration). What only the browser knows (a stored preference,
 * a browser feature) waits for it, so the hydrating render draws what the server drew.
 */
export const useHydrated = (): boolean => useSyncExternalStore(noSubscription, () => true, () => false);
