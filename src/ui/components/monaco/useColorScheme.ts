// The system's colour scheme (prefers-color-scheme), live: the page follows it through Tailwind's
// `dark:` variant and Monaco through its theme.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const m = media();
  if (!m) return () => undefined;
  m.addEventListener('change', onChange);
  return () => m.removeEventListener('change', onChange);
}

export function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
