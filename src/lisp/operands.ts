// The nodes of builtin calls and `if` that the analyzer makes when no row of the hot-builtins table
// (hot-builtins.ts) applies (arguments are `Arg`s, see args.ts).
import { NODE, read, type Arg } from './args.ts';
import type { Loc } from './errors.ts';
import { call1, call2 } from './locate.ts';
import { irOf } from './node-facts.ts';
import type { Node } from './scope.ts';
import { truthy, type Value } from './values.ts';

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

/** (if test then else) for any test. */
export function ifNode(test: Arg, t: Arg, e: Arg): Node {
  return (frame) => (truthy(read(frame, test)) ? read(frame, t) : read(frame, e));
}

/** The operand of `(count x)` when `a` is that call on a local or a constant (read without a call), else null. */
export function countOperand(a: Arg): Arg | null {
  if (a.k !== NODE) return null;
  const ir = irOf(a.n);
  return ir !== undefined && ir.k === 'call' && ir.name === 'count' && ir.args.length === 1 && ir.args[0].k !== NODE ? ir.args[0] : null;
}
