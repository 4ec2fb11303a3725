// What the lists say besides their own error panel: a success toast when a list
// the user asked for again (Try Again after a failure) arrives, and a 401 sending to /login.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorStatus } from '../api/errorStatus';
import { toast } from './toast';

/** A user's uploaded videos failed to load (their profile tab, settings, adding videos to a playlist). */
export const UPLOADED_FETCH_ERROR = 'Failed to fetch uploaded videos. Please try again later.';

/**
 * 'Playlists fetched successfully' and the like (spec texts), only when a list loads after it had
 * failed: a plain page view says nothing (on every visit these toasts would cover the header).
 */
export function useLoadedToast(state: { isError: boolean; isSuccess: boolean }, message: string): void {
  const failed = useRef(false);
  useEffect(() => {
    if (state.isError) failed.current = true;
    else if (state.isSuccess && failed.current) {
      failed.current = false;
      toast.success(message);
    }
  }, [state.isError, state.isSuccess, message]);
}

/** A 401 on a list load: the session is already cleared (api/client.ts); go to /login, with a message when the screen has one. */
export function useLoginOn401(error: unknown, message?: string): void {
  const navigate = useNavigate();
  const status = errorStatus(error);
  useEffect(() => {
    if (status !== 401) return;
    if (message) toast.error(message);
    navigate('/login');
  }, [status, message, navigate]);
}
