// 7, 28 or 90 days: the studio's range, kept in the URL (?range=).
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useSearchParams } from 'react-router-dom';
import { STUDIO_RANGES, type StudioRange } from '../../../contract/analytics';

const LABELS: Record<StudioRange, string> = { '7d': '7 days', '28d': '28 days', '90d': '90 days' };

export function useStudioRange(): [StudioRange, (range: StudioRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range = (STUDIO_RANGES as readonly string[]).includes(asked ?? '') ? (asked as StudioRange) : '28d';
  return [range, (next) => setParams({ range: next }, { replace: true })];
}

export function RangePicker({ range, onChange }: { range: StudioRange; onChange: (range: StudioRange) => void }) {
  return (
    <ToggleButtonGroup exclusive size="small" value={range} onChange={(_event, next: StudioRange | null) => next && onChange(next)} aria-label="Period">
      {STUDIO_RANGES.map((value) => (
        <ToggleButton key={value} value={value} sx={{ px: 1.5, textTransform: 'none' }}>
          {LABELS[value]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
