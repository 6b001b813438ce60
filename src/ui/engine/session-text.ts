// The open session's file text, joined from the pieces the worker sent with the view (only when
// something needs it: autosave, export, a restart), and remembered for the same pieces.
import { assembleSessionText } from '../../worker/view-patch.ts';
import type { View } from '../../worker/views.ts';

const joined = new WeakMap<readonly string[], { head: string; text: string }>();

/** The session file's text of a view from the worker; null for a view without its pieces (a test's). */
export function sessionTextOf(view: View): string | null {
  const saved = view.saved;
  if (saved === undefined) return null;
  const hit = joined.get(saved.turns);
  if (hit !== undefined && hit.head === saved.head) return hit.text;
  const text = assembleSessionText(saved);
  joined.set(saved.turns, { head: saved.head, text });
  return text;
}

/** True when two views would save the same text (same pieces), without joining either. */
export function sameSavedContent(a: View, b: View | null): boolean {
  if (b === null) return false;
  if (a.saved === undefined || b.saved === undefined) return a.epoch === b.epoch && a.definitionRev === b.definitionRev && a.turns.length === b.turns.length;
  return a.saved.turns === b.saved.turns && a.saved.head === b.saved.head;
}
