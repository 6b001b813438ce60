// Opening a bundled session (an example or a benchmark session): the one path the examples menu and
// the gallery share. Where sessions are saved, an untouched saved copy of it is reopened rather than
// copied again (docs/playground.md, "Saved sessions"); problems become the page's notice.
import { savedCopyOf } from '../persistence/saved-copy.ts';
import { useSessionPersistence } from '../persistence/SessionPersistence.tsx';
import { useController } from './playground.tsx';
import { linesOf } from '../lib/problems.ts';

/** A bundled session file, loaded when first needed. */
export interface BundledSession {
  /** The file name without ".json". */
  readonly name: string;
  readonly load: () => Promise<string>;
}

/** Opens a bundled session; resolves to whether it opened. */
export function useOpenBundled(): (entry: BundledSession) => Promise<boolean> {
  const c = useController();
  const { sync } = useSessionPersistence();
  const store = c.store;
  return async (entry) => {
    try {
      const text = await entry.load();
      const r = sync ? await c.openExample(text, (view) => savedCopyOf(sync, view)) : await c.open(text);
      if (!r.ok && r.problems.length > 0) store.getState().setNotice({ kind: 'error', text: `Could not open ${entry.name}.json:\n${linesOf(r.problems)}` });
      return r.ok;
    } catch (e) {
      store.getState().setNotice({ kind: 'error', text: `Could not load ${entry.name}.json: ${e instanceof Error ? e.message : String(e)}` });
      return false;
    }
  };
}
