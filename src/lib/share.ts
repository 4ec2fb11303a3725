// Share: copy a link. The Clipboard API needs a secure context; older browsers and plain
// http get the textarea fallback.
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* permission denied: try the fallback */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export type ShareOutcome = 'shared' | 'copied' | 'dismissed' | 'failed';

/**
 * Share a link: the device's share sheet (Web Share API) where there is one, otherwise
 * the link is copied. Closing the share sheet is not an error.
 */
export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare({ url, title }))) {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (error) {
      if ((error as DOMException).name === 'AbortError') return 'dismissed';
      // NotAllowedError and the like: fall back to copying.
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}

/** The toast for an outcome (spec text for a copy). */
export function announceShare(outcome: ShareOutcome, toast: { success: (m: string) => void; error: (m: string, ms?: number) => void }, errorMs?: number): void {
  if (outcome === 'copied') toast.success('Link copied to clipboard!');
  if (outcome === 'failed') toast.error('Could not copy the link', errorMs);
}
