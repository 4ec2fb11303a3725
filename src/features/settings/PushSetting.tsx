// "Push notifications on this device": on subscribes this browser (permission is asked only here,
// from the tap), off removes it. Disabled, with the reason, where Push is missing or blocked.
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { type PushState, readPushState, subscribeThisDevice, unsubscribeThisDevice } from '../../api/pushSubscription';
import { Toggle } from './SettingsToggle';

const LABEL = 'Push notifications on this device';
const ON_DESCRIPTION = 'Alerts from Vidshare here, even while the app is closed';

/** iOS has Push only for apps added to the home screen (16.4 and later). */
const onIosBrowserTab = () => /iPhone|iPad|iPod/.test(navigator.userAgent) && !window.matchMedia('(display-mode: standalone)').matches;

function describe(state: PushState | null): string {
  if (state === 'unsupported') return onIosBrowserTab() ? 'Add Vidshare to your Home Screen to get push notifications' : 'This browser cannot receive push notifications';
  if (state === 'denied') return 'Notifications are blocked for Vidshare: allow them in the browser’s site settings';
  return ON_DESCRIPTION;
}

export function PushSetting() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    void readPushState().then((read) => current && setState(read));
    return () => {
      current = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) setState(await subscribeThisDevice(dispatch));
      else {
        await unsubscribeThisDevice(dispatch);
        setState('off');
      }
    } catch {
      toast.error(on ? 'Could not turn on push notifications. Please try again.' : 'Could not turn off push notifications. Please try again.');
      setState(await readPushState());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Toggle
      label={LABEL}
      description={describe(state)}
      checked={state === 'on'}
      disabled={busy || state === null || state === 'unsupported' || state === 'denied'}
      onChange={(on) => void change(on)}
    />
  );
}
