// Intrinsic nodes for the hottest builtins (arguments are `Arg`s, see args.ts).
//
// Intrinsics go one step further than a call node for a few builtins that dominate scalar loops
// (arithmetic, comparisons, nth, count, get): each has its own node closure that tries the fast
// path (fast-paths.ts for numbers, which V8 inlines into it) and falls back to the builtin itself
// for anything else, so results and errors are exactly the builtin's.
import { NODE, read, type Arg } from './args.ts';
import { equals } from './equality.ts';
import type { Loc } from './errors.ts';
import {
  addInt,
  decInt,
  greaterEqNum,
  greaterNum,
  incInt,
  lessEqNum,
  lessNum,
  maxInt,
  minInt,
  modInt,
  mulInt,
  negInt,
  negNum,
  posNum,
  subInt,
  zeroNum,
} from './fast-paths.ts';
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

// The general path of an intrinsic, called by its fast path (fast-paths.ts) when that does not
// apply: the builtin itself, its errors located at the call; for a test, its result as a boolean.
function slow1(f: (x: Value) => Value, loc: Loc): (x: Value) => Value {
  return (x) => call1(f, x, loc);
}
function slow2(g: (x: Value, y: Value) => Value, loc: Loc): (x: Value, y: Value) => Value {
  return (x, y) => call2(g, x, y, loc);
}
function test1(f: (x: Value) => Value, loc: Loc): (x: Value) => boolean {
  return (x) => truthy(call1(f, x, loc));
}
function test2(g: (x: Value, y: Value) => Value, loc: Loc): (x: Value, y: Value) => boolean {
  return (x, y) => truthy(call2(g, x, y, loc));
}

type Unary = (f: PtcFn, a: Arg, loc: Loc) => Node;
type Binary = (g: (x: Value, y: Value) => Value, a: Arg, b: Arg, loc: Loc) => Node;

/** Intrinsic nodes for one-argument calls, by builtin name. Each closure is its own literal (see above). */
export const UNARY_INTRINSICS: ReadonlyMap<string, Unary> = new Map<string, Unary>([
  [
    'inc',
    (f, a, loc) => {
      const slow = slow1(f, loc);
      return (frame) => incInt(read(frame, a), slow);
    },
  ],
  [
    'dec',
    (f, a, loc) => {
      const slow = slow1(f, loc);
      return (frame) => decInt(read(frame, a), slow);
    },
  ],
  [
    '-',
    (f, a, loc) => {
      const slow = slow1(f, loc);
      return (frame) => negInt(read(frame, a), slow);
    },
  ],
  [
    'zero?',
    (f, a, loc) => {
      const slow = slow1(f, loc);
      return (frame) => zeroNum(read(frame, a), slow);
    },
  ],
  [
    'pos?',
    (f, a, loc) => {
      const slow = slow1(f, loc);
      return (frame) => posNum(read(frame, a), slow);
    },
  ],
  [
    'neg?',
    (f, a, loc) => {
      const slow = slow1(f, loc);
      return (frame) => negNum(read(frame, a), slow);
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
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => addInt(read(frame, a), read(frame, b), slow);
    },
  ],
  [
    '-',
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => subInt(read(frame, a), read(frame, b), slow);
    },
  ],
  [
    '*',
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => mulInt(read(frame, a), read(frame, b), slow);
    },
  ],
  [
    'mod',
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => modInt(read(frame, a), read(frame, b), slow);
    },
  ],
  [
    '<',
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => lessNum(read(frame, a), read(frame, b), slow);
    },
  ],
  [
    '>',
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => greaterNum(read(frame, a), read(frame, b), slow);
    },
  ],
  [
    '<=',
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => lessEqNum(read(frame, a), read(frame, b), slow);
    },
  ],
  [
    '>=',
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => greaterEqNum(read(frame, a), read(frame, b), slow);
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
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => minInt(read(frame, a), read(frame, b), slow);
    },
  ],
  [
    'max',
    (g, a, b, loc) => {
      const slow = slow2(g, loc);
      return (frame) => maxInt(read(frame, a), read(frame, b), slow);
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
    (g, a, b, t, e, loc) => {
      const test = test2(g, loc);
      return (frame) => (lessNum(read(frame, a), read(frame, b), test) ? read(frame, t) : read(frame, e));
    },
  ],
  [
    '>',
    (g, a, b, t, e, loc) => {
      const test = test2(g, loc);
      return (frame) => (greaterNum(read(frame, a), read(frame, b), test) ? read(frame, t) : read(frame, e));
    },
  ],
  [
    '<=',
    (g, a, b, t, e, loc) => {
      const test = test2(g, loc);
      return (frame) => (lessEqNum(read(frame, a), read(frame, b), test) ? read(frame, t) : read(frame, e));
    },
  ],
  [
    '>=',
    (g, a, b, t, e, loc) => {
      const test = test2(g, loc);
      return (frame) => (greaterEqNum(read(frame, a), read(frame, b), test) ? read(frame, t) : read(frame, e));
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
    (f, a, t, e, loc) => {
      const test = test1(f, loc);
      return (frame) => (zeroNum(read(frame, a), test) ? read(frame, t) : read(frame, e));
    },
  ],
  [
    'pos?',
    (f, a, t, e, loc) => {
      const test = test1(f, loc);
      return (frame) => (posNum(read(frame, a), test) ? read(frame, t) : read(frame, e));
    },
  ],
  [
    'neg?',
    (f, a, t, e, loc) => {
      const test = test1(f, loc);
      return (frame) => (negNum(read(frame, a), test) ? read(frame, t) : read(frame, e));
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
