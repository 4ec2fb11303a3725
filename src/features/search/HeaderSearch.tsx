// Desktop search box with the voice button.
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ChangeEvent, FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { setSearchTerm } from './searchBarSlice';
import { useSubmitSearch } from './useSubmitSearch';
import { useVoiceSearch } from './useVoiceSearch';

export function HeaderSearch() {
  const dispatch = useAppDispatch();
  const searchTerm = useAppSelector((state) => state.searchBar.searchTerm);
  const submit = useSubmitSearch();
  const voice = useVoiceSearch((text) => dispatch(setSearchTerm(text)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(searchTerm);
  };

  return (
    <Box
      component="form"
      role="search"
      onSubmit={onSubmit}
      sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', flex: '0 1 640px', mx: 2, gap: 1 }}
    >
      <Box
        sx={{
          display: 'flex',
          flex: 1,
          alignItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 999,
          pl: 2,
          bgcolor: 'background.paper',
          '&:focus-within': { borderColor: 'primary.main' },
        }}
      >
        {/* A native input: MUI InputBase would add ~5 KB gzip to the first load. */}
        <Box
          component="input"
          type="search"
          enterKeyHint="search"
          value={searchTerm}
          onChange={(event: ChangeEvent<HTMLInputElement>) => dispatch(setSearchTerm(event.target.value))}
          placeholder="Search"
          aria-label="Search videos, channels and playlists"
          sx={{ flex: 1, minWidth: 0, py: 1, border: 0, outline: 0, bgcolor: 'transparent', color: 'text.primary', font: 'inherit' }}
        />
        <IconButton type="submit" aria-label="Search" title="Search" sx={{ borderLeft: 1, borderColor: 'divider', borderRadius: '0 999px 999px 0', px: 2 }}>
          <SearchIcon />
        </IconButton>
      </Box>
      {voice.supported && (
        <IconButton
          onClick={voice.toggle}
          aria-label={voice.listening ? 'Stop voice search' : 'Search by voice'}
          aria-pressed={voice.listening}
          title="Search by voice"
          color={voice.listening ? 'primary' : 'default'}
        >
          {voice.listening ? <MicOffIcon /> : <MicIcon />}
        </IconButton>
      )}
    </Box>
  );
}
