import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { toggleTheme } from './themeSlice';

export function ThemeToggle() {
  const dispatch = useAppDispatch();
  const darkMode = useAppSelector((state) => state.theme.darkMode);
  const label = darkMode ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <IconButton onClick={() => dispatch(toggleTheme())} aria-label={label} title={label} color="inherit">
      {darkMode ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
