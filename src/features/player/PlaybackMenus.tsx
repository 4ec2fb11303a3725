// The speed menu (0.25x to 2x) and the CC menu (the video's captions, or Off; then their size).
import CaptionsOffIcon from '@mui/icons-material/ClosedCaptionOff';
import CaptionsIcon from '@mui/icons-material/ClosedCaption';
import SpeedIcon from '@mui/icons-material/Speed';
import { CAPTION_SIZES, type CaptionSize } from './captions';
import { PlayerMenu } from './PlayerMenu';

export const PLAYBACK_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export const speedLabel = (speed: number) => (speed === 1 ? 'Normal' : `${speed}x`);

export function SpeedMenu({ speed, onChange }: { speed: number; onChange: (speed: number) => void }) {
  return (
    <PlayerMenu
      name="Playback speed"
      buttonLabel={`Playback speed: ${speedLabel(speed)}`}
      icon={<SpeedIcon fontSize="small" />}
      text={speed === 1 ? undefined : `${speed}x`}
      items={PLAYBACK_SPEEDS.map((value) => ({ value: String(value), primary: speedLabel(value) }))}
      value={String(speed)}
      onChange={(value) => onChange(Number(value))}
    />
  );
}

export const CAPTIONS_OFF = 'off';

export interface CaptionTrack {
  language: string;
  label: string;
}

/** The language shown: the remembered one when this video has it, else Off. */
export function shownCaptions(tracks: readonly CaptionTrack[], remembered: string | null): string {
  return remembered && tracks.some((track) => track.language === remembered) ? remembered : CAPTIONS_OFF;
}

interface CaptionsMenuProps {
  tracks: readonly CaptionTrack[];
  language: string;
  onChange: (language: string) => void;
  size: CaptionSize;
  onSize: (size: CaptionSize) => void;
}

export function CaptionsMenu({ tracks, language, onChange, size, onSize }: CaptionsMenuProps) {
  const on = language !== CAPTIONS_OFF;
  const label = tracks.find((track) => track.language === language)?.label ?? 'Off';
  return (
    <PlayerMenu
      name="Captions"
      buttonLabel={`Captions: ${label}`}
      icon={on ? <CaptionsIcon /> : <CaptionsOffIcon />}
      items={[{ value: CAPTIONS_OFF, primary: 'Off' }, ...tracks.map((track) => ({ value: track.language, primary: track.label, secondary: track.language }))]}
      value={language}
      onChange={onChange}
      more={[
        {
          title: 'Caption size',
          items: CAPTION_SIZES.map((entry) => ({ value: entry.value, primary: entry.label })),
          value: size,
          onChange: (value) => {
            const chosen = CAPTION_SIZES.find((entry) => entry.value === value);
            if (chosen) onSize(chosen.value);
          },
        },
      ]}
    />
  );
}
