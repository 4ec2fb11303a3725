// One labelled switch of the settings screen: a title, a line of description, the switch at the end.
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

export function Toggle({
  label,
  description,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <FormControlLabel
      labelPlacement="start"
      sx={{ mx: 0, justifyContent: 'space-between', gap: 2 }}
      disabled={disabled}
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={
        <span>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {description}
          </Typography>
        </span>
      }
    />
  );
}
