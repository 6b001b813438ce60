// Clojure names PTC-Lisp deliberately leaves out, with what to write instead. Used when an unknown
// name is called, so the LLM gets a direction rather than only "unable to resolve".
const HINTS: Readonly<Record<string, string>> = {
  try: 'There are no exceptions; check values with if/when and end with (fail reason) when the task cannot be done.',
  catch: 'There are no exceptions; check values with if/when and end with (fail reason) when the task cannot be done.',
  throw: 'There are no exceptions; use (fail reason) to end the program with a failure.',
  atom: 'There is no mutable state; thread values through let, loop/recur or reduce, and keep results with def.',
  'swap!': 'There is no mutable state; compute the new value and (def name value) it.',
  'reset!': 'There is no mutable state; compute the new value and (def name value) it.',
  deref: 'There are no atoms or refs.',
  defmacro: 'Macros are not supported; write a function with defn.',
  eval: 'eval is not available; write the expression directly.',
  'read-string': 'read-string is not available; use parse-long or parse-double for numbers.',
  ns: 'Namespaces cannot be declared; every program runs in one user namespace.',
  require: 'Nothing can be required; clojure.string (str/) and clojure.set (set/) are always available.',
  import: 'Java classes cannot be imported.',
  slurp: 'There is no file or network access; use the tool/ functions.',
  spit: 'There is no file or network access; use the tool/ functions.',
  'lazy-seq': 'Sequences are eager; build vectors with map, filter, range, for.',
  iterate: 'Infinite sequences are not supported; use (range n), loop/recur or reduce.',
  cycle: 'Infinite sequences are not supported; use (range n) or (repeat n x).',
  defmulti: 'Multimethods are not supported; dispatch with cond or case.',
  defmethod: 'Multimethods are not supported; dispatch with cond or case.',
  defprotocol: 'Protocols are not supported; use maps and functions.',
  defrecord: 'Records are not supported; use maps.',
  deftype: 'Types are not supported; use maps.',
  'set!': 'There is no mutable state.',
  binding: 'Dynamic vars are not supported; pass values as arguments.',
  future: 'Use pmap or pcalls for parallel work.',
  promise: 'Use pmap or pcalls for parallel work.',
  while: 'Use loop/recur (with an exit condition) or doseq over a collection.',
  letfn: 'Use defn for named helper functions, or (let [f (fn f [x] ...)] ...).',
  program:
    'A Program value is only an argument to kernel/eval, which runs a program of another mission of a workflow; a session here is one mission, so write the forms directly.',
  capitalize: 'Combine upper-case, lower-case and subs: (str (upper-case (subs s 0 1)) (subs s 1)).',
  'unsigned-bit-shift-right':
    'Integers have no fixed width, so there is no unsigned shift; use bit-shift-right on a non-negative number (mask it first with bit-and).',
  long: 'Use int: it converts to an integer of any size.',
};

// Names the language had and its 2026-08 reference removed, with what to write instead: programs and
// prompts written for the older language meet them.
const REMOVED: Readonly<Record<string, string>> = {
  where: 'Filter with a function: (filter #(> (:price %) 100) coll), (filter #(= (:status %) "open") coll).',
  'all-of': 'Combine predicates with (every-pred p q) or #(and (p %) (q %)).',
  'any-of': 'Combine predicates with (some-fn p q) or #(or (p %) (q %)).',
  'none-of': 'Combine predicates with (complement (some-fn p q)) or #(not (or (p %) (q %))).',
};

/** What to write instead of a name the language no longer has; null for any other name. */
export function removedHint(name: string): string | null {
  return Object.hasOwn(REMOVED, name) ? REMOVED[name] : null;
}

export function unsupportedHint(name: string): string | null {
  return Object.prototype.hasOwnProperty.call(HINTS, name) ? HINTS[name] : null;
}
