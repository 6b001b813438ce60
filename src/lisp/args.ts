// Arguments of call nodes.
//
// Node calls made from shared closure code are megamorphic (V8 cannot inline them), so reading a
// local or a constant through its own node costs a full call. A call node therefore keeps each
// argument as an `Arg`: a slot of the current frame, a captured value, a constant, or (otherwise)
// a node; `read` is a plain module function, so V8 inlines it and the common kinds need no call.
import type { Form } from './reader.ts';
import { findLocal, type Ctx, type Frame, type Node } from './scope.ts';
import type { Value } from './values.ts';

export const SLOT = 0;
export const CAP = 1;
export const CONST = 2;
export const NODE = 3;

/** How a call node obtains one argument (one object shape for every kind, so reads stay monomorphic). */
export interface Arg {
  readonly k: number;
  /** Frame slot (SLOT) or index into the captured values (CAP). */
  readonly i: number;
  /** The value (CONST). */
  readonly c: Value;
  /** The node to run (NODE; also set for the other kinds, for callers that need a node). */
  readonly n: Node;
}

/** The Arg for an argument form already analyzed to `node`. */
export function argOf(form: Form, node: Node, ctx: Ctx): Arg {
  if (form.t === 'lit') return { k: CONST, i: 0, c: form.v, n: node };
  if (form.t === 'sym' && form.ns === null) {
    const b = findLocal(ctx.locals, form.name);
    if (b !== undefined) {
      const ref = ctx.fn.refTo(b);
      return { k: ref.k === 'slot' ? SLOT : CAP, i: ref.i, c: null, n: node };
    }
  }
  return { k: NODE, i: 0, c: null, n: node };
}

export function constArg(v: Value): Arg {
  return { k: CONST, i: 0, c: v, n: () => v };
}

export function read(frame: Frame, a: Arg): Value {
  const k = a.k;
  if (k === SLOT) return frame[a.i];
  if (k === CONST) return a.c;
  if (k === CAP) return (frame[0] as Value[])[a.i];
  return a.n(frame);
}
