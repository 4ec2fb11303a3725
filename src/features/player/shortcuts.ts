// Player keyboard shortcuts: space/k play-pause, j/l 10 s, arrows 5 s and volume, f fullscreen, m mute,
// and as on YouTube: 0-9 jump to that tenth of the video, Home to its start, End to its end.
import { useEffect, useRef } from 'react';

export type PlayerCommand =
  | { type: 'togglePlay' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'seekToFraction'; fraction: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'toggleFullscreen' }
  | { type: 'toggleMute' };

export function commandFor(key: string): PlayerCommand | null {
  if (/^[0-9]$/.test(key)) return { type: 'seekToFraction', fraction: Number(key) / 10 };
  switch (key) {
    case 'Home':
      return { type: 'seekToFraction', fraction: 0 };
    case 'End':
      return { type: 'seekToFraction', fraction: 1 };
    case ' ':
    case 'k':
    case 'K':
      return { type: 'togglePlay' };
    case 'j':
    case 'J':
      return { type: 'seekBy', seconds: -10 };
    case 'l':
    case 'L':
      return { type: 'seekBy', seconds: 10 };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -5 };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: 5 };
    case 'ArrowUp':
      return { type: 'volumeBy', delta: 0.1 };
    case 'ArrowDown':
      return { type: 'volumeBy', delta: -0.1 };
    case 'f':
    case 'F':
      return { type: 'toggleFullscreen' };
    case 'm':
    case 'M':
      return { type: 'toggleMute' };
    default:
      return null;
  }
}

/** Typing in a field, or a key a focused control already handles, is not a shortcut. */
function ownedByTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return true;
  if (key === ' ' && (target.tagName === 'BUTTON' || target.tagName === 'A' || target.getAttribute('role') === 'menuitem')) return true;
  if ((key.startsWith('Arrow') || key === 'Home' || key === 'End') && (target.getAttribute('role') === 'slider' || target.getAttribute('role') === 'menuitem')) return true;
  return Boolean(target.closest('[role="dialog"], [role="menu"]'));
}

/** Listens on the document while mounted (one main player per page). */
export function usePlayerShortcuts(run: (command: PlayerCommand) => void, enabled = true) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      if (ownedByTarget(event.target, event.key)) return;
      const command = commandFor(event.key);
      if (!command) return;
      event.preventDefault(); // space and arrows would scroll the page
      latest.current(command);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
