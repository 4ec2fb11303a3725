// The small-screen search dialog (spec sections 2 and 4): title, box, Search and Cancel, and the
// four popular searches; Cancel or the backdrop closes it, a submit closes and clears it.
import MicIcon from '@mui/icons-material/Mic';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { closeSearchBar, POPULAR_SEARCHES, setSearchTerm } from './searchBarSlice';
import { useSubmitSearch } from './useSubmitSearch';
import { useVoiceSearch } from './useVoiceSearch';

export default function SearchDialog() {
  const dispatch = useAppDispatch();
  const { isSearchBarOpen, searchTerm } = useAppSelector((state) => state.searchBar);
  const submit = useSubmitSearch();
  const voice = useVoiceSearch((text) => dispatch(setSearchTerm(text)));
  const close = () => dispatch(closeSearchBar());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(searchTerm);
  };

  return (
    <Dialog open={isSearchBarOpen} onClose={close} fullWidth maxWidth="sm" aria-labelledby="search-dialog-title">
      <form onSubmit={onSubmit}>
        <DialogTitle id="search-dialog-title">Search Vidshare</DialogTitle>
        <DialogContent>
          <Stack direction="row" sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 999, pl: 2, pr: 0.5 }}>
            <InputBase
              autoFocus
              value={searchTerm}
              onChange={(event) => dispatch(setSearchTerm(event.target.value))}
              placeholder="Search videos, channels, playlists"
              inputProps={{ 'aria-label': 'Search query', type: 'search', enterKeyHint: 'search' }}
              sx={{ flex: 1, py: 0.75 }}
            />
            {voice.supported && (
              <IconButton onClick={voice.toggle} aria-label={voice.listening ? 'Stop voice search' : 'Search by voice'} aria-pressed={voice.listening}>
                <MicIcon color={voice.listening ? 'primary' : 'inherit'} />
              </IconButton>
            )}
          </Stack>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2.5, mb: 1, display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <TrendingUpIcon fontSize="small" aria-hidden /> Popular searches
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            {POPULAR_SEARCHES.map((preset) => (
              <Chip key={preset} label={preset} onClick={() => submit(preset)} variant="outlined" />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained">
            Search
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
