// The autoplay toggle: on by default, as the spec's next-video autoplay is; remembered on
// the device per user (a shared tablet keeps each person's choice). While data saver is on, up next
// does not start by itself: the toggle shows off unless the viewer turns it on here.
import { useMemo, useState } from 'react';
import { useAppSelector } from '../../lib/hooks';
import { useDataSaver } from '../../lib/dataSaver';
import { PLAYER_KEYS, readDeviceValue, writeDeviceValue } from '../../lib/storage';
import { selectCurrentUser } from '../auth/authSlice';

export const autoplayStored = (value: string | null) => value !== 'false';

export function useAutoplayPreference(): [boolean, (on: boolean) => void] {
  const userId = useAppSelector(selectCurrentUser)?._id;
  const key = PLAYER_KEYS.autoplay(userId);
  const [choice, setChoice] = useState<{ key: string; on: boolean } | null>(null);
  // Read once per user (not at every render of the watch page); a choice made here overrides it.
  const stored = useMemo(() => autoplayStored(readDeviceValue(key)), [key]);
  const savingData = useDataSaver().on;
  const on = choice?.key === key ? choice.on : stored && !savingData;
  return [
    on,
    (next) => {
      writeDeviceValue(key, String(next));
      setChoice({ key, on: next });
    },
  ];
}
