// What an analyzed node is made of, recorded at analysis time: one description per node, read by
// the two things that run a node's parts inline instead of calling it:
// - the compiler to JavaScript (jit/compile.ts), which writes out every node described here;
// - a fused loop (forms/loops.ts): when a loop's body is an `if` on a comparison whose one branch
//   is a direct recur (possibly inside plain-name lets), the loop node runs the test, the lets and
//   the recur itself, so an iteration makes no calls for them.
// Only those forms get one: builtin calls, keyword lookups, the conditionals, plain-name let and
// loop, direct recur, do, and literals. Any other node is called as it is.
import type { Arg } from './args.ts';
import type { Loc } from './errors.ts';
import type { Node } from './scope.ts';
import type { Keyword, Value } from './values.ts';

export type Ir =
  /** A builtin known at analysis time, called with its arguments (`f` is its entry for that count). */
  | { readonly k: 'call'; readonly name: string; readonly f: (...args: Value[]) => Value; readonly args: readonly Arg[]; readonly loc: Loc }
  /** (:key m) */
  | { readonly k: 'kw'; readonly key: Keyword; readonly arg: Arg; readonly loc: Loc }
  /**
   * if, when, if-not, when-not (branches swapped by the recorder), cond as nested ifs. `fused`: an
   * if that runs its test's fast path itself (a `branch` of hot-builtins.ts); its test is that call.
   */
  | { readonly k: 'if'; readonly test: Arg; readonly then: Arg; readonly else: Arg; readonly fused?: true }
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

const facts = new WeakMap<Node, Ir>();

/** Record what `node` is made of; returns the node. */
export function withIr<N extends Node>(node: N, ir: Ir): N {
  facts.set(node, ir);
  return node;
}

export function irOf(node: Node): Ir | undefined {
  return facts.get(node);
}
