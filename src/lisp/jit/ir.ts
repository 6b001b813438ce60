// What a node is made of, recorded at analysis time for the compiler to JavaScript (compile.ts).
// Only the forms the compiler writes out inline get a record: builtin calls, keyword lookups, the
// conditionals, plain-name let and loop, direct recur, do. Any other node is called as it is.
import type { Loc } from '../errors.ts';
import type { Arg } from '../operands.ts';
import type { Node } from '../scope.ts';
import type { Keyword, Value } from '../values.ts';

export type Ir =
  /** A builtin known at analysis time, called with its arguments (`f` is its entry for that count). */
  | { readonly k: 'call'; readonly name: string; readonly f: (...args: Value[]) => Value; readonly args: readonly Arg[]; readonly loc: Loc }
  /** (:key m) */
  | { readonly k: 'kw'; readonly key: Keyword; readonly arg: Arg; readonly loc: Loc }
  /** if, when, if-not, when-not (branches swapped by the recorder), cond as nested ifs. */
  | { readonly k: 'if'; readonly test: Arg; readonly then: Arg; readonly else: Arg }
  | { readonly k: 'and' | 'or'; readonly items: readonly Arg[] }
  | { readonly k: 'do'; readonly items: readonly Arg[] }
  /** let of plain names: each value is stored before the next is computed. */
  | { readonly k: 'let'; readonly slots: readonly number[]; readonly values: readonly Arg[]; readonly body: Arg }
  /** loop over plain names. */
  | { readonly k: 'loop'; readonly slots: readonly number[]; readonly inits: readonly Arg[]; readonly body: Arg; readonly loc: Loc }
  /** recur into plain-name slots (of the nearest loop, or of the function's parameters). */
  | { readonly k: 'recur'; readonly args: readonly Arg[]; readonly slots: readonly number[] }
  /** A literal whose value is fixed at analysis (constant vectors, maps, sets). */
  | { readonly k: 'const'; readonly value: Value }
  /** A vector literal with computed items. */
  | { readonly k: 'vec'; readonly items: readonly Arg[] }
  /** A map literal with constant, distinct keys (a record): only the values are computed. */
  | { readonly k: 'record'; readonly keys: readonly Value[]; readonly hashes: readonly unknown[]; readonly values: readonly Arg[] };

const records = new WeakMap<Node, Ir>();

/** Record what `node` is made of; returns the node. */
export function withIr<N extends Node>(node: N, ir: Ir): N {
  records.set(node, ir);
  return node;
}

export function irOf(node: Node): Ir | undefined {
  return records.get(node);
}
