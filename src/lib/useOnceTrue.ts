import { useState } from 'react';

/** True from the first render where `flag` was true: lazy overlays stay mounted to animate closing. */
export function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}
