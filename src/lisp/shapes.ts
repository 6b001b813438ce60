// What some nodes are made of, recorded at analysis time so an enclosing form can run them inline
// instead of calling them. `loop` uses it: when its body is an `if` whose one branch is a direct
// recur (possibly inside plain-name lets), the loop node runs the test, the lets and the recur
// itself, so an iteration makes no calls for them (see forms/functions.ts).
import type { Loc } from './errors.ts';
import type { Arg } from './operands.ts';
import type { Node } from './scope.ts';
import type { Value } from './values.ts';

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

const shapes = new WeakMap<Node, Shape>();

/** Record what `node` is made of; returns the node. */
export function withShape(node: Node, shape: Shape): Node {
  shapes.set(node, shape);
  return node;
}

export function shapeOf(node: Node): Shape | undefined {
  return shapes.get(node);
}
