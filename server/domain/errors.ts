// Refusals of the domain (use cases, media intake, visibility rules), apart from HTTP: the error
// handler (server/http/errorHandler.ts) is the one place that turns a kind into a status.
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported'
  | 'unprocessable'
  | 'busy';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field-level details, sent in the envelope's `errors`. */
    readonly errors: unknown[] = [],
    /** For 'busy': when to try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, errors: unknown[] = []) => new DomainError('invalid', message, errors);
export const notFound = (message: string) => new DomainError('not-found', message);
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const conflict = (message: string) => new DomainError('conflict', message);
/** It existed and was removed on purpose (a moderator's takedown). */
export const gone = (message: string) => new DomainError('gone', message);
export const unsupported = (message: string) => new DomainError('unsupported', message);
/** Nothing was changed: the same request may simply be sent again after `retryAfterSeconds`. */
export const busy = (message: string, retryAfterSeconds: number) => new DomainError('busy', message, [], retryAfterSeconds);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
