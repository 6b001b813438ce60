// The page and the worker keep one view of the open session between them, and only what changed
// crosses: the page says what it has (`Known`: the epoch, how many turns, which definition and which
// pieces of the saved text), the worker answers with a `ViewPatch` (the turns after those, the
// definition's part only when it changed, the new pieces of the saved text) and the page rebuilds
// the whole view with `applyPatch`. A Step or a turn switch then costs what changed, not the session.
//
// This module (with the leaves ./view-parts.ts and src/session/file-text.ts) is the page's only runtime
// import from src/worker: it imports nothing else but types, so the page's bundle never takes in the engine (the interpreter
// compiles with `new Function`, which the page's Content-Security-Policy refuses).
import type { SavedText } from './view-parts.ts';
import type { DefinitionPart, TurnView, View } from './views.ts';

export type { SavedText };

/** What the page holds of the view (from its last complete view); absent: nothing, send it all. */
export interface Known {
  epoch: string;
  turns: number;
  definitionRev: number;
  /** Turn pieces of the saved text the page holds (the head follows definitionRev), and their generation. */
  savedTurns: number;
  savedRev?: number;
}

type Rest = Omit<View, 'turns' | 'saved' | 'setup'>;

export interface ViewPatch extends Rest {
  patch: true;
  /** The page keeps its first `turnsFrom` turns and puts `turns` after them. */
  turnsFrom: number;
  turns: TurnView[];
  /** The definition's part, when the page's is not the current one. */
  setup?: DefinitionPart;
  saved: { head?: string; dataAt?: number; turnsFrom: number; turns: string[]; rev?: number };
}

export function knownOf(view: View | null): Known | undefined {
  if (view === null || view.saved === undefined) return undefined;
  return {
    epoch: view.epoch,
    turns: view.turns.length,
    definitionRev: view.definitionRev,
    savedTurns: view.saved.turns.length,
    ...(view.saved.rev !== undefined ? { savedRev: view.saved.rev } : {}),
  };
}

/** Worker side: the patch that turns the page's `known` view into `view` (with its saved text). */
export function makePatch(view: View, saved: SavedText, known: Known | undefined): ViewPatch {
  const same = known !== undefined && known.epoch === view.epoch;
  const turnsFrom = same ? Math.min(known.turns, view.turns.length) : 0;
  const savedFrom = same && known.savedRev === saved.rev ? Math.min(known.savedTurns, saved.turns.length) : 0;
  const definitionKnown = same && known.definitionRev === view.definitionRev;
  const { turns: _turns, saved: _saved, setup, ...rest } = view;
  return {
    ...rest,
    patch: true,
    turnsFrom,
    turns: view.turns.slice(turnsFrom),
    ...(definitionKnown ? {} : { setup }),
    saved: {
      // The engine's head has large data cut out already (saved-text.ts): the page gets it as the definition's text.
      ...(definitionKnown ? {} : { head: saved.head, ...(saved.dataAt !== undefined ? { dataAt: saved.dataAt } : {}) }),
      turnsFrom: savedFrom,
      turns: saved.turns.slice(savedFrom),
      ...(saved.rev !== undefined ? { rev: saved.rev } : {}),
    },
  };
}

export function isViewPatch(x: unknown): x is ViewPatch {
  return typeof x === 'object' && x !== null && (x as { patch?: unknown }).patch === true;
}

/**
 * Page side: the whole view, from the view the patch was asked against (`base`, whose `Known` was
 * sent) and the patch. Unchanged parts are the base's own objects, so memoized components keep them.
 * Throws when the patch needs a part the base does not have (it was asked against another view).
 */
export function applyPatch(base: View | null, patch: ViewPatch): View {
  const { patch: _p, turnsFrom, turns, setup, saved, ...rest } = patch;
  const part = setup ?? base?.setup;
  const head = saved.head ?? base?.saved?.head;
  const dataAt = saved.head !== undefined ? saved.dataAt : base?.saved?.dataAt;
  if (part === undefined || head === undefined || (turnsFrom > 0 && (base === null || base.turns.length < turnsFrom))) {
    throw new Error('the view patch does not fit the view it was asked against');
  }
  const baseTurns = base?.turns ?? [];
  const baseSaved = base?.saved?.turns ?? [];
  return {
    ...rest,
    setup: part,
    turns: turnsFrom === baseTurns.length && turns.length === 0 ? baseTurns : [...baseTurns.slice(0, turnsFrom), ...turns],
    saved: {
      head,
      // The definition's own data text: the page's one copy, written into the file's text only to save it.
      ...(dataAt !== undefined ? { dataAt, dataText: part.definition.dataText } : {}),
      turns: saved.turnsFrom === baseSaved.length && saved.turns.length === 0 ? baseSaved : [...baseSaved.slice(0, saved.turnsFrom), ...saved.turns],
      ...(saved.rev !== undefined ? { rev: saved.rev } : {}),
    },
  };
}
