// Which videos this device has saved for offline, for the cards' and rows' badge. The downloads
// are a feature's (features/downloads), the cards shared UI: the app shell fills this context
// (app/App.tsx), so components import no feature. Without a provider no card shows the badge.
import { createContext, useContext } from 'react';

export const DownloadedVideosContext = createContext<ReadonlySet<string>>(new Set());

export const useIsDownloaded = (videoId: string): boolean => useContext(DownloadedVideosContext).has(videoId);
