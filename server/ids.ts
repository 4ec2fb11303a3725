import { v7 } from 'uuid';

/** Unguessable, time-ordered ids: also the stable key lists paginate on. */
export function newId(): string {
  return v7();
}
