// notistack's provider (at most 20, 4 s default), as its own chunk. Top right (the
// spec's place) from the width where the side bar navigates; on phones and tablets, where the
// header is short and the watch page's actions often sit right under it, toasts come up at the
// bottom, with margins, above the bottom navigation, as phone apps show them.
// .toast-container (styles.css) keeps the toasts small and clear of the header and the bottom bar.
import useMediaQuery from '@mui/material/useMediaQuery';
import * as notistack from 'notistack';
import { useEffect } from 'react';
import { BOTTOM_NAV_MIN_WIDTH } from '../lib/bottomNavSpace';
import { toasterMounted } from './toast';

const TOP_RIGHT = { vertical: 'top', horizontal: 'right' } as const;
const ABOVE_BOTTOM_NAV = { vertical: 'bottom', horizontal: 'center' } as const;

export default function Toaster() {
  useEffect(() => toasterMounted(notistack), []);
  const bottomNavShown = useMediaQuery(`(max-width: ${BOTTOM_NAV_MIN_WIDTH - 0.05}px)`, { noSsr: true });
  return (
    <notistack.SnackbarProvider
      maxSnack={20}
      preventDuplicate
      autoHideDuration={4000}
      anchorOrigin={bottomNavShown ? ABOVE_BOTTOM_NAV : TOP_RIGHT}
      classes={{ containerRoot: 'toast-container' }}
      transitionDuration={{ exit: 1000 }}
    />
  );
}
