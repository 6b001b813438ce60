// Calling a closure made by fn or defn: one frame per call, the parameters bound into it, and the
// body re-run while it returns the RECUR sentinel. The common shapes (one or two plain parameters)
// get written-out entries, and batch entries for map, filter and reduce; any other shape goes
// through the general entry. Analysis of the fn form itself is in functions.ts.
import type { SpreadFn } from '../builtins/registry.ts';
import type { Binder } from '../destructure.ts';
import { arityError, type Loc } from '../errors.ts';
import { CLOCK_EVERY, loopLimitError, rt, type Runtime } from '../runtime.ts';
import type { Frame, Node } from '../scope.ts';
import { EACH_FILTER, EACH_MAP, makeFn, type Each1, type FnMeta, type Fold2, type PtcFn, type Value } from '../values.ts';
import { recurArgsNow, RECUR_VALUE } from './recur-args.ts';

export interface Arity {
  fixed: number;
  variadic: boolean;
  params: Binder[];
  rest: Binder | null;
  body: Node;
  display: string;
  /** recur stores straight into the parameter slots (fixed arity, plain names). */
  direct: boolean;
  /** The body's key for the compiler (see unitKey). */
  key: string;
}

/** What analysis settled about one fn form: everything a call needs, shared by all its closures. */
export interface FnShape {
  readonly arities: Arity[];
  /** Readers of the captured values, from the frame the fn form is evaluated in. */
  readonly captures: ((frame: Frame) => Value)[];
  readonly nslots: number;
  /** The slot of the fn's own name (`(fn self [x] …)`), 0 when it has none. */
  readonly selfSlot: number;
  readonly name: string | null;
  /** Set for a defn'd function: its results feed the return-type record of the user/ namespace. */
  readonly defName: string | null;
  readonly loc: Loc;
  readonly meta: FnMeta;
}

function bindArgs(a: Arity, frame: Frame, args: readonly Value[]): void {
  for (let i = 0; i < a.fixed; i++) a.params[i](frame, args[i]);
  if (a.rest !== null) a.rest(frame, args.length > a.fixed ? args.slice(a.fixed) : null);
}

function seqOf(v: Value): Value[] {
  return Array.isArray(v) ? [...v] : [v];
}

function describeArities(arities: Arity[]): string {
  const counts = arities.map((a) => (a.variadic ? `${a.fixed}+` : String(a.fixed)));
  return counts.length === 1 ? counts[0] : counts.slice(0, -1).join(', ') + ' or ' + counts[counts.length - 1];
}

/** Finish a call of arity `a` whose body gave `first`: re-run the body while it recurs. */
function runBody(shape: FnShape, a: Arity, frame: Frame, r: Runtime, first: Value): Value {
  let result = first;
  let iterations = 0;
  for (;;) {
    if (result !== RECUR_VALUE) {
      if (shape.defName !== null) r.noteReturn(shape.defName, result);
      return result;
    }
    if (++iterations > r.limits.maxLoopIterations) throw loopLimitError(`Recursion through recur in ${shape.name ?? 'a function'}`, shape.loc);
    r.tick();
    // Plain-name parameters were stored by the recur node itself.
    if (!a.direct) {
      const next = recurArgsNow();
      if (a.variadic) bindArgs(a, frame, [...next.slice(0, a.fixed), ...(next[a.fixed] === null ? [] : seqOf(next[a.fixed]))]);
      else bindArgs(a, frame, next.slice()); // a copy: destructuring defaults may run this recur again
    }
    result = a.body(frame);
  }
}

/**
 * The frames of one closure. Frames never outlive a call (closures copy what they capture), so a
 * finished call's frame is kept for the next one; a nested (recursive) call finds none and makes its own.
 */
class Frames {
  spare: Frame | null = null;
  /** The closure itself, for its own name's slot (set once it is made). */
  fn: PtcFn | null = null;
  constructor(
    readonly shape: FnShape,
    readonly captured: Value[],
  ) {}

  take(): Frame {
    const frame = this.spare;
    if (frame !== null) {
      this.spare = null;
      return frame;
    }
    return this.fresh();
  }

  fresh(): Frame {
    const frame: Frame = new Array<Value>(this.shape.nslots);
    frame[0] = this.captured;
    if (this.shape.selfSlot !== 0) frame[this.shape.selfSlot] = this.fn;
    return frame;
  }

  /** Drop the locals so a kept frame holds on to no values. */
  release(frame: Frame): void {
    const { nslots, selfSlot } = this.shape;
    for (let i = 1; i < nslots; i++) if (i !== selfSlot) frame[i] = null;
    this.spare = frame;
  }
}

interface Entries {
  impl: (...args: Value[]) => Value;
  each1?: Each1;
  fold2?: Fold2;
  spread?: (args: readonly Value[]) => Value;
}

// The one- and two-parameter entries are written out (no shared helper returning a tuple): they
// run once per item in map, filter, reduce and sort-by. Their per-item tick is written out too
// (r.tick() inline): in a fresh process these loops run in V8's interpreter, where the call cost
// about half as much as the call of the function's body.

