// The profile's tabs, who sees each, and which one a URL may open. The tab lives in the
// URL (?tab=playlists) so it survives a reload and the back button.
const PROFILE_TABS = [
  { id: 'videos', label: 'Videos', private: false },
  { id: 'playlists', label: 'Playlists', private: false },
  { id: 'liked', label: 'Liked Videos', private: true },
  { id: 'history', label: 'Watch History', private: true },
  { id: 'watchLater', label: 'Watch Later', private: true },
] as const;

export type ProfileTabId = (typeof PROFILE_TABS)[number]['id'];
const DEFAULT_TAB: ProfileTabId = 'videos';

export interface TabResolution {
  tab: ProfileTabId;
  /** The URL asked for a tab this viewer cannot open: it goes back to videos. */
  reset: boolean;
  /** A signed-out visitor asked for a private tab: 'Please log in to view {tab}.' */
  loginNotice: string | null;
}

export function visibleTabs(privateAllowed: boolean) {
  return PROFILE_TABS.filter((tab) => privateAllowed || !tab.private);
}

export function resolveProfileTab(requested: string | null, viewer: { signedIn: boolean; privateAllowed: boolean }): TabResolution {
  const wanted = PROFILE_TABS.find((tab) => tab.id === requested);
  if (!requested || !wanted) return { tab: DEFAULT_TAB, reset: Boolean(requested), loginNotice: null };
  if (!wanted.private || viewer.privateAllowed) return { tab: wanted.id, reset: false, loginNotice: null };
  return { tab: DEFAULT_TAB, reset: true, loginNotice: viewer.signedIn ? null : `Please log in to view ${wanted.label}.` };
}
