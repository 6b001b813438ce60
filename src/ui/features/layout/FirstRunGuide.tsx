// A first visit's guide to the three columns: a strip under the top bar, never modal, never taking
// the focus, gone for good after one click (remembered in this browser), and absent when the page is
// opened with ?tour=off (tests, embeds).
import { useState } from 'react';

export const GUIDE_DISMISSED_KEY = 'ptc-playground.guide-dismissed';

function dismissedBefore(): boolean {
  try {
    if (new URLSearchParams(window.location.search).get('tour') === 'off') return true;
    return window.localStorage.getItem(GUIDE_DISMISSED_KEY) === '1';
  } catch {
    // Storage refused (a private window's policy): show it, and let the click hide it for this page.
    return false;
  }
}

export function FirstRunGuide() {
  const [shown, setShown] = useState(() => !dismissedBefore());
  if (!shown) return null;
  const dismiss = () => {
    setShown(false);
    try {
      window.localStorage.setItem(GUIDE_DISMISSED_KEY, '1');
    } catch {
      // Not remembered: it comes back on the next visit, which is all that is lost.
    }
  };
  return (
    <aside
      aria-label="How the playground is laid out"
      data-testid="first-run-guide"
      className="flex items-start gap-3 border-b border-sky-200 bg-sky-50 px-3 py-1.5 text-xs text-sky-950 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
    >
      <ol className="flex min-w-0 flex-1 flex-wrap gap-x-4 gap-y-0.5">
        <li>
          <strong>Left:</strong> the session — mission, LLM, SYSTEM prompt, <code>tool/</code>, <code>data/</code>, <code>user/</code>.
        </li>
        <li>
          <strong>Middle:</strong> the turns so far and the next reply; <strong>Step</strong> runs one turn (the mock LLM replays a script).
        </li>
        <li>
          <strong>Right:</strong> what the LLM receives, compressed beside the full history, with the saving; <strong>Whole run</strong> compares every
          strategy.
        </li>
      </ol>
      <button
        type="button"
        data-testid="first-run-guide-dismiss"
        className="shrink-0 rounded border border-sky-300 px-2 py-0.5 hover:bg-sky-100 dark:border-sky-700 dark:hover:bg-sky-900"
        onClick={dismiss}
      >
        Got it
      </button>
    </aside>
  );
}
