// One of the player's pop-up choices (quality, speed, captions): a button that says what is chosen
// and a menu of radio items in which the current choice carries a check mark. A menu may hold more
// choices after the first (the captions' size): each its own set, after a separator and its title.
// It may end with one on/off entry (the quality menu's Data saver), a checkbox item.
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useState } from 'react';

export interface PlayerMenuItem<T extends string> {
  value: T;
  primary: string;
  /** Dimmer text beside the primary one ('eco', or the rung Auto plays). */
  secondary?: string;
}

/** A further set of choices in the same menu. */
interface PlayerMenuChoice {
  title: string;
  items: readonly PlayerMenuItem<string>[];
  value: string;
  onChange: (value: string) => void;
}

/** An on/off entry at the end of the menu. */
interface PlayerMenuToggle {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
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
  more?: readonly PlayerMenuChoice[];
  /** A line above the choices saying what limits them ('Data saver on: up to 360p'). */
  note?: string;
  toggle?: PlayerMenuToggle;
}

export function PlayerMenu<T extends string>({ name, buttonLabel, icon, text, items, value, onChange, more = [], note, toggle }: Props<T>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  /** `selected` (the item focused on opening) only in the first set: MUI focuses the last selected one. */
  const radio = <U extends string>(item: PlayerMenuItem<U>, current: U, choose: (value: U) => void, first: boolean) => {
    const checked = item.value === current;
    return (
      <MenuItem
        key={item.value}
        role="menuitemradio"
        aria-checked={checked}
        selected={first && checked}
        onClick={() => {
          setAnchor(null);
          choose(item.value);
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
  };
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
        {[
          ...(note
            ? [
                <ListSubheader key="note" role="presentation" data-testid="player-menu-note" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
                  {note}
                </ListSubheader>,
              ]
            : []),
          ...items.map((item) => radio(item, value, onChange, true)),
          ...more.flatMap((choice) => [
            <Divider key={`${choice.title}-separator`} component="li" role="separator" />,
            <ListSubheader key={`${choice.title}-title`} role="presentation" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
              {choice.title}
            </ListSubheader>,
            ...choice.items.map((item) => radio(item, choice.value, choice.onChange, false)),
          ]),
          ...(toggle
            ? [
                <Divider key="toggle-separator" component="li" role="separator" />,
                <MenuItem
                  key="toggle"
                  role="menuitemcheckbox"
                  aria-checked={toggle.checked}
                  onClick={() => {
                    setAnchor(null);
                    toggle.onChange(!toggle.checked);
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 28 }}>{toggle.checked && <CheckIcon fontSize="small" />}</ListItemIcon>
                  <ListItemText primary={toggle.label} sx={{ my: 0 }} />
                </MenuItem>,
              ]
            : []),
        ]}
      </Menu>
    </>
  );
}
