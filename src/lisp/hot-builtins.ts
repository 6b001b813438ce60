// The hot builtins: the few that dominate scalar loops (arithmetic, comparisons, nth, count, get).
// This table is the one place that names them; one row per builtin and argument count says
// everything the interpreter does faster for it:
// - `node`: its intrinsic node, which tries the fast path (fast-paths.ts for numbers, which V8
//   inlines into it) and falls back to the builtin itself, so results and errors are the builtin's.
//   Each is its own closure literal, so V8 compiles each with its own fast path inlined.
// - `branch`: for a comparison or predicate, an `if` on it: the test and the choice of branch in
//   one node (one call fewer per `if` in scalar loops). Branches are Args, read inline.
// - `template`: the JavaScript the compiler writes for it (jit/emitter.ts): the same fast path, the
//   same fallback (test/lisp/jit.test.ts checks both against each other). It gets its operands as
//   atoms (names of JS locals, or literals), the name `t` of the local to assign, and `slow`, the
//   call of the builtin; it returns JS statements.
// - `boolean`: its result is a boolean on the fast path and from the builtin itself (typed so in
//   builtins/compare.ts and predicates.ts), so compiled code tests it without a nil/false check.
// - `order`: a numeric comparison that a fused loop (forms/loops.ts) runs as its own test.
import { read, type Arg } from './args.ts';
import { equals } from './equality.ts';
import type { Loc } from './errors.ts';
import {
  addInt,
  addIntSource,
  decInt,
  decIntSource,
  greaterEqNum,
  greaterEqNumSource,
  greaterNum,
  greaterNumSource,
  incInt,
  incIntSource,
  intCheckSource,
  lessEqNum,
  lessEqNumSource,
  lessNum,
  lessNumSource,
  maxInt,
  maxIntSource,
  minInt,
  minIntSource,
  modInt,
  modIntSource,
  mulInt,
  mulIntSource,
  negInt,
  negIntSource,
  negNum,
  negNumSource,
  posNum,
  posNumSource,
  subInt,
  subIntSource,
  zeroNum,
  zeroNumSource,
  type FastSource,
} from './fast-paths.ts';
import { call1, call2 } from './locate.ts';
import { getFlex } from './runtime.ts';
import type { Node } from './scope.ts';
import { PMap, truthy, type PtcFn, type Value } from './values.ts';

type Fn2 = (x: Value, y: Value) => Value;

/** The numeric comparisons a fused loop runs itself, as `order`. */
export const LT = 0;
export const GT = 1;
export const LE = 2;
export const GE = 3;

export interface HotUnary {
  readonly node: (f: PtcFn, a: Arg, loc: Loc) => Node;
  readonly branch?: (f: PtcFn, a: Arg, t: Arg, e: Arg, loc: Loc) => Node;
  readonly template: FastSource;
  readonly boolean?: true;
}

export interface HotBinary {
  /** `g` is the builtin's two-argument entry. */
  readonly node: (g: Fn2, a: Arg, b: Arg, loc: Loc) => Node;
  readonly branch?: (g: Fn2, a: Arg, b: Arg, t: Arg, e: Arg, loc: Loc) => Node;
  readonly template: FastSource;
  readonly boolean?: true;
  readonly order?: typeof LT | typeof GT | typeof LE | typeof GE;
}

// The general path of a fast path, called when that does not apply: the builtin itself, its
// errors located at the call; for a test, its result as a boolean.
function slow1(f: (x: Value) => Value, loc: Loc): (x: Value) => Value {
  return (x) => call1(f, x, loc);
}
function slow2(g: Fn2, loc: Loc): Fn2 {
  return (x, y) => call2(g, x, y, loc);
}
function test1(f: (x: Value) => Value, loc: Loc): (x: Value) => boolean {
  return (x) => truthy(call1(f, x, loc));
}
function test2(g: Fn2, loc: Loc): (x: Value, y: Value) => boolean {
  return (x, y) => truthy(call2(g, x, y, loc));
}

