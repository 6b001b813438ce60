// Share links live in the URL fragment (never sent to a server): `#s=<version>.<payload>`.

/** The share fragment in a location's hash, without the `#`, or null when there is none. */
export function linkFragmentOf(hash: string): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  return h.startsWith('s=') ? h : null;
}

/** The full link for a fragment, on this page. */
export function linkFor(fragment: string, location: Pick<Location, 'origin' | 'pathname' | 'search'> = window.location): string {
  return `${location.origin}${location.pathname}${location.search}#${fragment}`;
}

/** Removes the fragment from the address bar, so a reload restores the saved session, not the link again. */
export function clearLinkFromAddress(): void {
  if (typeof history !== 'undefined' && linkFragmentOf(window.location.hash) !== null) {
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }
}

/** "12.3 KB" for a number of characters. */
export function kilobytes(chars: number): string {
  return `${(chars / 1024).toFixed(1)} KB`;
}
