// Builtins: walk, prewalk, postwalk. They rebuild every collection of a value (vectors, lists,
// maps, sets) with a function applied to its parts; a map's parts are its [k v] entries, walked as
// two-item vectors (so a function sees the key and the value too), and the results go back into a
// map as conj would put them. Anything else (strings included) is a leaf.
//
// Values may share structure: 30 nested [x x] are 2^30 leaves in 30 vectors. A walk therefore counts
// every part it hands on, each time it appears, against the value size limit, and each nested
// collection is one level of call depth (a map's entries share the map's level: depth counts the
// collections a program built, not the vectors a walk makes of entries). The walks keep their own
// stack of levels, so however deep a value nests, the JavaScript stack does not run out.
import { PtcError } from '../errors.ts';
import { rt, type Runtime } from '../runtime.ts';
import { MapBuilder, PList, PMap, PSet, type Value } from '../values.ts';
import { addEntry } from './build.ts';
import { fn1, type Fn1 } from './callers.ts';
import { builtin, builtinArea } from './registry.ts';

/** The parts of a collection, or null for a leaf. */
function partsOf(form: Value): readonly Value[] | null {
  if (Array.isArray(form)) return form;
  if (form instanceof PList) return form.items;
  if (form instanceof PMap) return form.entries();
  if (form instanceof PSet) return form.values();
  return null;
}

/** A collection of the kind of `form` made of `out` (the new parts, in order). */
function rebuild(fn: string, form: Value, out: Value[]): Value {
  if (Array.isArray(form)) return out;
  if (form instanceof PList) return new PList(out);
  if (form instanceof PSet) return PSet.from(out);
  const b = new MapBuilder();
  for (let i = 0; i < out.length; i++) addEntry(fn, b, out[i]);
  // A part that became a map adds all its entries: the map may grow.
  rt().checkGrowing(b.size, 'map');
  return b.build();
}

/** One walk's count of the parts it handed on, shared parts counted each time. */
class Visits {
  private n = 0;
  constructor(
    private readonly fn: string,
    readonly r: Runtime,
  ) {}

  add(k: number): void {
    const r = this.r;
    r.charge(k);
    if ((this.n += k) > r.limits.maxValueSize) {
      throw new PtcError(
        'memory_exceeded',
        `${this.fn} visits more than ${r.limits.maxValueSize} values (a part that appears several times is visited each time); walk a smaller value`,
      );
    }
  }
}

/** A collection being walked: its parts, the results so far, and whether it is a level of depth. */
interface Level {
  readonly form: Value;
  readonly parts: readonly Value[];
  readonly out: Value[];
  i: number;
  readonly nested: boolean;
}

/**
 * The walk of `root`, depth first, on a stack of levels. `pre` (prewalk): f on each node before its
 * parts, and the parts of f's result are walked; else (postwalk): f on each node after its parts, on
 * the collection rebuilt from them.
 */
function walkTree(fn: string, f: Fn1, root: Value, pre: boolean): Value {
  const r = rt();
  const visits = new Visits(fn, r);
  const base = r.depth;
  const stack: Level[] = [];
  let node = root;
  // Whether `node` is an entry of a map being walked (then it is no level of depth of its own).
  let entry = false;
  try {
    for (;;) {
      // Down: open the node; a leaf (or an empty collection) gives its result at once.
      const form = pre ? f(node) : node;
      const parts = partsOf(form);
      let value: Value;
      if (parts === null) {
        value = pre ? form : f(form);
      } else {
        visits.add(parts.length);
        if (!entry) r.enter();
        if (parts.length > 0) {
          stack.push({ form, parts, out: new Array<Value>(parts.length), i: 0, nested: !entry });
          node = parts[0];
          entry = form instanceof PMap;
          continue;
        }
        const empty = rebuild(fn, form, []);
        if (!entry) r.depth--;
        value = pre ? empty : f(empty);
      }
      // Up: hand the result to the collection above; finish each one whose parts are all done.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) return value;
        top.out[top.i++] = value;
        if (top.i < top.parts.length) {
          node = top.parts[top.i];
          entry = top.form instanceof PMap;
          break;
        }
        stack.pop();
        const rebuilt = rebuild(fn, top.form, top.out);
        if (top.nested) r.depth--;
        value = pre ? rebuilt : f(rebuilt);
      }
    }
  } finally {
    // The levels still open when a part failed.
    r.depth = base;
  }
}

// The reference area of the builtins below (registry.ts).
builtinArea('collections');

builtin(
  'walk',
  3,
  'One level: (outer c) where c is the collection form rebuilt from (inner part) of each part; (outer form) for anything else.',
  (inner, outer, form) => {
    const f = fn1('walk', inner);
    const g = fn1('walk', outer);
    const parts = partsOf(form);
    if (parts === null) return g(form);
    rt().charge(parts.length);
    const out = new Array<Value>(parts.length);
    for (let i = 0; i < parts.length; i++) out[i] = f(parts[i]);
    return g(rebuild('walk', form, out));
  },
  {
    params: ['[inner outer form]'],
    examples: [
      ['(walk inc #(apply + %) [1 2 3])', '9'],
      ['(walk inc identity #{1 2})', '#{2 3}'],
      ['(walk (fn [[k v]] [k (* 10 v)]) identity {:a 1 :b 2})', '{:a 10 :b 20}'],
    ],
  },
);
builtin(
  'prewalk',
  2,
  "Top-down: (f form) first, then the same into each part of the result's collections (map entries as [k v]).",
  (f, form) => walkTree('prewalk', fn1('prewalk', f), form, true),
  {
    params: ['[f form]'],
    examples: [
      ['(prewalk #(if (number? %) (inc %) %) [1 [2 3]])', '[2 [3 4]]'],
      ['(prewalk #(if (map? %) (dissoc % :secret) %) {:a {:secret 1 :b 2}})', '{:a {:b 2}}'],
    ],
  },
);
builtin(
  'postwalk',
  2,
  'Bottom-up: every part first, then (f form) on the collection rebuilt from the results (map entries as [k v]).',
  (f, form) => walkTree('postwalk', fn1('postwalk', f), form, false),
  {
    params: ['[f form]'],
    examples: [
      ['(postwalk #(if (vector? %) (apply + %) %) [[1 2] [3 4]])', '10'],
      ['(postwalk #(if (keyword? %) (name %) %) {:a [:b]})', '{"a" ["b"]}'],
    ],
  },
);