/** The hot builtins called with one argument, by name. */
export const HOT_UNARY: ReadonlyMap<string, HotUnary> = new Map<string, HotUnary>([
  [
    'inc',
    {
      node: (f, a, loc) => {
        const slow = slow1(f, loc);
        return (frame) => incInt(read(frame, a), slow);
      },
      template: incIntSource,
    },
  ],
  [
    'dec',
    {
      node: (f, a, loc) => {
        const slow = slow1(f, loc);
        return (frame) => decInt(read(frame, a), slow);
      },
      template: decIntSource,
    },
  ],
  [
    '-',
    {
      node: (f, a, loc) => {
        const slow = slow1(f, loc);
        return (frame) => negInt(read(frame, a), slow);
      },
      template: negIntSource,
    },
  ],
  [
    'zero?',
    {
      node: (f, a, loc) => {
        const slow = slow1(f, loc);
        return (frame) => zeroNum(read(frame, a), slow);
      },
      branch: (f, a, t, e, loc) => {
        const test = test1(f, loc);
        return (frame) => (zeroNum(read(frame, a), test) ? read(frame, t) : read(frame, e));
      },
      template: zeroNumSource,
      boolean: true,
    },
  ],
  [
    'pos?',
    {
      node: (f, a, loc) => {
        const slow = slow1(f, loc);
        return (frame) => posNum(read(frame, a), slow);
      },
      branch: (f, a, t, e, loc) => {
        const test = test1(f, loc);
        return (frame) => (posNum(read(frame, a), test) ? read(frame, t) : read(frame, e));
      },
      template: posNumSource,
      boolean: true,
    },
  ],
  [
    'neg?',
    {
      node: (f, a, loc) => {
        const slow = slow1(f, loc);
        return (frame) => negNum(read(frame, a), slow);
      },
      branch: (f, a, t, e, loc) => {
        const test = test1(f, loc);
        return (frame) => (negNum(read(frame, a), test) ? read(frame, t) : read(frame, e));
      },
      template: negNumSource,
      boolean: true,
    },
  ],
  [
    'count',
    {
      node: (f, a, loc) => (frame) => {
        const x = read(frame, a);
        return Array.isArray(x) ? x.length : call1(f, x, loc);
      },
      template: ([x], t, slow) => `${t} = Array.isArray(${x}) ? ${x}.length : ${slow};`,
    },
  ],
  [
    'not',
    {
      node: (_f, a) => (frame) => {
        const x = read(frame, a);
        return x === null || x === false;
      },
      branch: (_f, a, t, e) => (frame) => {
        const x = read(frame, a);
        return x === null || x === false ? read(frame, t) : read(frame, e);
      },
      template: ([x], t) => `${t} = ${x} === null || ${x} === false;`,
      boolean: true,
    },
  ],
  [
    'nil?',
    {
      node: (_f, a) => (frame) => read(frame, a) === null,
      branch: (_f, a, t, e) => (frame) => (read(frame, a) === null ? read(frame, t) : read(frame, e)),
      template: ([x], t) => `${t} = ${x} === null;`,
      boolean: true,
    },
  ],
  [
    'some?',
    {
      node: (_f, a) => (frame) => read(frame, a) !== null,
      branch: (_f, a, t, e) => (frame) => (read(frame, a) !== null ? read(frame, t) : read(frame, e)),
      template: ([x], t) => `${t} = ${x} !== null;`,
      boolean: true,
    },
  ],
]);

