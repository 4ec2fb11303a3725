// Rules of the settings forms: account details, password change, the 2 MB
// JPG/PNG/GIF photo, and the device-only notification and privacy preferences with their defaults.
import { LIMITS } from '../../../contract/limits';
import { bioError, emailError, fullNameError, passwordChangeError as passwordRuleError } from '../../../contract/rules';
import { type FieldErrors, imageFileError } from '../../lib/validation';

export interface AccountValues {
  fullName: string;
  email: string;
  bio: string;
}

export const BIO_MAX = LIMITS.bioMax;

/** Per field, the rules the update-all-details route applies (contract/rules.ts). */
export function validateAccount(values: AccountValues): FieldErrors<keyof AccountValues> {
  const errors: FieldErrors<keyof AccountValues> = {};
  const fullName = fullNameError(values.fullName);
  if (fullName) errors.fullName = fullName;
  const email = emailError(values.email);
  if (email) errors.email = email;
  const bio = bioError(values.bio);
  if (bio) errors.bio = bio;
  return errors;
}

/** The form sent to /users/update-all-details: fullName, email, username (trimmed), bio. */
export function accountBody(values: AccountValues, username: string) {
  return { fullName: values.fullName.trim(), email: values.email.trim(), username: username.trim(), bio: values.bio.trim() };
}

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

/** One message for the form, or null when it may be sent. Both passwords are trimmed. */
export function passwordChangeError(values: PasswordValues): string | null {
  return passwordRuleError(values.currentPassword, values.newPassword) ?? null;
}

export function passwordBody(values: PasswordValues): PasswordValues {
  return { currentPassword: values.currentPassword.trim(), newPassword: values.newPassword.trim() };
}

export const PHOTO_HINT = 'JPG, PNG or GIF. Max size 2MB.';
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** The settings photo: JPG, PNG or GIF within 2 MB. */
export function settingsPhotoError(file: Pick<File, 'type' | 'size'>): string | null {
  const general = imageFileError(file, LIMITS.settingsAvatarBytes + 1);
  if (general) return general === 'Please upload an image file' ? general : 'Image size should be at most 2MB';
  if (!PHOTO_TYPES.includes(file.type)) return 'Please choose a JPG, PNG or GIF image';
  return null;
}

export const NOTIFICATION_DEFAULTS = { email: true, push: true, comments: true, likes: true, marketing: false };
export type NotificationPreferences = typeof NOTIFICATION_DEFAULTS;

export type ProfileVisibility = 'public' | 'private' | 'friends';
export const PRIVACY_DEFAULTS: { visibility: ProfileVisibility; activityStatus: boolean; searchIndexing: boolean } = {
  visibility: 'public',
  activityStatus: true,
  searchIndexing: true,
};
export type PrivacyPreferences = typeof PRIVACY_DEFAULTS;
export const VISIBILITIES: ProfileVisibility[] = ['public', 'private', 'friends'];
