// What the offline queue (api/pendingPatches.ts) tells the user: toasts.
import type { OfflineQueueScreen } from '../api/pendingPatches';
import { toast, TOAST_DURATION } from '../components/toast';

export const offlineQueueToasts: OfflineQueueScreen = {
  queued: (message) => toast.info(message),
  rejected: (message) => toast.error(message, TOAST_DURATION.watchError),
};
