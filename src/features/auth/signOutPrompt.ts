// The question asked before a sign-out that would leave queued actions unsent (offline, or the
// server not taking them now): answered in a dialog mounted by the app shell (SignOutPrompt.tsx).
import { useSyncExternalStore } from 'react';

export interface SignOutQuestion {
  /** How many of the user's actions wait to be sent. */
  waiting: number;
  answer: (signOut: boolean) => void;
}

let question: SignOutQuestion | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function set(next: SignOutQuestion | null): void {
  question = next;
  for (const listener of listeners) listener();
}

/** Resolves true when the user chooses to sign out and discard the `waiting` actions. */
export function askToDiscardQueued(waiting: number): Promise<boolean> {
  question?.answer(false);
  return new Promise((resolve) => {
    set({
      waiting,
      answer: (signOut) => {
        set(null);
        resolve(signOut);
      },
    });
  });
}

export const useSignOutQuestion = () => useSyncExternalStore(subscribe, () => question, () => null);
