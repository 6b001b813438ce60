// The open session's file text, joined from the pieces the worker sent with the view only when
// something needs it (autosave, a restart) and not kept: the pieces are the page's one copy.
import { joinFileText } from '../../session/file-text.ts';
import type { SavedText } from '../../worker/view-patch.ts';
import type { View } from '../../worker/views.ts';

/** The session file's text of a view from the worker; null for a view without its pieces (a test's). */
export function sessionTextOf(view: View): string | null {
  return view.saved === undefined ? null : joinFileText(view.saved);
}

/** True when the pieces make the same text (they are shared strings: mostly a pointer comparison). */
export function samePieces(a: SavedText, b: SavedText | null): boolean {
  if (b === null) return false;
  if (a === b) return true;
  // A head without its data: the same data text (one string, shared) is the same text.
  if (a.head !== b.head || a.dataText !== b.dataText) return false;
  if (a.turns === b.turns) return true;
  return a.turns.length === b.turns.length && a.turns.every((t, i) => t === b.turns[i]);
}

/** True when two views would save the same text (same pieces), without joining either. */
export function sameSavedContent(a: View, b: View | null): boolean {
  if (b === null) return false;
  if (a.saved === undefined || b.saved === undefined) return a.epoch === b.epoch && a.definitionRev === b.definitionRev && a.turns.length === b.turns.length;
  return a.saved.turns === b.saved.turns && a.saved.head === b.saved.head && a.saved.dataText === b.saved.dataText;
}
