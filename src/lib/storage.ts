// The local storage keys, read and written in one place.
import type { CurrentUser } from '../../contract/entities';
import { STORAGE_KEYS } from '../../shared/storageKeys';

export type ThemePreference = 'light' | 'dark' | 'system';

/** The user fields stored on the device: id from _id plus the profile fields. */
export interface StoredUser {
  _id: string;
  id: string;
  username: string;
  fullName: string;
  email: string;
  coverImage: string;
  avatar: string;
  createdAt: string;
  updatedAt: string;
  /** An operator reset the password: the app offers only the screen to choose a new one. */
  mustChangePassword?: boolean;
  /** What the server says this account may do (absent on users stored before roles existed: 'user'). */
  role?: CurrentUser['role'];
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode): behave as signed out
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* quota or disabled storage: the session simply does not survive a reload */
  }
}

/** Player choices kept on the device: the captions language and size, data saver, autoplay per user. */
export const PLAYER_KEYS = {
  captions: 'vidshare.captions',
  captionSize: 'vidshare.captionSize',
  dataSaver: 'vidshare.dataSaver',
  autoplay: (userId: string | null | undefined) => `vidshare.autoplay.${userId || 'guest'}`,
} as const;
/** Other values kept on this device only (player choices, recent searches): storage errors read as absent. */
export const readDeviceValue = (key: string): string | null => read(key);
export const writeDeviceValue = (key: string, value: string | null): void => write(key, value);

export const getToken = (): string | null => read(STORAGE_KEYS.token) || null;

export function getStoredUser(): StoredUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as StoredUser;
    return user && typeof user === 'object' && typeof user.username === 'string' ? user : null;
  } catch {
    return null;
  }
}

export function toStoredUser(
  user: Pick<CurrentUser, '_id' | 'username' | 'fullName' | 'email' | 'coverImage' | 'avatar' | 'createdAt' | 'updatedAt'> & Partial<Pick<CurrentUser, 'mustChangePassword' | 'role'>>,
): StoredUser {
  return {
    ...(user.role && { role: user.role }),
    _id: user._id,
    id: user._id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    coverImage: user.coverImage,
    avatar: user.avatar,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

export function storeSession(token: string, user: StoredUser): void {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

export function storeUser(user: StoredUser): void {
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Signed out (by the user or a 401): the keys go, and with them what this person searched for. */
export function clearSession(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.user, null);
  write(STORAGE_KEYS.recentSearches, null);
}

export function getThemePreference(): ThemePreference {
  const value = read(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

export function storeThemePreference(preference: ThemePreference): void {
  write(STORAGE_KEYS.theme, preference);
}

/** Device-only preferences of the settings screen (local, not sent to the server). */
export const PREFERENCE_KEYS = { notifications: 'settings.notifications', privacy: 'settings.privacy' } as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[keyof typeof PREFERENCE_KEYS];

/** The stored preferences over `defaults`; a missing, broken or mistyped value keeps its default. */
export function readPreferences<T extends Record<string, unknown>>(key: PreferenceKey, defaults: T): T {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(read(key) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    /* broken JSON: defaults */
  }
  const result: Record<string, unknown> = { ...defaults };
  for (const name of Object.keys(defaults)) {
    if (typeof stored[name] === typeof defaults[name]) result[name] = stored[name];
  }
  return result as T;
}

export function storePreferences(key: PreferenceKey, value: Record<string, unknown>): void {
  write(key, JSON.stringify(value));
}

/** The custom event other tabs of code fire when they change the session. */
export const AUTH_EVENT = 'authStateChanged';

export function announceAuthChange(): void {
  window.dispatchEvent(new Event(AUTH_EVENT));
}
