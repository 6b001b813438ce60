// Where an error happened: the location of the node that was running, attached as the error passes
// through it, and calls of a builtin from a node that do so. Shared by the nodes (analyzer.ts,
// operands.ts, forms/) and compiled code (jit/).
import { asPtcError, PtcError, type Loc } from './errors.ts';
import type { PtcFn, Value } from './values.ts';

/**
 * Attach the location of the node that was running when an error passed through. A JavaScript
 * error (a fault of a builtin, the stack or the heap) becomes a language error here, at the
 * innermost call, where the function that was called (`f`) is known.
 */
export function locate(e: unknown, loc: Loc, f?: unknown): unknown {
  if (e instanceof PtcError) return e.at(loc);
  const p = asPtcError(e, typeof f === 'function' ? ((f as Partial<PtcFn>).ptc?.name ?? null) : null);
  return p === null ? e : p.at(loc);
}

export function call1(f: (x: Value) => Value, x: Value, loc: Loc): Value {
  try {
    return f(x);
  } catch (e) {
    throw locate(e, loc, f);
  }
}

export function call2(g: (x: Value, y: Value) => Value, x: Value, y: Value, loc: Loc): Value {
  try {
    return g(x, y);
  } catch (e) {
    throw locate(e, loc, g);
  }
}