/** The hot builtins called with two arguments, by name. */
export const HOT_BINARY: ReadonlyMap<string, HotBinary> = new Map<string, HotBinary>([
  [
    '+',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => addInt(read(frame, a), read(frame, b), slow);
      },
      template: addIntSource,
    },
  ],
  [
    '-',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => subInt(read(frame, a), read(frame, b), slow);
      },
      template: subIntSource,
    },
  ],
  [
    '*',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => mulInt(read(frame, a), read(frame, b), slow);
      },
      template: mulIntSource,
    },
  ],
  [
    'mod',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => modInt(read(frame, a), read(frame, b), slow);
      },
      template: modIntSource,
    },
  ],
  [
    '<',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => lessNum(read(frame, a), read(frame, b), slow);
      },
      branch: (g, a, b, t, e, loc) => {
        const test = test2(g, loc);
        return (frame) => (lessNum(read(frame, a), read(frame, b), test) ? read(frame, t) : read(frame, e));
      },
      template: lessNumSource,
      boolean: true,
      order: LT,
    },
  ],
  [
    '>',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => greaterNum(read(frame, a), read(frame, b), slow);
      },
      branch: (g, a, b, t, e, loc) => {
        const test = test2(g, loc);
        return (frame) => (greaterNum(read(frame, a), read(frame, b), test) ? read(frame, t) : read(frame, e));
      },
      template: greaterNumSource,
      boolean: true,
      order: GT,
    },
  ],
  [
    '<=',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => lessEqNum(read(frame, a), read(frame, b), slow);
      },
      branch: (g, a, b, t, e, loc) => {
        const test = test2(g, loc);
        return (frame) => (lessEqNum(read(frame, a), read(frame, b), test) ? read(frame, t) : read(frame, e));
      },
      template: lessEqNumSource,
      boolean: true,
      order: LE,
    },
  ],
  [
    '>=',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => greaterEqNum(read(frame, a), read(frame, b), slow);
      },
      branch: (g, a, b, t, e, loc) => {
        const test = test2(g, loc);
        return (frame) => (greaterEqNum(read(frame, a), read(frame, b), test) ? read(frame, t) : read(frame, e));
      },
      template: greaterEqNumSource,
      boolean: true,
      order: GE,
    },
  ],
  [
    '=',
    {
      node: (_g, a, b) => (frame) => {
        const x = read(frame, a);
        return equals(x, read(frame, b));
      },
      branch: (_g, a, b, t, e) => (frame) => {
        const x = read(frame, a);
        return equals(x, read(frame, b)) ? read(frame, t) : read(frame, e);
      },
      template: ([x, y], t) => `${t} = eq(${x}, ${y});`,
      boolean: true,
    },
  ],
  [
    'not=',
    {
      node: (_g, a, b) => (frame) => {
        const x = read(frame, a);
        return !equals(x, read(frame, b));
      },
      template: ([x, y], t) => `${t} = !eq(${x}, ${y});`,
      boolean: true,
    },
  ],
  [
    'min',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => minInt(read(frame, a), read(frame, b), slow);
      },
      template: minIntSource,
    },
  ],
  [
    'max',
    {
      node: (g, a, b, loc) => {
        const slow = slow2(g, loc);
        return (frame) => maxInt(read(frame, a), read(frame, b), slow);
      },
      template: maxIntSource,
    },
  ],
  [
    'nth',
    {
      node: (g, a, b, loc) => (frame) => {
        const x = read(frame, a);
        const y = read(frame, b);
        if (Array.isArray(x) && typeof y === 'number' && Number.isInteger(y)) return y >= 0 && y < x.length ? (x[y] as Value) : null;
        return call2(g, x, y, loc);
      },
      template: ([x, y], t, slow) =>
        `if (Array.isArray(${x}) && ${intCheckSource(y)}) ${t} = ${y} >= 0 && ${y} < ${x}.length ? ${x}[${y}] : null; else ${t} = ${slow};`,
    },
  ],
  [
    'get',
    {
      node: (g, a, b, loc) => (frame) => {
        const x = read(frame, a);
        const y = read(frame, b);
        return x instanceof PMap ? (getFlex(x, y) ?? null) : call2(g, x, y, loc);
      },
      template: ([x, y], t, slow) => `if (${x} instanceof PMap) { ${t} = getFlex(${x}, ${y}); if (${t} === undefined) ${t} = null; } else ${t} = ${slow};`,
    },
  ],
]);

/** The row of builtin `name` called with `n` arguments, if it is hot. */
export function hotBuiltin(name: string, n: number): HotUnary | HotBinary | undefined {
  return n === 1 ? HOT_UNARY.get(name) : n === 2 ? HOT_BINARY.get(name) : undefined;
}
