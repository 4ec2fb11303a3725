// The validation rules, once, as pure functions shared by the server's routes
// and the client's forms. Each returns the spec's message for the first broken rule, or undefined.
// Every value is compared the way the server stores it (trimmed; usernames and emails lowercased)
// and every maximum is inclusive, so a form never accepts what the API refuses or the reverse.
import { EMAIL_PATTERN, LIMITS, USERNAME_PATTERN } from './limits.js';

export type RuleResult = string | undefined;

const RULE_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: `Full name must be at most ${LIMITS.fullNameMax} characters`,
  usernameRequired: 'Username is required',
  usernameInvalid: `Username must be ${LIMITS.usernameMin}-${LIMITS.usernameMax} characters of a-z, 0-9, _ and .`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordsRequired: 'Current password and new password are required',
  detailsRequired: 'Full name and email are required',
  bioTooLong: `Bio must be at most ${LIMITS.bioMax} characters`,
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${LIMITS.videoTitle} characters`,
  videoDetailsRequired: 'Title and description are required',
  descriptionTooLong: `Description must be at most ${LIMITS.videoDescription} characters`,
  playlistNameRequired: 'Playlist name is required',
  playlistNameTooLong: `Playlist name must be at most ${LIMITS.playlistName} characters`,
  playlistDescriptionRequired: 'Playlist description is required',
  playlistDescriptionTooLong: `Playlist description must be at most ${LIMITS.playlistDescription} characters`,
  commentRequired: 'Comment is required',
  commentTooLong: `Comment must be at most ${LIMITS.commentMax} characters`,
  imageType: 'Please upload an image file',
} as const;

/** The one size comparison: a limit is the largest size allowed. */
export const exceedsLimit = (size: number, max: number): boolean => size > max;

/** Whole megabytes, as the spec's texts write them ("5MB", "100 MB"). */
export const megabytes = (bytes: number): number => Math.round(bytes / (1024 * 1024));

export const normalizeUsername = (value: string): string => value.trim().toLowerCase();
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

export function fullNameError(value: string): RuleResult {
  const fullName = value.trim();
  if (!fullName) return RULE_MESSAGES.fullNameRequired;
  if (exceedsLimit(fullName.length, LIMITS.fullNameMax)) return RULE_MESSAGES.fullNameTooLong;
  return undefined;
}

/** `checkFormat: false` only asks for a value (the spec's register form shows no format rule). */
export function usernameError(value: string, { checkFormat = true }: { checkFormat?: boolean } = {}): RuleResult {
  const username = normalizeUsername(value);
  if (!username) return RULE_MESSAGES.usernameRequired;
  if (checkFormat && !USERNAME_PATTERN.test(username)) return RULE_MESSAGES.usernameInvalid;
  return undefined;
}

export function emailError(value: string): RuleResult {
  const email = normalizeEmail(value);
  if (!email) return RULE_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(email)) return RULE_MESSAGES.emailInvalid;
  return undefined;
}

/** Signing in: a password is needed; its length is the account's business. */
export function loginPasswordError(value: string): RuleResult {
  return value.trim() ? undefined : RULE_MESSAGES.passwordRequired;
}

/** A password being chosen (register). */
export function newPasswordError(value: string, { checkLength = true }: { checkLength?: boolean } = {}): RuleResult {
  const password = value.trim();
  if (!password) return RULE_MESSAGES.passwordRequired;
  if (checkLength && password.length < LIMITS.passwordMin) return RULE_MESSAGES.passwordTooShort;
  return undefined;
}

/** The password change form: both fields, then the new one's length. */
export function passwordChangeError(currentPassword: string, newPassword: string): RuleResult {
  const next = newPassword.trim();
  if (!currentPassword.trim() || !next) return RULE_MESSAGES.passwordsRequired;
  if (next.length < LIMITS.passwordMin) return RULE_MESSAGES.passwordTooShort;
  return undefined;
}

/** Registration, in the server's order: every missing field first, then each field's format. */
export function registrationError(values: { fullName: string; username: string; email: string; password: string }): RuleResult {
  const required: [string, string][] = [
    [values.fullName, RULE_MESSAGES.fullNameRequired],
    [values.username, RULE_MESSAGES.usernameRequired],
    [values.email, RULE_MESSAGES.emailRequired],
    [values.password, RULE_MESSAGES.passwordRequired],
  ];
  const missing = required.find(([value]) => !value.trim());
  if (missing) return missing[1];
  return usernameError(values.username) ?? emailError(values.email) ?? newPasswordError(values.password) ?? fullNameError(values.fullName);
}

/**
 * Account details (update-all-details): full name always, email when sent (never blank), then
 * each rule; an absent or blank username keeps the current one.
 */
export function accountDetailsError(details: { fullName: string; email?: string; username?: string; bio?: string }): RuleResult {
  if (!details.fullName.trim() || details.email?.trim() === '') return RULE_MESSAGES.detailsRequired;
  return (
    fullNameError(details.fullName) ??
    (details.email === undefined ? undefined : emailError(details.email)) ??
    (details.username?.trim() ? usernameError(details.username) : undefined) ??
    (details.bio === undefined ? undefined : bioError(details.bio))
  );
}

export function bioError(value: string): RuleResult {
  return exceedsLimit(value.trim().length, LIMITS.bioMax) ? RULE_MESSAGES.bioTooLong : undefined;
}

export function videoTitleError(value: string): RuleResult {
  const title = value.trim();
  if (!title) return RULE_MESSAGES.titleRequired;
  if (exceedsLimit(title.length, LIMITS.videoTitle)) return RULE_MESSAGES.titleTooLong;
  return undefined;
}

export function videoDescriptionError(value: string): RuleResult {
  return exceedsLimit(value.trim().length, LIMITS.videoDescription) ? RULE_MESSAGES.descriptionTooLong : undefined;
}

/** A new upload needs both title and description. */
export function videoDetailsError(details: { title: string; description: string }): RuleResult {
  if (!details.title.trim() || !details.description.trim()) return RULE_MESSAGES.videoDetailsRequired;
  return videoTitleError(details.title) ?? videoDescriptionError(details.description);
}

export function playlistNameError(value: string): RuleResult {
  const name = value.trim();
  if (!name) return RULE_MESSAGES.playlistNameRequired;
  if (exceedsLimit(name.length, LIMITS.playlistName)) return RULE_MESSAGES.playlistNameTooLong;
  return undefined;
}

export function playlistDescriptionError(value: string): RuleResult {
  const description = value.trim();
  if (!description) return RULE_MESSAGES.playlistDescriptionRequired;
  if (exceedsLimit(description.length, LIMITS.playlistDescription)) return RULE_MESSAGES.playlistDescriptionTooLong;
  return undefined;
}

export function commentError(value: string): RuleResult {
  const content = value.trim();
  if (!content) return RULE_MESSAGES.commentRequired;
  if (exceedsLimit(content.length, LIMITS.commentMax)) return RULE_MESSAGES.commentTooLong;
  return undefined;
}

/** A picked image file (register avatar and cover): an image type under `maxBytes` (spec: 'must be under 5 MB'). */
export function imageFileError(file: { type: string; size: number }, maxBytes: number = LIMITS.imageBytes): RuleResult {
  if (!file.type.startsWith('image/')) return RULE_MESSAGES.imageType;
  if (file.size >= maxBytes) return `Image size should be less than ${megabytes(maxBytes)}MB`;
  return undefined;
}
