// Intrinsic nodes for the hottest builtins (arguments are `Arg`s, see args.ts).
//
// Intrinsics go one step further than a call node for a few builtins that dominate scalar loops
// (arithmetic, comparisons, nth, count, get): each has its own node closure with the JS fast path
// written inline, and falls back to the builtin itself for anything else, so results and errors
// are exactly the builtin's.
import { NODE, read, type Arg } from './args.ts';
import { equals } from './equality.ts';
import type { Loc } from './errors.ts';
import { call1, call2 } from './locate.ts';
import { shapeOf, withShape } from './node-facts.ts';
import { getFlex } from './runtime.ts';
import type { Node } from './scope.ts';
import { PMap, truthy, type PtcFn, type Value } from './values.ts';

/** (f x) for any one-argument builtin. */
export function unaryNode(f: (x: Value) => Value, a: Arg, loc: Loc): Node {
  return (frame) => call1(f, read(frame, a), loc);
}

/** (f x y) for any builtin called with two arguments (`g` is its two-argument entry). */
export function binaryNode(g: (x: Value, y: Value) => Value, a: Arg, b: Arg, loc: Loc): Node {
  return (frame) => {
    const x = read(frame, a);
    return call2(g, x, read(frame, b), loc);
  };
}

type Unary = (f: PtcFn, a: Arg, loc: Loc) => Node;
type Binary = (g: (x: Value, y: Value) => Value, a: Arg, b: Arg, loc: Loc) => Node;

const MAX_SAFE = 9007199254740991;

/** Intrinsic nodes for one-argument calls, by builtin name. Each closure is its own literal (see above). */
export const UNARY_INTRINSICS: ReadonlyMap<string, Unary> = new Map<string, Unary>([
  [
    'inc',
    (f, a, loc) => (frame) => {
      const x = read(frame, a);
      return typeof x === 'number' && Number.isInteger(x) && x < MAX_SAFE ? x + 1 : call1(f, x, loc);
    },
  ],
  [
    'dec',
    (f, a, loc) => (frame) => {
      const x = read(frame, a);
      return typeof x === 'number' && Number.isInteger(x) && x > -MAX_SAFE ? x - 1 : call1(f, x, loc);
    },
  ],
  [
    '-',
    (f, a, loc) => (frame) => {
      const x = read(frame, a);
      return typeof x === 'number' && Number.isInteger(x) ? 0 - x + 0 : call1(f, x, loc);
    },
  ],
  [
    'zero?',
    (f, a, loc) => (frame) => {
      const x = read(frame, a);
      return typeof x === 'number' ? x === 0 : call1(f, x, loc);
    },
  ],
  [
    'pos?',
    (f, a, loc) => (frame) => {
      const x = read(frame, a);
      return typeof x === 'number' ? x > 0 : call1(f, x, loc);
    },
  ],
  [
    'neg?',
    (f, a, loc) => (frame) => {
      const x = read(frame, a);
      return typeof x === 'number' ? x < 0 : call1(f, x, loc);
    },
  ],
  [
    'count',
    (f, a, loc) =>
      withShape(
        (frame) => {
          const x = read(frame, a);
          return Array.isArray(x) ? x.length : call1(f, x, loc);
        },
        { k: 'count', arg: a },
      ),
  ],
  [
    'not',
    (_f, a) => (frame) => {
      const x = read(frame, a);
      return x === null || x === false;
    },
  ],
  ['nil?', (_f, a) => (frame) => read(frame, a) === null],
  ['some?', (_f, a) => (frame) => read(frame, a) !== null],
]);

/** Intrinsic nodes for two-argument calls, by builtin name. */
export const BINARY_INTRINSICS: ReadonlyMap<string, Binary> = new Map<string, Binary>([
  [
    '+',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) {
        const r = x + y;
        if (Number.isSafeInteger(r)) return r;
      }
      return call2(g, x, y, loc);
    },
  ],
  [
    '-',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) {
        const r = x - y;
        if (Number.isSafeInteger(r)) return r + 0;
      }
      return call2(g, x, y, loc);
    },
  ],
  [
    '*',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) {
        const r = x * y;
        if (Number.isSafeInteger(r)) return r + 0;
      }
      return call2(g, x, y, loc);
    },
  ],
  [
    'mod',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y) && y !== 0) {
        const m = x % y;
        return m !== 0 && m < 0 !== y < 0 ? m + y : m + 0;
      }
      return call2(g, x, y, loc);
    },
  ],
  [
    '<',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return typeof x === 'number' && typeof y === 'number' ? x < y : call2(g, x, y, loc);
    },
  ],
  [
    '>',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return typeof x === 'number' && typeof y === 'number' ? x > y : call2(g, x, y, loc);
    },
  ],
  [
    '<=',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return typeof x === 'number' && typeof y === 'number' ? x <= y : call2(g, x, y, loc);
    },
  ],
  [
    '>=',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return typeof x === 'number' && typeof y === 'number' ? x >= y : call2(g, x, y, loc);
    },
  ],
  [
    '=',
    (_g, a, b) => (frame) => {
      const x = read(frame, a);
      return equals(x, read(frame, b));
    },
  ],
  [
    'not=',
    (_g, a, b) => (frame) => {
      const x = read(frame, a);
      return !equals(x, read(frame, b));
    },
  ],
  [
    'min',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y) ? (x <= y ? x : y) : call2(g, x, y, loc);
    },
  ],
  [
    'max',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y) ? (x >= y ? x : y) : call2(g, x, y, loc);
    },
  ],
  [
    'nth',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      if (Array.isArray(x) && typeof y === 'number' && Number.isInteger(y)) return y >= 0 && y < x.length ? (x[y] as Value) : null;
      return call2(g, x, y, loc);
    },
  ],
  [
    'get',
    (g, a, b, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return x instanceof PMap ? (getFlex(x, y) ?? null) : call2(g, x, y, loc);
    },
  ],
]);

