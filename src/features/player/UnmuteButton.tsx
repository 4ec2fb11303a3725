// 'Tap to unmute': shown over a video the player had to start muted (the browser refused sound
// without a tap on the page), as phones' video apps do; one tap turns the sound on.
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import Button from '@mui/material/Button';

export function UnmuteButton({ onUnmute }: { onUnmute: () => void }) {
  return (
    <Button
      onClick={(event) => {
        event.stopPropagation();
        onUnmute();
      }}
      startIcon={<VolumeOffIcon />}
      size="small"
      sx={{
        position: 'absolute',
        top: 8,
        left: 8,
        zIndex: 1,
        color: '#fff',
        bgcolor: 'rgba(0,0,0,0.7)',
        textTransform: 'none',
        fontWeight: 600,
        '&:hover, &:focus-visible': { bgcolor: 'rgba(0,0,0,0.85)' },
      }}
    >
      Tap to unmute
    </Button>
  );
}
