// Search bar: searchTerm starts empty, the bar closed.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

interface SearchBarState {
  searchTerm: string;
  isSearchBarOpen: boolean;
}

const initialState: SearchBarState = { searchTerm: '', isSearchBarOpen: false };

export const searchBarSlice = createSlice({
  name: 'searchBar',
  initialState,
  reducers: {
    setSearchTerm(state, action: PayloadAction<string>) {
      state.searchTerm = action.payload;
    },
    openSearchBar(state) {
      state.isSearchBarOpen = true;
    },
    closeSearchBar(state) {
      state.isSearchBarOpen = false;
    },
    /** After a submit: the dialog closes and the box clears. */
    searchSubmitted(state) {
      state.searchTerm = '';
      state.isSearchBarOpen = false;
    },
  },
});

export const { setSearchTerm, openSearchBar, closeSearchBar, searchSubmitted } = searchBarSlice.actions;

/** /search?q={encoded trimmed query}, or null when the query is blank (nothing happens). */
export function searchPath(query: string): string | null {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}
