// Playlist form rules: name required, at most 100 characters, non-blank after
// trimming; description required, at most 500; submit disabled until both are non-blank and while
// submitting. A rename is ignored when blank after trimming.
import { LIMITS } from '../../../contract/limits';

export interface PlaylistDraft {
  name: string;
  description: string;
}

export const PLAYLIST_LIMITS = { name: LIMITS.playlistName, description: LIMITS.playlistDescription } as const;

/** The live counter under a field, e.g. '12/100'. */
export function counterText(value: string, max: number): string {
  return `${value.length}/${max}`;
}

/** Typing past the limit is cut at the limit (the input's maxLength does the same in browsers). */
export function clampTo(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

export function canSubmitPlaylist(draft: PlaylistDraft, submitting: boolean): boolean {
  const name = draft.name.trim();
  const description = draft.description.trim();
  return !submitting && name.length > 0 && description.length > 0 && name.length <= PLAYLIST_LIMITS.name && description.length <= PLAYLIST_LIMITS.description;
}

/** The body sent to POST /playlist/create. */
export function playlistBody(draft: PlaylistDraft): PlaylistDraft {
  return { name: draft.name.trim(), description: draft.description.trim() };
}

/** The name to send for a rename, or null when the rename is to be ignored (blank or unchanged). */
export function renameTarget(draft: string, current: string): string | null {
  const name = draft.trim();
  if (!name || name === current) return null;
  return name.slice(0, PLAYLIST_LIMITS.name);
}
