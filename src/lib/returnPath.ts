// Where sign-in returns to: the signed-in-only screen that sent the visitor to /login (router
// state set by the route guard), else /home. Only paths inside the app are followed.
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/home';
}
