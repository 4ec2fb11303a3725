// The document title of every screen, one format for the client (this hook, on navigation) and
// the server-rendered <title> (server/ssr/): "<what the screen shows> - Vidshare".
import { useEffect } from 'react';

const APP_NAME = 'Vidshare';

export function pageTitle(title?: string | null): string {
  const text = title?.trim();
  return text ? `${text} - ${APP_NAME}` : APP_NAME;
}

/** Sets document.title while the screen is shown; `undefined` (data still loading) keeps the current one. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title);
  }, [title]);
}
