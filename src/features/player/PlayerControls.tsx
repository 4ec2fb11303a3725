// The player's bottom bar: seek bar, play/pause, mute, elapsed/total time, quality menu, minimize
// and fullscreen.
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import PictureInPictureIcon from '@mui/icons-material/BrandingWatermarkOutlined';
import MinimizeIcon from '@mui/icons-material/PictureInPictureAlt';
import PauseIcon from '@mui/icons-material/Pause';
import PlayIcon from '@mui/icons-material/PlayArrow';
import SettingsIcon from '@mui/icons-material/Settings';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDuration } from '../../lib/format';
import type { QualityOption } from './quality';
import { SeekBar, type TimeRange } from './SeekBar';

interface Props {
  playing: boolean;
  muted: boolean;
  currentTime: number;
  duration: number;
  buffered: readonly TimeRange[];
  fullscreen: boolean;
  quality: QualityOption | null;
  qualityOptions: readonly QualityOption[];
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onSeek: (time: number) => void;
  onQuality: (option: QualityOption) => void;
  onMinimize?: () => void;
  /** Shown when the browser allows Picture-in-Picture. */
  onPictureInPicture?: () => void;
  onToggleFullscreen: () => void;
}

const iconSx = { color: '#fff' } as const;

export function PlayerControls(props: Props) {
  const { playing, muted, currentTime, duration, buffered, fullscreen, quality, qualityOptions } = props;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ background: 'linear-gradient(transparent, rgba(0,0,0,0.75))', pt: 3, pb: 0.5 }}>
      <SeekBar currentTime={currentTime} duration={duration} buffered={buffered} onSeek={props.onSeek} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, px: 0.5 }}>
        <IconButton aria-label={playing ? 'Pause' : 'Play'} onClick={props.onTogglePlay} sx={iconSx}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
        <IconButton aria-label={muted ? 'Unmute' : 'Mute'} onClick={props.onToggleMute} sx={iconSx}>
          {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
        <Typography variant="caption" sx={{ color: '#fff', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="player-time">
          {formatDuration(currentTime)} / {formatDuration(duration)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {qualityOptions.length > 0 && (
          <>
            <Button
              size="small"
              startIcon={<SettingsIcon />}
              aria-label={`Quality: ${quality?.label ?? 'auto'}`}
              aria-haspopup="menu"
              aria-expanded={Boolean(menuAnchor)}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
              sx={{ color: '#fff', minWidth: 0, px: 1, fontVariantNumeric: 'tabular-nums' }}
            >
              {quality?.label ?? 'Auto'}
            </Button>
            <Menu
              anchorEl={menuAnchor}
              open={Boolean(menuAnchor)}
              onClose={() => setMenuAnchor(null)}
              anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
              transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              // Inside the player container, so the menu also shows in fullscreen.
              disablePortal
              slotProps={{ list: { 'aria-label': 'Quality', dense: true } }}
            >
              {qualityOptions.map((option) => (
                <MenuItem
                  key={option.segment}
                  selected={option.segment === quality?.segment}
                  onClick={() => {
                    setMenuAnchor(null);
                    props.onQuality(option);
                  }}
                >
                  <ListItemText primary={option.label} secondary={option.name} slotProps={{ secondary: { sx: { ml: 1.5, display: 'inline' } } }} sx={{ display: 'flex', alignItems: 'baseline' }} />
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
        {props.onPictureInPicture && (
          <IconButton aria-label="Picture-in-Picture" onClick={props.onPictureInPicture} sx={iconSx}>
            <PictureInPictureIcon />
          </IconButton>
        )}
        {props.onMinimize && (
          <IconButton aria-label="Minimize" onClick={props.onMinimize} sx={iconSx}>
            <MinimizeIcon />
          </IconButton>
        )}
        <IconButton aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={props.onToggleFullscreen} sx={iconSx}>
          {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      </Box>
    </Box>
  );
}
