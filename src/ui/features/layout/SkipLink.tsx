// The page's first Tab stop: about sixty controls come before the turns, so a keyboard user can go
// straight to them. Hidden until focused; Enter moves the focus into the turn list.
import type { MouseEvent } from 'react';
import { TURNS_ID } from './Workspace.tsx';

export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const turns = document.getElementById(TURNS_ID);
    if (turns === null) return;
    // The pane is focused rather than navigated to: the address keeps a share link's fragment.
    e.preventDefault();
    turns.focus();
  };
  return (
    <a
      href={`#${TURNS_ID}`}
      data-testid="skip-to-turns"
      onClick={skip}
      className="sr-only z-50 rounded bg-sky-700 px-3 py-1.5 text-sm font-medium text-white focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
    >
      Skip to turns
    </a>
  );
}
