// "Ready to watch offline": off by default; on, the service worker says after a smart-downloads run
// that added videos "N new videos ready to watch offline" (sw/smartDownloads.ts), app closed too.
// The switch is stored with the smart-download settings in IndexedDB, where the worker reads it.
// Permission to notify is asked only here, from the tap; disabled, with the reason, where it cannot work.
import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';
import type { SmartSettings } from '../../../shared/downloadDb';
import { getSmartSettings, setNotifyReady, subscribeDownloads } from '../downloads/downloadStore';
import { Toggle } from './SettingsToggle';

const LABEL = 'Ready to watch offline';

type Permission = NotificationPermission | 'unsupported';
const readPermission = (): Permission => (typeof Notification === 'undefined' || !('serviceWorker' in navigator) ? 'unsupported' : Notification.permission);

function describe(settings: SmartSettings | null, permission: Permission): string {
  if (permission === 'unsupported') return 'This browser cannot show notifications';
  if (permission === 'denied') return 'Notifications are blocked for Vidshare: allow them in the browser’s site settings';
  if (settings && !settings.enabled) return 'When smart downloads save new videos (turn them on in Downloads)';
  return 'When smart downloads have saved new videos on this device';
}

export function OfflineReadySetting() {
  const [settings, setSettings] = useState<SmartSettings | null>(null);
  const [permission, setPermission] = useState<Permission>(readPermission);
  useEffect(() => {
    const read = () => void getSmartSettings().then(setSettings, () => setSettings(null));
    read();
    return subscribeDownloads(read);
  }, []);

  const change = async (on: boolean) => {
    let allowed = readPermission();
    if (on && allowed === 'default') allowed = await Notification.requestPermission().catch(() => 'default' as const);
    setPermission(allowed);
    if (on && allowed !== 'granted') return;
    setSettings((current) => current && { ...current, notifyReady: on }); // the switch moves at once
    await setNotifyReady(on).catch(() => {
      setSettings((current) => current && { ...current, notifyReady: !on });
      toast.error('Failed to update notification preferences. Please try again.');
    });
  };

  return (
    <Toggle
      label={LABEL}
      description={describe(settings, permission)}
      checked={Boolean(settings?.notifyReady) && permission === 'granted'}
      disabled={!settings || permission === 'unsupported' || permission === 'denied'}
      onChange={(on) => void change(on)}
    />
  );
}
