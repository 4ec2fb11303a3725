// The small-screen search (full screen, as phone apps have it): a title bar
// with Cancel and Search, the box with its whole placeholder in view, this device's recent searches
// (each removable) and four popular searches. Those are the catalogue's (GET /search/popular: words
// of its most viewed videos, so each finds something), not fixed words that may find nothing; an
// empty catalogue has none and the block is left out. Cancel, Escape or Back close it; a submit
// closes and clears it. The whole dialog is on the page's background (MUI's raised paper is a
// lighter grey in the dark theme).
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import MicIcon from '@mui/icons-material/Mic';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { forgetSearch, useRecentSearches } from './recentSearches';
import { usePopularSearchesQuery } from '../../api/endpoints/search';
import { closeSearchBar, setSearchTerm } from './searchBarSlice';
import { useSubmitSearch } from './useSubmitSearch';
import { useVoiceSearch } from './useVoiceSearch';

function SectionTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, px: 2, mt: 2.5, mb: 1 }}>
      {icon}
      {children}
    </Typography>
  );
}

export default function SearchDialog() {
  const dispatch = useAppDispatch();
  const { isSearchBarOpen, searchTerm } = useAppSelector((state) => state.searchBar);
  const submit = useSubmitSearch();
  const voice = useVoiceSearch((text) => dispatch(setSearchTerm(text)));
  const recent = useRecentSearches();
  const popular = usePopularSearchesQuery(undefined, { skip: !isSearchBarOpen }).data ?? [];
  const close = () => dispatch(closeSearchBar());
  // While typing, the recent searches narrow to those containing the words typed.
  const typed = searchTerm.trim().toLowerCase();
  const shownRecent = typed ? recent.filter((item) => item.toLowerCase().includes(typed)) : recent;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(searchTerm);
  };

  return (
    <Dialog
      open={isSearchBarOpen}
      onClose={close}
      fullScreen
      aria-labelledby="search-dialog-title"
      slotProps={{ paper: { sx: { bgcolor: 'background.default', backgroundImage: 'none' } } }}
    >
      <Box component="form" onSubmit={onSubmit} role="search" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
        <Box sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider', px: 1, pt: 'max(8px, env(safe-area-inset-top))', pb: 1.5 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto 1fr', alignItems: 'center', minHeight: 48 }}>
            <Button onClick={close} sx={{ justifySelf: 'start' }}>
              Cancel
            </Button>
            <Typography id="search-dialog-title" variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 17 }}>
              Search Vidshare
            </Typography>
            <Button type="submit" variant="contained" size="small" sx={{ justifySelf: 'end', borderRadius: 999, px: 2 }}>
              Search
            </Button>
          </Box>
          {/* No icon before the box: the whole placeholder fits a 360 px phone. */}
          <Stack direction="row" sx={{ alignItems: 'center', mx: 0.5, mt: 0.5, borderRadius: 999, bgcolor: 'action.hover', pl: 2, pr: 0.25, border: 1, borderColor: 'divider', '&:focus-within': { borderColor: 'primary.main' } }}>
            <InputBase
              autoFocus
              value={searchTerm}
              onChange={(event) => dispatch(setSearchTerm(event.target.value))}
              placeholder="Search videos, channels, playlists"
              inputProps={{ 'aria-label': 'Search query', type: 'search', enterKeyHint: 'search' }}
              // 16 px keeps phones from zooming into the box.
              sx={{ flex: 1, minWidth: 0, py: 0.5, fontSize: 16 }}
            />
            {voice.supported && (
              <IconButton onClick={voice.toggle} aria-label={voice.listening ? 'Stop voice search' : 'Search by voice'} aria-pressed={voice.listening}>
                <MicIcon color={voice.listening ? 'primary' : 'inherit'} />
              </IconButton>
            )}
          </Stack>
        </Box>

        {shownRecent.length > 0 && (
          <section aria-labelledby="recent-searches-title">
            <SectionTitle icon={<HistoryIcon fontSize="small" aria-hidden />}>
              <span id="recent-searches-title">Recent searches</span>
            </SectionTitle>
            <List dense disablePadding>
              {shownRecent.map((item) => (
                <ListItem
                  key={item}
                  disablePadding
                  secondaryAction={
                    <IconButton edge="end" aria-label={`Remove "${item}" from recent searches`} title="Remove" onClick={() => forgetSearch(item)}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemButton onClick={() => submit(item)} sx={{ py: 1 }}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <HistoryIcon fontSize="small" aria-hidden />
                    </ListItemIcon>
                    <ListItemText primary={item} slotProps={{ primary: { noWrap: true, sx: { fontSize: 15 } } }} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </section>
        )}

        {popular.length > 0 && (
          <section aria-labelledby="popular-searches-title">
            <SectionTitle icon={<TrendingUpIcon fontSize="small" aria-hidden />}>
              <span id="popular-searches-title">Popular searches</span>
            </SectionTitle>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 3 }}>
              {popular.map((word) => (
                <Chip key={word} label={word} onClick={() => submit(word)} variant="outlined" />
              ))}
            </Stack>
          </section>
        )}
      </Box>
    </Dialog>
  );
}
