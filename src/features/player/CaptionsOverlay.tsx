// The active captions over the picture, as YouTube draws them: white on 75% black, centred, each
// line its own box. While the control bar shows they sit just above it, else near the picture's
// bottom edge (above the black band under a letterboxed picture in fullscreen); taps go through to
// the video.
import Box from '@mui/material/Box';

interface Props {
  text: string;
  fontSize: number;
  /** Pixels to keep clear at the bottom (the control bar's height while it shows), else 0. */
  clearance: number;
  /** The black band under a letterboxed picture (fullscreen), in pixels: the captions stay above it. */
  letterbox?: number;
}

export function CaptionsOverlay({ text, fontSize, clearance, letterbox = 0 }: Props) {
  if (!text) return null;
  return (
    <Box
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: clearance > letterbox ? `${clearance + 4}px` : `calc(${letterbox}px + max(8px, 4%))`,
        display: 'flex',
        justifyContent: 'center',
        px: 1.5,
        pointerEvents: 'none',
        transition: 'bottom 0.2s',
      }}
    >
      <Box sx={{ maxWidth: '90%', textAlign: 'center', whiteSpace: 'pre-line', overflowWrap: 'anywhere', fontSize, lineHeight: 1.4 }}>
        {/* Inline, so that each line gets its own box (box-decoration-break), not one block. */}
        <Box
          component="span"
          data-testid="player-captions"
          sx={{ color: '#fff', bgcolor: 'rgba(0, 0, 0, 0.75)', px: '0.35em', py: '0.05em', borderRadius: '2px', boxDecorationBreak: 'clone', WebkitBoxDecorationBreak: 'clone' }}
        >
          {text}
        </Box>
      </Box>
    </Box>
  );
}
