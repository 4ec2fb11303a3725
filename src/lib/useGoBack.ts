import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back one page (spec: 'Back to Playlists', after creating a playlist or adding a video). A page
 * opened directly has nothing in the app to go back to ('default' is the router's key for the
 * first entry), so it goes to `fallback` instead of leaving the app.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') navigate(fallback, { replace: true });
    else navigate(-1);
  }, [fallback, key, navigate]);
}
