// What an analyzed node is made of, recorded at analysis time: one record per node, in one table.
// - `shape`: so an enclosing form can run the node inline instead of calling it. `loop` uses it:
//   when its body is an `if` whose one branch is a direct recur (possibly inside plain-name lets),
//   the loop node runs the test, the lets and the recur itself, so an iteration makes no calls for
//   them (see forms/loops.ts).
// - `ir`: for the compiler to JavaScript (jit/compile.ts). Only the forms the compiler writes out
//   inline get one: builtin calls, keyword lookups, the conditionals, plain-name let and loop,
//   direct recur, do. Any other node is called as it is.
import type { Arg } from './args.ts';
import type { Loc } from './errors.ts';
import type { Node } from './scope.ts';
import type { Keyword, Value } from './values.ts';

/** The test of an `if` fused with a two-argument comparison (`name` is the builtin's, `g` its two-argument entry). */
export interface TestShape {
  readonly k: 'binary';
  readonly name: string;
  readonly g: (x: Value, y: Value) => Value;
  readonly a: Arg;
  readonly b: Arg;
  readonly loc: Loc;
}

export type Shape =
  /** recur into plain-name slots: all args are read, then all stored. */
  | { readonly k: 'recur'; readonly args: readonly Arg[]; readonly slots: readonly number[] }
  /** let of plain names only, bound in order, then one body node. */
  | { readonly k: 'let'; readonly slots: readonly number[]; readonly values: readonly Arg[]; readonly body: Node }
  /** if with a fused comparison test (other ifs record no shape). */
  | { readonly k: 'if'; readonly test: TestShape; readonly then: Arg; readonly else: Arg }
  /** (count x): the intrinsic node, `arg` its operand. */
  | { readonly k: 'count'; readonly arg: Arg };

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

/** Everything recorded about one node (each part is set by its own recorder, in any order). */
interface NodeFacts {
  shape: Shape | undefined;
  ir: Ir | undefined;
}

const facts = new WeakMap<Node, NodeFacts>();

function factsOf(node: Node): NodeFacts {
  let f = facts.get(node);
  if (f === undefined) {
    f = { shape: undefined, ir: undefined };
    facts.set(node, f);
  }
  return f;
}

/** Record what `node` is made of, for enclosing forms; returns the node. */
export function withShape<N extends Node>(node: N, shape: Shape): N {
  factsOf(node).shape = shape;
  return node;
}

export function shapeOf(node: Node): Shape | undefined {
  return facts.get(node)?.shape;
}

/** Record what `node` is made of, for the compiler; returns the node. */
export function withIr<N extends Node>(node: N, ir: Ir): N {
  factsOf(node).ir = ir;
  return node;
}

export function irOf(node: Node): Ir | undefined {
  return facts.get(node)?.ir;
}
