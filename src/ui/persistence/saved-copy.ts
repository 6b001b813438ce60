// Opening an example that is already saved, untouched, goes back to that saved session instead of
// saving one more identical copy. A saved session counts as the example only when its text
// is exactly what the engine made of the example (same definition, no turns): one that was edited or
// stepped is the person's work, so opening the example then starts a fresh copy beside it.
import type { View } from '../../worker/engine.ts';
import { sessionTextOf } from '../engine/session-text.ts';
import type { PersistenceRef } from '../state/store.ts';
import type { SessionSync } from './session-sync.ts';

export async function savedCopyOf(sync: SessionSync, view: View): Promise<PersistenceRef | null> {
  if (!sync.active) return null;
  // A save still waiting (the open session, changed a moment ago) is written first, so it is compared as it is.
  await sync.flush();
  // Titles and turn counts are in the list; only the few records that match them are read whole.
  for (const meta of await sync.sessions.list()) {
    if (meta.title !== view.setup.definition.title || meta.turns !== view.turns.length) continue;
    const record = await sync.sessions.get(meta.id);
    if (record && record.text === sessionTextOf(view)) return { id: record.id, rev: record.rev };
  }
  return null;
}
