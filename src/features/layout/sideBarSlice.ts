// Side bar: toggles, and can be closed explicitly.
import { createSlice } from '@reduxjs/toolkit';

interface SideBarState {
  isSideBarOpen: boolean;
}

const initialState: SideBarState = { isSideBarOpen: false };

export const sideBarSlice = createSlice({
  name: 'sideBar',
  initialState,
  reducers: {
    toggleSideBar(state) {
      state.isSideBarOpen = !state.isSideBarOpen;
    },
    closeSideBar(state) {
      state.isSideBarOpen = false;
    },
  },
});

export const { toggleSideBar, closeSideBar } = sideBarSlice.actions;
