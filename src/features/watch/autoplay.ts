// The autoplay toggle (issue 16): on by default, as the spec's next-video autoplay is; remembered on
// the device per user (a shared tablet keeps each person's choice).
import { useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { PLAYER_KEYS, readDeviceValue, writeDeviceValue } from '../../lib/storage';
import { selectCurrentUser } from '../auth/authSlice';

export const autoplayStored = (value: string | null) => value !== 'false';

export function useAutoplayPreference(): [boolean, (on: boolean) => void] {
  const userId = useAppSelector(selectCurrentUser)?._id;
  const key = PLAYER_KEYS.autoplay(userId);
  const [choice, setChoice] = useState<{ key: string; on: boolean } | null>(null);
  // Read once per user (not at every render of the watch page); a choice made here overrides it.
  const stored = useMemo(() => autoplayStored(readDeviceValue(key)), [key]);
  const on = choice?.key === key ? choice.on : stored;
  return [
    on,
    (next) => {
      writeDeviceValue(key, String(next));
      setChoice({ key, on: next });
    },
  ];
}
