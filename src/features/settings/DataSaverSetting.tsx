// Settings > Videos > Playback: the data saver (Auto, Always, Off), kept on this device only. The
// player's quality menu sets the same value (PlayerControls.tsx).
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { DATA_SAVER_MAX_HEIGHT, DATA_SAVER_MODES, type DataSaverMode, storeDataSaverMode, useDataSaver } from '../../lib/dataSaver';

const LABELS: Record<DataSaverMode, string> = {
  auto: 'Auto (when the browser asks to save data)',
  always: 'Always',
  off: 'Off',
};

export function DataSaverSetting() {
  const dataSaver = useDataSaver();
  return (
    <FormControl fullWidth>
      <InputLabel id="data-saver-label">Data saver</InputLabel>
      <Select
        labelId="data-saver-label"
        label="Data saver"
        value={dataSaver.mode}
        onChange={(event) => storeDataSaverMode(event.target.value as DataSaverMode)}
        aria-describedby="data-saver-help"
      >
        {DATA_SAVER_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {LABELS[mode]}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id="data-saver-help">
        {dataSaver.on ? 'On now: ' : 'When on: '}
        videos up to {DATA_SAVER_MAX_HEIGHT}p on mobile data, no autoplay of the next video, smaller thumbnails. This device only.
      </FormHelperText>
    </FormControl>
  );
}
