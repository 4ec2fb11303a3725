// Validation rules and messages of spec section 5 for the forms of the client foundation.
import { EMAIL_PATTERN, LIMITS } from '../../contract/limits';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues extends LoginValues {
  fullName: string;
  username: string;
}

export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Email is required';
  if (!EMAIL_PATTERN.test(email.trim())) return 'Invalid email address';
  return undefined;
}

function withoutEmpty<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<K>;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return withoutEmpty({
    email: emailError(values.email),
    password: values.password ? undefined : 'Password is required',
  });
}

export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  return withoutEmpty({
    fullName: values.fullName.trim() ? undefined : 'Full name is required',
    username: values.username.trim() ? undefined : 'Username is required',
    email: emailError(values.email),
    password: values.password ? undefined : 'Password is required',
  });
}

/** Register avatar and cover: an image type under 5 MB, else the spec's message. */
export function imageFileError(file: Pick<File, 'type' | 'size'>, maxBytes: number = LIMITS.imageBytes): string | null {
  if (!file.type.startsWith('image/')) return 'Please upload an image file';
  if (file.size >= maxBytes) return `Image size should be less than ${Math.round(maxBytes / (1024 * 1024))}MB`;
  return null;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
