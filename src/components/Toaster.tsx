// notistack's provider (top right, at most 20, 4 s default; spec section 9), as its own chunk.
// .toast-container (styles.css) keeps the toasts small and below the header.
import * as notistack from 'notistack';
import { useEffect } from 'react';
import { toasterMounted } from './toast';

export default function Toaster() {
  useEffect(() => toasterMounted(notistack), []);
  return (
    <notistack.SnackbarProvider
      maxSnack={20}
      preventDuplicate
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      classes={{ containerRoot: 'toast-container' }}
      transitionDuration={{ exit: 1000 }}
    />
  );
}
