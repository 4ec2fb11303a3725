import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks';
import { importChunk } from '../../lib/chunks';
import { searchPath, searchSubmitted } from './searchBarSlice';

/** Goes to /search?q=...; a blank query does nothing; a submit closes the dialog, clears the box and joins the recent searches. */
export function useSubmitSearch() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return useCallback(
    (query: string): boolean => {
      const path = searchPath(query);
      if (!path) return false;
      // Kept out of the first load: the phone search (a lazy chunk) is the one reader.
      void importChunk(() => import('./recentSearches')).then(({ rememberSearch }) => rememberSearch(query));
      navigate(path);
      dispatch(searchSubmitted());
      return true;
    },
    [dispatch, navigate],
  );
}
