// The one toast helper: a message's text is its key, so identical messages
// never stack; success 2 s, error/info/default 4 s, loading until dismissed. notistack loads with
// the <Toaster> chunk after first paint; toasts raised before that wait for it. Errors on the watch
// screen stay 5 s (TOAST_DURATION.watchError).
import type { OptionsObject } from 'notistack';

import { TOAST_DURATION } from '../lib/toastDuration';

export { TOAST_DURATION };

type Notistack = typeof import('notistack');
let resolveReady: (module: Notistack) => void;
let ready = new Promise<Notistack>((resolve) => (resolveReady = resolve));
let mounted = false;

/** Called by <Toaster> once its SnackbarProvider is mounted; the returned cleanup runs at unmount. */
export function toasterMounted(module: Notistack): () => void {
  mounted = true;
  resolveReady(module);
  return () => {
    // Toasts raised until the next provider mounts wait for it instead of reaching this one.
    mounted = false;
    ready = new Promise<Notistack>((resolve) => (resolveReady = resolve));
  };
}

export const isToasterMounted = (): boolean => mounted;

function show(message: string, options: OptionsObject): void {
  void ready.then(({ enqueueSnackbar }) => enqueueSnackbar(message, { key: message, preventDuplicate: true, ...options }));
}

export const toast = {
  success: (message: string) => show(message, { variant: 'success', autoHideDuration: TOAST_DURATION.success }),
  error: (message: string, durationMs: number = TOAST_DURATION.default) => show(message, { variant: 'error', autoHideDuration: durationMs }),
  info: (message: string) => show(message, { variant: 'info', autoHideDuration: TOAST_DURATION.default }),
  show: (message: string) => show(message, { variant: 'default', autoHideDuration: TOAST_DURATION.default }),
  /** Stays until dismissed with toast.dismiss(message). */
  loading: (message: string) => show(message, { variant: 'info', persist: true }),
  /** A toast with one action button (e.g. 'Update available' / Reload); stays until acted on. */
  action: (message: string, label: string, onAction: () => void) =>
    show(message, {
      variant: 'info',
      persist: true,
      action: (key) => (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            void ready.then(({ closeSnackbar }) => closeSnackbar(key));
            onAction();
          }}
        >
          {label}
        </button>
      ),
    }),
  dismiss: (message?: string) => void ready.then(({ closeSnackbar }) => closeSnackbar(message)),
};
