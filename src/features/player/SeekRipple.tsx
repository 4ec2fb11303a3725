// The double tap's answer, as phones show it: a translucent half circle on the tapped side with the
// seconds this run of taps has seeked ('10 seconds', '20 seconds'), pulsing on every tap.
import ForwardIcon from '@mui/icons-material/FastForwardRounded';
import BackIcon from '@mui/icons-material/FastRewindRounded';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/system';
import type { SeekRippleState } from './usePlayerGestures';

// Dark enough to read on a bright picture, flashing light on each tap.
const RESTING = 'rgba(0, 0, 0, 0.3)';
const pulse = keyframes`
  from { background-color: rgba(255, 255, 255, 0.35); }
  to { background-color: ${RESTING}; }
`;

export function SeekRipple({ ripple }: { ripple: SeekRippleState | null }) {
  if (!ripple) return null;
  const back = ripple.side === 'back';
  const Icon = back ? BackIcon : ForwardIcon;
  return (
    <Box
      key={ripple.key}
      data-testid="seek-ripple"
      data-side={ripple.side}
      aria-hidden
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        [back ? 'left' : 'right']: 0,
        width: '42%',
        // Flat against the player's edge, round towards the middle.
        borderRadius: back ? '0 50% 50% 0 / 0 50% 50% 0' : '50% 0 0 50% / 50% 0 0 50%',
        bgcolor: RESTING,
        animation: `${pulse} 0.4s ease-out`,
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.25,
        pointerEvents: 'none',
        userSelect: 'none',
      }}
    >
      <Icon sx={{ fontSize: { xs: 28, sm: 36 } }} />
      <Box component="span" sx={{ fontSize: { xs: 12, sm: 14 }, fontWeight: 600, textShadow: '0 1px 2px rgba(0,0,0,0.6)' }}>
        {ripple.seconds} seconds
      </Box>
    </Box>
  );
}
