// The player's bottom bar: seek bar, play/pause, mute, elapsed/total time, the quality menu,
// Picture-in-Picture, minimize (to the mini player) and fullscreen. The quality menu ends with a
// Data saver entry, as YouTube's Quality > Data saver: on or off, the device setting that Settings >
// Videos > Playback shows. Picture-in-Picture has the platform's window-in-window icon; minimize has
// the chevron phones use to pull a player down.
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import MinimizeIcon from '@mui/icons-material/ExpandMoreRounded';
import PauseIcon from '@mui/icons-material/Pause';
import PictureInPictureIcon from '@mui/icons-material/PictureInPictureAltRounded';
import PlayIcon from '@mui/icons-material/PlayArrow';
import SettingsIcon from '@mui/icons-material/SettingsRounded';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { storeDataSaverMode, useDataSaver } from '../../lib/dataSaver';
import { formatDuration } from '../../lib/format';
import { PlayerMenu, type PlayerMenuItem } from './PlayerMenu';
import { AUTO, bitrateLabel, type QualityChoice, qualityButtonLabel, type QualityOption } from './quality';
import { SeekBar, type TimeRange } from './SeekBar';

interface Props {
  playing: boolean;
  muted: boolean;
  currentTime: number;
  duration: number;
  buffered: readonly TimeRange[];
  fullscreen: boolean;
  quality: QualityChoice;
  /** The rung on screen (what Auto chose), once known. */
  playingHeight: number | null;
  qualityOptions: readonly QualityOption[];
  /** Each rung's peak bitrate (bits per second) when the stream says it: shown as its cost. */
  rungBitrates?: ReadonlyMap<number, number>;
  /** The data saver's cap on Auto, said at the top of the quality menu. */
  dataSaverMaxHeight?: number | null;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onSeek: (time: number) => void;
  onQuality: (choice: QualityChoice) => void;
  onMinimize?: () => void;
  /** Shown when the browser allows Picture-in-Picture. */
  onPictureInPicture?: () => void;
  onToggleFullscreen: () => void;
  /** More menus (speed, captions), placed before the quality menu. */
  menus?: ReactNode;
}

const iconSx = { color: '#fff' } as const;


export function PlayerControls(props: Props) {
  const { playing, muted, currentTime, duration, buffered, fullscreen, quality, playingHeight, qualityOptions } = props;
  const qualityItems: PlayerMenuItem<QualityChoice>[] = [
    { value: AUTO, primary: 'Auto', secondary: quality === AUTO && playingHeight ? `${playingHeight}p` : undefined },
    ...qualityOptions.map((option) => {
      const bitrate = props.rungBitrates?.get(option.height);
      return { value: option.segment, primary: bitrate ? `${option.label} · ${bitrateLabel(bitrate)}` : option.label, secondary: option.name };
    }),
  ];
  const qualityText = qualityButtonLabel(quality, playingHeight);
  const dataSaver = useDataSaver();
  return (
    <Box sx={{ background: 'linear-gradient(transparent, rgba(0,0,0,0.75))', pt: 3, pb: 0.5 }}>
      <SeekBar currentTime={currentTime} duration={duration} buffered={buffered} onSeek={props.onSeek} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, px: 0.5, '& .MuiIconButton-root': { p: { xs: 0.625, sm: 1 } } }}>
        <IconButton aria-label={playing ? 'Pause' : 'Play'} onClick={props.onTogglePlay} sx={iconSx}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
        <IconButton aria-label={muted ? 'Unmute' : 'Mute'} onClick={props.onToggleMute} sx={iconSx}>
          {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
        <Typography variant="caption" sx={{ color: '#fff', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ml: 0.5 }} data-testid="player-time">
          {formatDuration(currentTime)} / {formatDuration(duration)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {props.menus}
        {qualityOptions.length > 0 && (
          <PlayerMenu
            name="Quality"
            buttonLabel={`Quality: ${qualityText}`}
            icon={<SettingsIcon fontSize="small" />}
            text={qualityText}
            items={qualityItems}
            value={quality}
            onChange={props.onQuality}
            note={props.dataSaverMaxHeight ? `Data saver on: up to ${props.dataSaverMaxHeight}p` : undefined}
            // On or off from here: Always or Off in Settings (Auto, the browser's wish, is chosen there).
            toggle={{
              label: 'Data saver',
              checked: dataSaver.on,
              onChange: (on) => storeDataSaverMode(on ? 'always' : 'off'),
            }}
          />
        )}
        {props.onPictureInPicture && (
          <IconButton aria-label="Picture-in-Picture" title="Picture-in-Picture" onClick={props.onPictureInPicture} sx={iconSx}>
            <PictureInPictureIcon />
          </IconButton>
        )}
        {props.onMinimize && (
          <IconButton aria-label="Minimize" title="Minimize" onClick={props.onMinimize} sx={iconSx}>
            <MinimizeIcon />
          </IconButton>
        )}
        <IconButton aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} title={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={props.onToggleFullscreen} sx={iconSx}>
          {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      </Box>
    </Box>
  );
}
