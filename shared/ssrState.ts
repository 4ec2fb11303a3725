// The state a server-rendered page hands to the client: the fulfilled queries of the api slice,
// in the shape rehydrateApiCache takes (src/entry-server.tsx picks them from the store). It
// travels in <script type="application/json" id="ssr-state">.

export const SSR_STATE_ID = 'ssr-state';

export interface SsrState {
  api: {
    queries: Record<string, unknown>;
    mutations: Record<string, unknown>;
    provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, unknown> };
  };
}

/** JSON safe inside <script>: no '</script>' or '<!--' can end or bend the element. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The inlined state, or null when the page was not server-rendered (the service worker's shell). */
export function readSsrState(): SsrState | null {
  const element = typeof document !== 'undefined' ? document.getElementById(SSR_STATE_ID) : null;
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
