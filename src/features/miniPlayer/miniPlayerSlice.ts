// Mini player state. Active flag and source are set separately; reset makes it
// inactive with an empty source and time 0 but keeps the video id (maximize still knows the video).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

interface MiniPlayerState {
  isActive: boolean;
  currentTime: number;
  /** Follows every currentTime update, so it survives a reset of currentTime. */
  lastVideoTime: number;
  videoSrc: string;
  videoId: string;
}

const initialState: MiniPlayerState = { isActive: false, currentTime: 0, lastVideoTime: 0, videoSrc: '', videoId: '' };

export const miniPlayerSlice = createSlice({
  name: 'miniPlayer',
  initialState,
  reducers: {
    setActive(state, action: PayloadAction<boolean>) {
      state.isActive = action.payload;
    },
    setCurrentTime(state, action: PayloadAction<number>) {
      state.currentTime = action.payload;
      state.lastVideoTime = action.payload;
    },
    setVideoSrc(state, action: PayloadAction<string>) {
      state.videoSrc = action.payload;
    },
    setVideoId(state, action: PayloadAction<string>) {
      state.videoId = action.payload;
    },
    resetMiniPlayer(state) {
      state.isActive = false;
      state.videoSrc = '';
      state.currentTime = 0;
    },
  },
});

export const { setActive, setCurrentTime, setVideoSrc, setVideoId, resetMiniPlayer } = miniPlayerSlice.actions;
