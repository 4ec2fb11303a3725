// Data saver: a device setting (Auto, Always, Off). Auto follows the browser's Save-Data wish
// (navigator.connection.saveData, the same wish that sends the Save-Data header). While it is on,
// the player's Auto stays at or under 360p on cellular, up next does not start by itself, and
// thumbnails come in their narrower copies.
import { useSyncExternalStore } from 'react';
import { type LinkInfo, onLinkChange, readLink } from './connection';
import { PLAYER_KEYS, readDeviceValue, writeDeviceValue } from './storage';

export const DATA_SAVER_MODES = ['auto', 'always', 'off'] as const;
export type DataSaverMode = (typeof DATA_SAVER_MODES)[number];

/** The highest rung Auto plays while data saver is on (cellular or an unknown link). */
export const DATA_SAVER_MAX_HEIGHT = 360;

/** The device key the setting is kept under. */
export const DATA_SAVER_KEY = PLAYER_KEYS.dataSaver;

/** The stored mode; anything else (nothing stored, an old value) reads as Auto. */
export function dataSaverMode(): DataSaverMode {
  const stored = readDeviceValue(PLAYER_KEYS.dataSaver);
  return DATA_SAVER_MODES.find((mode) => mode === stored) ?? 'auto';
}

const CHANGE_EVENT = 'vidshare:data-saver';

export function storeDataSaverMode(mode: DataSaverMode): void {
  writeDeviceValue(PLAYER_KEYS.dataSaver, mode);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export interface DataSaverState {
  mode: DataSaverMode;
  on: boolean;
  /** The highest rung Auto may play, or null for no cap (off, or on over Wi-Fi or Ethernet). */
  maxHeight: number | null;
}

export function dataSaverState(mode: DataSaverMode, link: LinkInfo): DataSaverState {
  const on = mode === 'always' || (mode === 'auto' && link.saveData);
  // A link the browser does not name may be cellular: capping costs a sharper picture, not data.
  const metered = link.type === null || link.type === 'cellular';
  return { mode, on, maxHeight: on && metered ? DATA_SAVER_MAX_HEIGHT : null };
}

let cached: { key: string; state: DataSaverState } | null = null;
function snapshot(): DataSaverState {
  const mode = dataSaverMode();
  const link = readLink();
  const key = `${mode} ${link.saveData} ${link.type}`;
  if (cached?.key !== key) cached = { key, state: dataSaverState(mode, link) };
  return cached.state;
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => event.key === PLAYER_KEYS.dataSaver && listener();
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  const stopLink = onLinkChange(listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
    stopLink();
  };
}

const SERVER_STATE: DataSaverState = { mode: 'auto', on: false, maxHeight: null };

/** The data saver as it stands on this device, following the setting, other tabs and the link. */
export function useDataSaver(): DataSaverState {
  return useSyncExternalStore(subscribe, snapshot, () => SERVER_STATE);
}

/** Whether to spend less data now, outside React (a download choosing its quality). */
export function dataSaverOn(): boolean {
  return snapshot().on;
}
