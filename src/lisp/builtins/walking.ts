// Builtins: walk, prewalk, postwalk. They rebuild every collection of a value (vectors, lists,
// maps, sets) with a function applied to its parts; a map's parts are its [k v] entries, walked as
// two-item vectors (so a function sees the key and the value too), and the results go back into a
// map as conj would put them. Anything else (strings included) is a leaf.
//
// Values may share structure: 30 nested [x x] are 2^30 leaves in 30 vectors. A walk therefore counts
// every part it hands on, each time it appears, against the value size limit, and each nested
// collection is one level of call depth, so neither a shared nor a deep value can run away.
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

/** The collection `form` again, of the same kind, made of (inner part) for each of its parts `xs`. */
function rebuild(fn: string, form: Value, xs: readonly Value[], inner: Fn1): Value {
  const out = new Array<Value>(xs.length);
  for (let i = 0; i < xs.length; i++) out[i] = inner(xs[i]);
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

// A map's entries are walked as part of the map's own level of depth: nesting counts the
// collections a program built, not the [k v] vectors a walk makes of them.

function prewalk(f: Fn1, form: Value, visits: Visits): Value {
  return prewalkParts(f, f(form), visits, true);
}

/** x (already given to f) with each part prewalked; `nested`: x is a level of depth of its own. */
function prewalkParts(f: Fn1, x: Value, visits: Visits, nested: boolean): Value {
  const xs = partsOf(x);
  if (xs === null) return x;
  visits.add(xs.length);
  const inner: Fn1 = x instanceof PMap ? (entry) => prewalkParts(f, f(entry), visits, false) : (part) => prewalk(f, part, visits);
  if (!nested) return rebuild('prewalk', x, xs, inner);
  const r = visits.r;
  r.enter();
  try {
    return rebuild('prewalk', x, xs, inner);
  } finally {
    r.depth--;
  }
}

function postwalk(f: Fn1, form: Value, visits: Visits): Value {
  const xs = partsOf(form);
  if (xs === null) return f(form);
  visits.add(xs.length);
  const inner: Fn1 = form instanceof PMap ? (entry) => postwalkEntry(f, entry as readonly Value[], visits) : (part) => postwalk(f, part, visits);
  const r = visits.r;
  r.enter();
  let rebuilt: Value;
  try {
    rebuilt = rebuild('postwalk', form, xs, inner);
  } finally {
    r.depth--;
  }
  return f(rebuilt);
}

function postwalkEntry(f: Fn1, [k, v]: readonly Value[], visits: Visits): Value {
  visits.add(2);
  return f([postwalk(f, k, visits), postwalk(f, v, visits)]);
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
    const xs = partsOf(form);
    if (xs === null) return g(form);
    rt().charge(xs.length);
    return g(rebuild('walk', form, xs, f));
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
  (f, form) => {
    return prewalk(fn1('prewalk', f), form, new Visits('prewalk', rt()));
  },
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
  (f, form) => {
    return postwalk(fn1('postwalk', f), form, new Visits('postwalk', rt()));
  },
  {
    params: ['[f form]'],
    examples: [
      ['(postwalk #(if (vector? %) (apply + %) %) [[1 2] [3 4]])', '10'],
      ['(postwalk #(if (keyword? %) (name %) %) {:a [:b]})', '{"a" ["b"]}'],
    ],
  },
);
