// Builtins: function combinators (partial, comp, juxt, complement, fnil, every-pred, some-fn, …) and
// `apply`. Functions they return are builtins with no name; any callable (function, keyword, map,
// set, vector) may be passed in.
import { typeError } from '../errors.ts';
import { invoke, invokeMany } from '../runtime.ts';
import { Keyword, makeFn, PList, PMap, PSet, truthy, type PtcFn, type Value } from '../values.ts';
import { items, kindOf, show } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

/** A function value made by a combinator; variadic unless told otherwise. */
/** The parameter list shown for the functions made here (shared: they are made in loops). */
const NO_PARAMS: readonly string[] = [];

function fnValue(impl: (...args: Value[]) => Value, minArity = 0, maxArity = Infinity): PtcFn {
  return makeFn(impl, { name: null, kind: 'builtin', minArity, maxArity, params: NO_PARAMS });
}

function isCallable(v: Value): boolean {
  return typeof v === 'function' || v instanceof Keyword || v instanceof PMap || v instanceof PSet || Array.isArray(v);
}

function callable(fn: string, v: Value, what = 'a function'): Value {
  if (isCallable(v)) return v;
  throw typeError(`${fn} expected ${what}, got ${kindOf(v)}: ${show(v)}`);
}

// The reference area of the builtins below (registry.ts).
builtinArea('functions');

builtin('identity', 1, 'Return the argument unchanged', (x) => x, { params: ['[x]'], examples: [['(identity 5)', '5']] });

builtin('constantly', 1, 'A function that ignores its arguments and always returns x', (x) => fnValue(() => x), {
  params: ['[x]'],
  examples: [['((constantly 7) 1 2)', '7']],
});

builtin(
  'complement',
  1,
  'A function returning the opposite truth value of f, as a boolean',
  (f) => {
    callable('complement', f);
    return fnValue((...args) => !truthy(invoke(f, args)));
  },
  { params: ['[f]'], examples: [['((complement even?) 3)', 'true']] },
);

builtin(
  'partial',
  [1, Infinity],
  'A function calling f with the given arguments first, then its own',
  (f, ...fixed) => {
    callable('partial', f);
    if (fixed.length === 0) return f;
    return fnValue((...more) => invoke(f, more.length === 0 ? fixed : [...fixed, ...more]));
  },
  { params: ['[f & args]'], examples: [['((partial + 10) 5)', '15']] },
);

builtin(
  'comp',
  [0, Infinity],
  'Compose functions right to left: ((comp f g) x) is (f (g x)); (comp) is identity',
  (...fs) => {
    fs.forEach((f) => callable('comp', f));
    if (fs.length === 0) return fnValue((x) => x, 1, 1);
    if (fs.length === 1) return fs[0];
    return fnValue((...args) => {
      let v = invoke(fs[fs.length - 1], args);
      for (let i = fs.length - 2; i >= 0; i--) v = invoke(fs[i], [v]);
      return v;
    });
  },
  {
    params: ['[& fs]'],
    examples: [
      ['((comp inc inc) 1)', '3'],
      ['((comp str +) 1 2)', '"3"'],
    ],
  },
);

builtin(
  'juxt',
  [0, Infinity],
  'A function returning a vector of each function applied to the arguments',
  (...fs) => {
    fs.forEach((f) => callable('juxt', f));
    return fnValue((...args) => fs.map((f) => invoke(f, args)));
  },
  {
    params: ['[& fs]'],
    examples: [
      ['((juxt :a :b) {:a 1 :b 2})', '[1 2]'],
      ['((juxt first count) [5 6 7])', '[5 3]'],
    ],
  },
);

function fnil(f: Value, defaults: readonly Value[]): PtcFn {
  callable('fnil', f);
  const impl = (...args: Value[]): Value => {
    const patched = args.slice();
    for (let i = 0; i < defaults.length && i < patched.length; i++) if (patched[i] === null) patched[i] = defaults[i];
    return invoke(f, patched);
  };
  if (typeof f !== 'function' || f.ptc.minArity > 2 || f.ptc.maxArity < 2) return fnValue(impl);
  // (update m k (fnil + 0) x) calls it with two arguments: patch them without arrays.
  const h = f.ptc.binary ?? f;
  const d0 = defaults[0];
  const d1 = defaults.length > 1 ? defaults[1] : null;
  const patch1 = defaults.length > 1;
  const binary = (x: Value, y: Value): Value => h(x === null ? d0 : x, patch1 && y === null ? d1 : y);
  return makeFn(impl, { name: null, kind: 'builtin', minArity: 0, maxArity: Infinity, params: NO_PARAMS, binary });
}

builtin(
  'fnil',
  [2, 4],
  'A function like f, but nil arguments in the first positions are replaced by the given defaults',
  (f, ...defaults) => fnil(f, defaults),
  {
    // (fnil f x), the common form, often written inside the function a loop calls: no argument array.
    binary: (f, d0) => fnil(f, [d0]),
    params: ['[f x]', '[f x y]', '[f x y z]'],
    examples: [
      ['((fnil inc 0) nil)', '1'],
      ['(update {} :n (fnil inc 0))', '{:n 1}'],
    ],
  },
);

builtinArea('predicates');
builtin(
  'every-pred',
  [1, Infinity],
  'A predicate true (a boolean) when every predicate holds for every argument',
  (...ps) => {
    ps.forEach((p) => callable('every-pred', p, 'predicate functions'));
    return fnValue((...args) => {
      for (const p of ps) for (const a of args) if (!truthy(invoke(p, [a]))) return false;
      return true;
    });
  },
  { params: ['[p & ps]'], examples: [['((every-pred number? pos?) 3)', 'true']] },
);

builtin(
  'some-fn',
  [1, Infinity],
  'A function returning the first truthy result of any predicate on any argument',
  (...ps) => {
    ps.forEach((p) => callable('some-fn', p, 'predicate functions'));
    return fnValue((...args) => {
      let last: Value = null;
      for (const p of ps) {
        for (const a of args) {
          last = invoke(p, [a]);
          if (truthy(last)) return last;
        }
      }
      return last;
    });
  },
  { params: ['[p & ps]'], examples: [['((some-fn :a :b) {:b 2})', '2']] },
);

builtinArea('functions');
builtin(
  'apply',
  [2, Infinity],
  'Call f with the items of the last argument (a vector, list, set, map or string) as its arguments, after any others',
  (f, ...rest) => {
    const last = rest[rest.length - 1];
    if (!(Array.isArray(last) || last instanceof PList || last instanceof PSet || last instanceof PMap || typeof last === 'string')) {
      throw typeError(`apply expected a collection as its last argument, got ${kindOf(last)}: ${show(last)}`);
    }
    const spread = items('apply', last);
    const args = rest.length === 1 ? spread.slice() : rest.slice(0, -1).concat(spread);
    return invokeMany(f, args);
  },
  {
    params: ['[f coll]', '[f x & args+coll]'],
    examples: [
      ['(apply + 1 2 [3 4])', '10'],
      ['(apply max [3 9 2])', '9'],
    ],
  },
);
