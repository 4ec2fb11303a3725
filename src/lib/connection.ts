// What the browser says about the link (the Network Information API: Chromium and Android WebViews
// have it; Safari and Firefox do not, and then every field reads as unknown).

interface NetworkInformation extends EventTarget {
  /** Mbps, Chromium's own estimate (rounded, at most 10). */
  downlink?: number;
  effectiveType?: string;
  saveData?: boolean;
  /** 'cellular', 'wifi', 'ethernet', ...: Android only. */
  type?: string;
}

export interface LinkInfo {
  /** The browser's downlink estimate in bits per second; null when it gives none. */
  downlinkBps: number | null;
  /** 'slow-2g', '2g', '3g' or '4g'; null when unknown. */
  effectiveType: string | null;
  /** The browser (or the operating system) asks sites to save data. */
  saveData: boolean;
  /** The kind of link ('cellular', 'wifi', ...); null when the browser does not say. */
  type: string | null;
}

const UNKNOWN: LinkInfo = { downlinkBps: null, effectiveType: null, saveData: false, type: null };

function connection(): NetworkInformation | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

export function readLink(): LinkInfo {
  const info = connection();
  if (!info) return UNKNOWN;
  const downlink = typeof info.downlink === 'number' && info.downlink > 0 ? info.downlink * 1_000_000 : null;
  return {
    downlinkBps: downlink,
    effectiveType: typeof info.effectiveType === 'string' ? info.effectiveType : null,
    saveData: info.saveData === true,
    type: typeof info.type === 'string' && info.type !== 'unknown' ? info.type : null,
  };
}

/** Calls `listener` when the browser reports another link (the phone left Wi-Fi, Save-Data turned on). */
export function onLinkChange(listener: () => void): () => void {
  const info = connection();
  if (!info?.addEventListener) return () => undefined;
  info.addEventListener('change', listener);
  return () => info.removeEventListener('change', listener);
}