// `if` whose test is a comparison or a numeric predicate: the test and the choice of branch in
// one node (one call fewer per `if` in scalar loops). Branches are Args: a local or a constant
// branch is read inline. The test's fast path is the intrinsic's; anything else calls the builtin.

type BranchBinary = (g: (x: Value, y: Value) => Value, a: Arg, b: Arg, t: Arg, e: Arg, loc: Loc) => Node;
type BranchUnary = (f: PtcFn, a: Arg, t: Arg, e: Arg, loc: Loc) => Node;

export const IF_BINARY: ReadonlyMap<string, BranchBinary> = new Map<string, BranchBinary>([
  [
    '<',
    (g, a, b, t, e, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return (typeof x === 'number' && typeof y === 'number' ? x < y : truthy(call2(g, x, y, loc))) ? read(frame, t) : read(frame, e);
    },
  ],
  [
    '>',
    (g, a, b, t, e, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return (typeof x === 'number' && typeof y === 'number' ? x > y : truthy(call2(g, x, y, loc))) ? read(frame, t) : read(frame, e);
    },
  ],
  [
    '<=',
    (g, a, b, t, e, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return (typeof x === 'number' && typeof y === 'number' ? x <= y : truthy(call2(g, x, y, loc))) ? read(frame, t) : read(frame, e);
    },
  ],
  [
    '>=',
    (g, a, b, t, e, loc) => (frame) => {
      const x = read(frame, a);
      const y = read(frame, b);
      return (typeof x === 'number' && typeof y === 'number' ? x >= y : truthy(call2(g, x, y, loc))) ? read(frame, t) : read(frame, e);
    },
  ],
  [
    '=',
    (_g, a, b, t, e) => (frame) => {
      const x = read(frame, a);
      return equals(x, read(frame, b)) ? read(frame, t) : read(frame, e);
    },
  ],
]);

export const IF_UNARY: ReadonlyMap<string, BranchUnary> = new Map<string, BranchUnary>([
  [
    'zero?',
    (f, a, t, e, loc) => (frame) => {
      const x = read(frame, a);
      return (typeof x === 'number' ? x === 0 : truthy(call1(f, x, loc))) ? read(frame, t) : read(frame, e);
    },
  ],
  [
    'pos?',
    (f, a, t, e, loc) => (frame) => {
      const x = read(frame, a);
      return (typeof x === 'number' ? x > 0 : truthy(call1(f, x, loc))) ? read(frame, t) : read(frame, e);
    },
  ],
  [
    'neg?',
    (f, a, t, e, loc) => (frame) => {
      const x = read(frame, a);
      return (typeof x === 'number' ? x < 0 : truthy(call1(f, x, loc))) ? read(frame, t) : read(frame, e);
    },
  ],
  ['nil?', (_f, a, t, e) => (frame) => (read(frame, a) === null ? read(frame, t) : read(frame, e))],
  ['some?', (_f, a, t, e) => (frame) => (read(frame, a) !== null ? read(frame, t) : read(frame, e))],
  [
    'not',
    (_f, a, t, e) => (frame) => {
      const x = read(frame, a);
      return x === null || x === false ? read(frame, t) : read(frame, e);
    },
  ],
]);

/** (if test then else) for any test. */
export function ifNode(test: Arg, t: Arg, e: Arg): Node {
  return (frame) => (truthy(read(frame, test)) ? read(frame, t) : read(frame, e));
}

/** The operand of `(count x)` when `a` is that call on a local or a constant (read without a call), else null. */
export function countOperand(a: Arg): Arg | null {
  if (a.k !== NODE) return null;
  const s = shapeOf(a.n);
  return s !== undefined && s.k === 'count' && s.arg.k !== NODE ? s.arg : null;
}
