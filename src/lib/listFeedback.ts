// What the lists of spec section 8 say besides their own error panel: a success toast when a list
// first arrives from the server (not when it was already cached), and a 401 sending to /login.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../components/toast';

/** 'Playlists fetched successfully' and the like: once per screen, after a real first load. */
export function useLoadedToast(state: { isLoading: boolean; isSuccess: boolean }, message: string): void {
  const sawLoading = useRef(false);
  const shown = useRef(false);
  useEffect(() => {
    if (state.isLoading) sawLoading.current = true;
    else if (state.isSuccess && sawLoading.current && !shown.current) {
      shown.current = true;
      toast.success(message);
    }
  }, [state.isLoading, state.isSuccess, message]);
}

/** A 401 on a list load: the session is already cleared (api/client.ts); go to /login, with a message when the screen has one. */
export function useLoginOn401(error: unknown, message?: string): void {
  const navigate = useNavigate();
  const status = (error as { status?: unknown } | undefined)?.status;
  useEffect(() => {
    if (status !== 401) return;
    if (message) toast.error(message);
    navigate('/login');
  }, [status, message, navigate]);
}
