// Opening share links: on load (before the saved session is restored) and when the address's fragment
// changes in an open tab. A link is only ever handed to the engine worker (sandboxed PTC-Lisp); a
// damaged or hostile one changes nothing but a notice, and the last good session stays.
import { useCallback, useEffect } from 'react';
import { useController } from '../../state/playground.tsx';
import type { PlaygroundStore } from '../../state/store.ts';
import type { View } from '../../../worker/engine.ts';
import { clearLinkFromAddress, linkFragmentOf } from './links.ts';
import { linesOf } from '../../lib/problems.ts';

/** What the person should know about a session that came from a link. */
export function linkNotice(view: View, warnings: readonly string[] = []): string {
  const lines = [`Opened a shared session: ${view.setup.definition.title}. It is saved in this browser as a new session.`];
  const llm = view.setup.definition.llm;
  if (llm.provider !== 'mock' || llm.baseUrl !== undefined) {
    // A base URL from a link is shown now, and confirmed before the first request goes there.
    lines.push(
      `The link sets the LLM to "${llm.provider}"${llm.model ? `, model ${llm.model}` : ''}${llm.baseUrl ? `, at ${llm.baseUrl}` : ''}. Nothing is sent there until you run the session with that LLM yourself.${llm.baseUrl ? ' The first request asks you to confirm this address.' : ''}`,
    );
  }
  lines.push(...warnings);
  return lines.join('\n');
}

/** Shows a notice once the next session is open (a restore after a failed link would clear it before). */
function noticeAfterNextView(store: PlaygroundStore, text: string): void {
  if (store.getState().view !== null) {
    store.getState().setNotice({ kind: 'error', text });
    return;
  }
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.view !== null && state.view !== previous.view) {
      unsubscribe();
      // After the restore's own bookkeeping (which clears notices) has run.
      queueMicrotask(() => store.getState().setNotice({ kind: 'error', text }));
    }
  });
}

export function useSharedLinks(): { openFromAddress: () => Promise<boolean> } {
  const c = useController();
  const store = c.store;

  const openFromAddress = useCallback(async (): Promise<boolean> => {
    const fragment = linkFragmentOf(window.location.hash);
    if (fragment === null) return false;
    // Once read, the link leaves the address bar: a reload restores the saved session instead.
    clearLinkFromAddress();
    const r = await c.openLink(fragment);
    const view = store.getState().view;
    if (r.ok && view) {
      store.getState().setNotice({ kind: 'info', text: linkNotice(view, r.warnings ?? []) });
      return true;
    }
    const why = r.problems.length > 0 ? linesOf(r.problems) : 'the engine could not read it';
    noticeAfterNextView(store, `This link could not be opened, so nothing changed:\n${why}`);
    return false;
  }, [c, store]);

  // A link pasted into the address bar of an open tab.
  useEffect(() => {
    const onHashChange = () => void openFromAddress();
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [openFromAddress]);

  return { openFromAddress };
}
