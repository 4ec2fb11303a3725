// One of the player's pop-up choices (quality, speed, captions): a button that says what is chosen
// and a menu of radio items in which the current choice carries a check mark.
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useState } from 'react';

export interface PlayerMenuItem<T extends string> {
  value: T;
  primary: string;
  /** Dimmer text beside the primary one ('eco', or the rung Auto plays). */
  secondary?: string;
}

interface Props<T extends string> {
  /** The menu's accessible name: 'Quality'. */
  name: string;
  /** The button's accessible name: 'Quality: Auto · 480p'. */
  buttonLabel: string;
  icon: ReactNode;
  /** Text beside the icon (none: an icon button). */
  text?: string;
  items: readonly PlayerMenuItem<T>[];
  value: T;
  onChange: (value: T) => void;
}

export function PlayerMenu<T extends string>({ name, buttonLabel, icon, text, items, value, onChange }: Props<T>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonProps = {
    'aria-label': buttonLabel,
    title: name,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': Boolean(anchor),
    onClick: (event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };
  return (
    <>
      {text === undefined ? (
        <IconButton {...buttonProps} size="small" sx={{ color: '#fff' }}>
          {icon}
        </IconButton>
      ) : (
        <Button
          {...buttonProps}
          size="small"
          startIcon={icon}
          sx={{
            color: '#fff',
            minWidth: 0,
            px: { xs: 0.75, sm: 0.75 },
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
            textTransform: 'none',
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 0.5 }, ml: 0 },
          }}
        >
          {/* Phones show the icon only (the bar has no room); the menu says the rest. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {text}
          </Box>
        </Button>
      )}
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        // Inside the player container, so the menu also shows in fullscreen.
        disablePortal
        slotProps={{ list: { 'aria-label': name, dense: true }, paper: { sx: { maxHeight: 'min(320px, 80vh)' } } }}
      >
        {items.map((item) => {
          const checked = item.value === value;
          return (
            <MenuItem
              key={item.value}
              role="menuitemradio"
              aria-checked={checked}
              selected={checked}
              onClick={() => {
                setAnchor(null);
                onChange(item.value);
              }}
            >
              <ListItemIcon sx={{ minWidth: 28 }}>{checked && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={item.primary}
                secondary={item.secondary}
                sx={{ display: 'flex', alignItems: 'baseline', my: 0 }}
                slotProps={{ secondary: { sx: { ml: 1.5, display: 'inline' } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
