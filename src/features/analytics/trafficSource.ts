// Which screen opened the video and what kind of device plays it, for the watch reports. The
// previous screen comes from the Navigation API's history entries (Chromium; elsewhere 'external');
// the first page of a visit came from outside.
import type { Heartbeat } from '../../../contract/analytics';

type TrafficSource = Heartbeat['source'];
type DeviceClass = Heartbeat['device'];

const BY_PATH: Array<[RegExp, TrafficSource]> = [
  [/^\/(home)?$/, 'home'],
  [/^\/search/, 'search'],
  [/^\/subscriptions/, 'subscriptions'],
  [/^\/profile\//, 'channel'],
  [/^\/playlist\//, 'playlist'],
  [/^\/watch\//, 'related'],
  [/^\/notifications/, 'notification'],
  [/^\/downloads/, 'offline'],
];

interface NavigationLike {
  currentEntry: { index: number } | null;
  entries(): Array<{ url: string | null }>;
}

export function trafficSourceOf(playsSavedCopy: boolean): TrafficSource {
  if (playsSavedCopy && !navigator.onLine) return 'offline';
  const navigation = (window as { navigation?: NavigationLike }).navigation;
  const index = navigation?.currentEntry?.index ?? -1;
  const previous = index > 0 ? navigation!.entries()[index - 1]?.url : null;
  if (previous) {
    const url = new URL(previous);
    if (url.origin === location.origin) return BY_PATH.find(([pattern]) => pattern.test(url.pathname))?.[1] ?? 'other';
  }
  // The first page of this visit: an outside link, a bookmark or a typed address.
  return index <= 0 ? 'external' : 'other';
}

export function deviceClass(): DeviceClass {
  const shortSide = Math.min(window.innerWidth, window.innerHeight);
  if (shortSide < 600) return 'phone';
  return matchMedia('(pointer: coarse)').matches && shortSide < 1100 ? 'tablet' : 'desktop';
}
