// The shape of one reference entry: what `(doc name)`, `ptc doc` and the reference test read.

/** How a name is handled: by the analyzer (special form, macro), as a function value, or as a constant value. */
export type EntryKind = 'special-form' | 'macro' | 'function' | 'constant';

/** Groups for listing the reference. */
export type Area =
  | 'collections'
  | 'maps'
  | 'sets'
  | 'strings'
  | 'regex'
  | 'math'
  | 'comparison'
  | 'predicates'
  | 'functions'
  | 'control'
  | 'definitions'
  | 'iteration'
  | 'threading'
  | 'json'
  | 'interop'
  | 'agent';

/**
 * A program and what it gives, as printValue prints it; `error: TYPE` when it fails with that error
 * type, `fail: VALUE` when it ends with (fail VALUE). The reference test runs every one.
 */
export interface RefExample {
  readonly code: string;
  readonly result: string;
}

export interface RefEntry {
  /** The spelling a program writes: `join`, `str/join`, `.getTime`, `->>`. */
  readonly name: string;
  readonly kind: EntryKind;
  /** Parameter vectors as text, e.g. ['[coll]', '[f coll]']; empty for a constant. */
  readonly arities: readonly string[];
  /** One line. */
  readonly doc: string;
  /** More about it, when one line is not enough. */
  readonly details?: string;
  readonly area: Area;
  readonly examples: readonly RefExample[];
  /** For another spelling of the same thing: the entry it stands for. */
  readonly aliasOf?: string;
}

/** A special form's or macro's entry as written by hand (the name and kind come from the table's key). */
export interface FormDoc {
  readonly kind: 'special-form' | 'macro';
  readonly arities: readonly string[];
  readonly doc: string;
  readonly details?: string;
  readonly area: Area;
  /** [code, result] pairs. */
  readonly examples: readonly (readonly [string, string])[];
  readonly aliasOf?: string;
}
