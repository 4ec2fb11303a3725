// Form state shared by the login and register screens: values, and the spec's messages shown
// once the user has tried to submit (then updated as they type).
import { useState } from 'react';
import { type FieldErrors, hasErrors } from '../../lib/validation';

export function useAuthForm<V extends Record<string, string>>(initial: V, validate: (values: V) => FieldErrors<Extract<keyof V, string>>) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: FieldErrors<Extract<keyof V, string>> = submitted ? validate(values) : {};

  /** Props for a TextField bound to one field. */
  const field = (name: Extract<keyof V, string>) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  /** Marks the form as submitted; true when the values pass validation. */
  const attemptSubmit = (): boolean => {
    setSubmitted(true);
    return !hasErrors(validate(values));
  };

  return { values, field, attemptSubmit };
}