function oneParam(shape: FnShape, a: Arity, s0: number, frames: Frames): Entries {
  const { loc, defName } = shape;
  const impl = (x: Value): Value => {
    const r = rt();
    r.enter(loc);
    const frame = frames.take();
    try {
      frame[s0] = x;
      const v = a.body(frame);
      if (v === RECUR_VALUE) return runBody(shape, a, frame, r, v);
      if (defName !== null) r.noteReturn(defName, v);
      return v;
    } finally {
      r.depth--;
      frames.release(frame);
    }
  };
  // The batch entry for map, filter and remove: one enter (the depth check and the first tick),
  // then a tick per further item, as separate calls would; the frame is taken once and not cleared
  // between items (every local is written before it is read in each call).
  const each1: Each1 = (xs, mode, out) => {
    const n = xs.length;
    if (n === 0) return;
    const r = rt();
    r.enter(loc);
    const frame = frames.take();
    try {
      if (mode === EACH_MAP) {
        for (let i = 0; i < n; i++) {
          if (i !== 0 && ++r.ticks >= CLOCK_EVERY) r.clockTick();
          frame[s0] = xs[i];
          let v = a.body(frame);
          if (v === RECUR_VALUE) v = runBody(shape, a, frame, r, v);
          else if (defName !== null) r.noteReturn(defName, v);
          out[i] = v;
        }
      } else {
        const keep = mode === EACH_FILTER;
        for (let i = 0; i < n; i++) {
          if (i !== 0 && ++r.ticks >= CLOCK_EVERY) r.clockTick();
          const x = xs[i];
          frame[s0] = x;
          let v = a.body(frame);
          if (v === RECUR_VALUE) v = runBody(shape, a, frame, r, v);
          else if (defName !== null) r.noteReturn(defName, v);
          if ((v !== null && v !== false) === keep) out.push(x);
        }
      }
    } finally {
      r.depth--;
      frames.release(frame);
    }
  };
  return { impl: impl as Entries['impl'], each1 };
}

function twoParams(shape: FnShape, a: Arity, s0: number, s1: number, frames: Frames): Entries {
  const { loc, defName } = shape;
  const impl = (x: Value, y: Value): Value => {
    const r = rt();
    r.enter(loc);
    const frame = frames.take();
    try {
      frame[s0] = x;
      frame[s1] = y;
      const v = a.body(frame);
      if (v === RECUR_VALUE) return runBody(shape, a, frame, r, v);
      if (defName !== null) r.noteReturn(defName, v);
      return v;
    } finally {
      r.depth--;
      frames.release(frame);
    }
  };
  // The batch entry for reduce (see oneParam's each1).
  const fold2: Fold2 = (acc, xs, from) => {
    const n = xs.length;
    if (from >= n) return acc;
    const r = rt();
    r.enter(loc);
    const frame = frames.take();
    try {
      for (let i = from; i < n; i++) {
        if (i !== from && ++r.ticks >= CLOCK_EVERY) r.clockTick();
        frame[s0] = acc;
        frame[s1] = xs[i];
        let v = a.body(frame);
        if (v === RECUR_VALUE) v = runBody(shape, a, frame, r, v);
        else if (defName !== null) r.noteReturn(defName, v);
        acc = v;
      }
      return acc;
    } finally {
      r.depth--;
      frames.release(frame);
    }
  };
  return { impl: impl as Entries['impl'], fold2 };
}

/** Any other shape: the arity chosen by the argument count, destructuring and rest arguments. */
function general(shape: FnShape, byCount: ReadonlyMap<number, Arity>, varArity: Arity | null, frames: Frames): Entries {
  const { arities, loc, name } = shape;
  const single = arities.length === 1 ? arities[0] : null;
  const call = (args: readonly Value[]): Value => {
    const a = single ?? byCount.get(args.length) ?? (varArity !== null && args.length >= varArity.fixed ? varArity : null);
    if (a === null || args.length < a.fixed || (!a.variadic && args.length !== a.fixed)) {
      throw arityError(`${name ?? 'anonymous function'} expects ${describeArities(arities)} arguments, got ${args.length}`);
    }
    const r = rt();
    r.enter(loc);
    try {
      const frame = frames.fresh();
      bindArgs(a, frame, args);
      return runBody(shape, a, frame, r, a.body(frame));
    } finally {
      r.depth--;
    }
  };
  // apply with 10⁵ arguments reaches the rest parameter without a JS call that spreads them.
  return { impl: (...args: Value[]): Value => call(args), ...(varArity !== null ? { spread: call } : {}) };
}

/** The node that makes a closure of `shape` each time the fn form is evaluated. */
export function closureNode(shape: FnShape): Node {
  const { arities, captures } = shape;
  const single = arities.length === 1 ? arities[0] : null;
  // The common case, one fixed arity of plain names: no rest array, direct slot stores. Callers
  // (call nodes, invoke, builtins) check the argument count before calling.
  const simple = single !== null && !single.variadic && single.fixed <= 3 && single.params.every((p) => p.slot !== undefined) ? single : null;
  const slots = simple?.params.map((p) => p.slot!) ?? [];
  const byCount = new Map<number, Arity>();
  for (const a of arities) if (!a.variadic) byCount.set(a.fixed, a);
  const varArity = arities.find((a) => a.variadic) ?? null;

  return (outer) => {
    const captured = new Array<Value>(captures.length);
    for (let k = 0; k < captures.length; k++) captured[k] = captures[k](outer);
    const frames = new Frames(shape, captured);
    const entries =
      simple !== null && simple.fixed === 1
        ? oneParam(shape, simple, slots[0], frames)
        : simple !== null && simple.fixed === 2
          ? twoParams(shape, simple, slots[0], slots[1], frames)
          : general(shape, byCount, varArity, frames);
    const fn: PtcFn = makeFn(entries.impl, shape.meta);
    frames.fn = fn;
    if (entries.spread !== undefined) (fn as SpreadFn).spread = entries.spread;
    if (entries.each1 !== undefined) fn.each1 = entries.each1;
    if (entries.fold2 !== undefined) fn.fold2 = entries.fold2;
    return fn as Value;
  };
}
