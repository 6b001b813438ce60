// Names the page and the worker share about a view, in a leaf module (no imports): views.ts types
// the view with them and view-patch.ts (which re-exports them) patches it, without an import circle.
import type { FileText } from '../session/file-text.ts';

/** The pieces of a session's text (joined by joinFileText), with the generation of its turn pieces. */
export interface SavedText extends FileText {
  /**
   * A piece leaves out the messages the definition renders again, so a definition that renders
   * differently writes every piece anew (a new `rev`).
   */
  rev?: number;
}
