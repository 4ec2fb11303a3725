// How long each kind of toast stays (ms): the toasts (components/toast.tsx) and the offline queue's
// messages (api/pendingPatches.ts) read them.
export const TOAST_DURATION = { success: 2000, default: 4000, watchError: 5000 } as const;
