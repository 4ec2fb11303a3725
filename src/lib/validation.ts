// The login and register forms' field errors, from the rules the server applies (contract/rules.ts).
import { emailError, fullNameError, loginPasswordError, newPasswordError, usernameError } from '../../contract/rules';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues extends LoginValues {
  fullName: string;
  username: string;
}

function withoutEmpty<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<K>;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return withoutEmpty({
    email: emailError(values.email),
    password: loginPasswordError(values.password),
  });
}

export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  return withoutEmpty({
    fullName: fullNameError(values.fullName),
    // The spec's register form shows no format or length rule for these two; the server's answer does.
    username: usernameError(values.username, { checkFormat: false }),
    email: emailError(values.email),
    password: newPasswordError(values.password, { checkLength: false }),
  });
}

/** Register avatar and cover, thumbnails: the one rule in contract/rules.ts. */
export { imageFileError } from '../../contract/rules';

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
