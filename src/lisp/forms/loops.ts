// loop and recur. A loop over plain names stores into the frame directly (and may be fused with its
// `if` test, or compiled to JavaScript when it runs long); recur returns the RECUR sentinel after
// storing the next values, and the enclosing loop or fn runs its body again.
import { documentForm } from '../reference/form-docs.ts';
import { analyze, analyzeBody, invalid, specialForms } from '../analyzer.ts';
import { compilePattern, type Binder } from '../destructure.ts';
import type { Loc } from '../errors.ts';
import { loopLimitError, rt } from '../runtime.ts';
import { passRecurArgs, recurArgsNow, RECUR_VALUE } from './recur-args.ts';
import { argOf, constArg, NODE, read, type Arg } from '../args.ts';
import { greaterEqNum, greaterNum, lessEqNum, lessNum } from '../fast-paths.ts';
import { call2 } from '../locate.ts';
import { irOf, withIr } from '../node-facts.ts';
import { countOperand } from '../operands.ts';
import { GT, HOT_BINARY, LE, LT } from '../hot-builtins.ts';
import { compileLoop, jitSettings, tierUpAt, unitKey, type LoopUnit } from '../jit/compile.ts';
import { type FnScope, type Ctx, type Node } from '../scope.ts';
import { truthy, type Value } from '../values.ts';

documentForm('loop', {
  kind: 'special-form',
  arities: ['[[bindings*] & body]'],
  doc: 'Bind names as let does and mark the point that recur in the body jumps back to.',
  details: 'Each pass counts toward the maxLoopIterations limit, so a loop that never ends stops with loop_limit_exceeded.',
  area: 'iteration',
  examples: [
    ['(loop [i 0 acc 0] (if (< i 5) (recur (inc i) (+ acc i)) acc))', '10'],
    ['(loop [[head & tail] [1 2 3 4] sum 0] (if head (recur tail (+ sum head)) sum))', '10'],
  ],
});
specialForms.set('loop', (form, ctx) => {
  const [, bindings, ...body] = form.items;
  if (bindings === undefined || bindings.t !== 'vec') invalid('loop bindings must be a vector, e.g. (loop [i 0 acc []] ...)', form.loc);
  if (bindings.items.length % 2 !== 0) invalid('loop bindings require an even number of forms (name value pairs)', bindings.loc);
  let c: Ctx = { ...ctx, tail: false };
  const inits: Node[] = [];
  const initArgs: Arg[] = [];
  const binders: Binder[] = [];
  for (let i = 0; i < bindings.items.length; i += 2) {
    const init = analyze(bindings.items[i + 1], c);
    inits.push(init);
    initArgs.push(argOf(bindings.items[i + 1], init, c));
    let b: Binder;
    [c, b] = compilePattern(bindings.items[i], c, analyze);
    binders.push(b);
  }
  const slots = binders.every((b) => b.slot !== undefined) ? binders.map((b) => b.slot!) : null;
  const bodyNode = analyzeBody(body, { ...c, tail: true, recur: { arity: binders.length, what: 'loop', slots } });
  const n = binders.length;
  const loc = form.loc;
  if (slots !== null) {
    // The loop as the compiler sees it (an enclosing function body may compile it inline).
    const bodyArg: Arg = body.length === 1 ? argOf(body[0], bodyNode, c) : { k: NODE, i: 0, c: null, n: bodyNode };
    const ir = { k: 'loop', slots, inits: initArgs, body: bodyArg, loc } as const;
    if (!jitSettings.enabled) return withIr(fusedLoop(inits, slots, bodyNode, c.fn, loc, null) ?? plainLoop(inits, slots, bodyNode, loc, null), ir);
    // Interpreted at first; a loop that keeps going is compiled and the compiled loop takes over
    // where the interpreter stopped, then runs this loop from the start every later time.
    let compiled: LoopUnit | null = null;
    let compilable = true;
    const key = unitKey(loc.line, loc.column);
    const tierUp = (late: boolean): LoopUnit | null => {
      if (!compilable) return null;
      const unit = compileLoop(node, key, late);
      if (unit === null) compilable = false;
      else if (unit !== undefined) compiled = unit;
      return compiled;
    };
    const closures = fusedLoop(inits, slots, bodyNode, c.fn, loc, tierUp) ?? plainLoop(inits, slots, bodyNode, loc, tierUp);
    const node: Node = withIr((frame) => (compiled ? compiled(frame) : closures(frame)), ir);
    return node;
  }
  return (frame) => {
    for (let i = 0; i < n; i++) binders[i](frame, inits[i](frame));
    const r = rt();
    const max = r.limits.maxLoopIterations;
    let iterations = 0;
    for (;;) {
      const result = bodyNode(frame);
      if (result !== RECUR_VALUE) return result;
      if (++iterations > max) throw loopLimitError('loop', loc);
      r.tick();
      const next = recurArgsNow().slice(); // a copy: destructuring defaults may run this recur again
      for (let i = 0; i < n; i++) binders[i](frame, next[i]);
    }
  };
});

/** A loop over plain names: store straight into the frame; recur stores the next values itself. */
function plainLoop(inits: Node[], slots: readonly number[], bodyNode: Node, loc: Loc, tierUp: TierUp | null): Node {
  const n = inits.length;
  return (frame) => {
    for (let i = 0; i < n; i++) frame[slots[i]] = inits[i](frame);
    const r = rt();
    const max = r.limits.maxLoopIterations;
    let iterations = 0;
    for (;;) {
      const result = bodyNode(frame);
      if (result !== RECUR_VALUE) return result;
      if (++iterations > max) throw loopLimitError('loop', loc);
      r.tick();
      const unit = takeOver(tierUp, iterations);
      if (unit !== null) return unit(frame, iterations);
    }
  };
}

/** Compiles the loop; the closures hand over to it when a loop runs long (see jitSettings). */
type TierUp = (late: boolean) => LoopUnit | null;

/** After iteration `iterations` of a loop: the compiled loop to continue in, if it is time and there is one. */
function takeOver(tierUp: TierUp | null, iterations: number): LoopUnit | null {
  if (tierUp === null || (iterations !== jitSettings.hot && iterations !== jitSettings.cold && iterations !== jitSettings.late)) return null;
  const late = tierUpAt(iterations);
  return late === null ? null : tierUp(late);
}

/** What one branch of a fused loop's `if` does when it recurs: plain-name lets, then the recur. */
interface Step {
  letSlots: number[];
  letValues: Arg[];
  args: readonly Arg[];
  argSlots: readonly number[];
}

/** The step of a branch that is a direct recur, possibly inside plain-name lets; else null. */
function stepOf(branch: Arg): Step | null {
  const letSlots: number[] = [];
  const letValues: Arg[] = [];
  let a = branch;
  for (;;) {
    if (a.k !== NODE) return null;
    const ir = irOf(a.n);
    if (ir === undefined) return null;
    if (ir.k === 'recur') return { letSlots, letValues, args: ir.args, argSlots: ir.slots };
    if (ir.k !== 'let') return null;
    letSlots.push(...ir.slots);
    letValues.push(...ir.values);
    a = ir.body;
  }
}

const NIL_ARG: Arg = constArg(null);

/**
 * A loop over plain names whose body is `(if (< a b) … (recur …) …)` (an if fused with any
 * comparison that has an `order` in hot-builtins.ts), the recur possibly inside plain-name lets:
 * the loop node runs the test, the lets and the recur itself, so an iteration calls only the
 * nodes of their operands, and `(count local)` in the test is read inline. Written out for up to
 * 2 let bindings and 4 recur arguments, padded with nil constants stored into a spare slot
 * (`sink`): measured, loops over arrays of operands or a shared test function cost more than the
 * calls saved. Order of evaluation, loop limit, clock and errors are those of the nodes it
 * replaces (the same fast paths, from fast-paths.ts, and fallbacks). Only an `if` that fused its
 * test qualifies, not when or if-not: measured, a body as small as (recur (inc i) (+ acc i)) runs
 * about 15% faster with the plain closures, while a loop over (count xs) with nth gains as much.
 */
function fusedLoop(inits: Node[], slots: readonly number[], body: Node, scope: FnScope, loc: Loc, tierUp: TierUp | null): Node | null {
  const cond = irOf(body);
  if (cond === undefined || cond.k !== 'if' || cond.fused !== true || cond.test.k !== NODE) return null;
  const test = irOf(cond.test.n);
  if (test === undefined || test.k !== 'call' || test.args.length !== 2) return null;
  const op = HOT_BINARY.get(test.name)?.order;
  if (op === undefined) return null;
  let step = stepOf(cond.then);
  let onTrue = true;
  let exit = cond.else;
  if (step === null) {
    step = stepOf(cond.else);
    onTrue = false;
    exit = cond.then;
  }
  if (step === null || step.letSlots.length > 2 || step.args.length > 4) return null;
  const sink = scope.alloc();
  const [ta, tb] = test.args;
  const { f: g, loc: testLoc } = test;
  const ca = countOperand(ta) ?? NIL_ARG;
  const cb = countOperand(tb) ?? NIL_ARG;
  const pad = <T>(xs: readonly T[], n: number, fill: T): T[] => [...xs, ...new Array<T>(n - xs.length).fill(fill)];
  const [l0, l1] = pad(step.letSlots, 2, sink);
  const [v0, v1] = pad(step.letValues, 2, NIL_ARG);
  const [a0, a1, a2, a3] = pad(step.args, 4, NIL_ARG);
  const [s0, s1, s2, s3] = pad(step.argSlots, 4, sink);
  const n = inits.length;
  const slowTest = (x: Value, y: Value): boolean => truthy(call2(g, x, y, testLoc));
  return (frame) => {
    for (let i = 0; i < n; i++) frame[slots[i]] = inits[i](frame);
    const r = rt();
    const max = r.limits.maxLoopIterations;
    let iterations = 0;
    for (;;) {
      const cx = read(frame, ca);
      const x = Array.isArray(cx) ? cx.length : read(frame, ta);
      const cy = read(frame, cb);
      const y = Array.isArray(cy) ? cy.length : read(frame, tb);
      const test =
        op === LT ? lessNum(x, y, slowTest) : op === GT ? greaterNum(x, y, slowTest) : op === LE ? lessEqNum(x, y, slowTest) : greaterEqNum(x, y, slowTest);
      if (test === onTrue) {
        frame[l0] = read(frame, v0);
        frame[l1] = read(frame, v1);
        const x0 = read(frame, a0);
        const x1 = read(frame, a1);
        const x2 = read(frame, a2);
        const x3 = read(frame, a3);
        frame[s0] = x0;
        frame[s1] = x1;
        frame[s2] = x2;
        frame[s3] = x3;
      } else {
        const result = read(frame, exit);
        if (result !== RECUR_VALUE) return result;
      }
      if (++iterations > max) throw loopLimitError('loop', loc);
      r.tick();
      const unit = takeOver(tierUp, iterations);
      if (unit !== null) return unit(frame, iterations);
    }
  };
}

documentForm('recur', {
  kind: 'special-form',
  arities: ['[& values]'],
  doc: 'Jump back to the nearest loop or fn with new values for its bindings, without growing the stack.',
  details: 'Only allowed in tail position, and with as many values as the loop has bindings (or the function parameters).',
  area: 'iteration',
  examples: [
    ['((fn [n acc] (if (> n 0) (recur (dec n) (* acc n)) acc)) 5 1)', '120'],
    ['(loop [i 0] (if (< i 3) (recur (inc i) 1) i))', 'error: invalid_arity'],
    ['(recur 1)', 'error: invalid_form'],
  ],
});
specialForms.set('recur', (form, ctx) => {
  const args = form.items.slice(1);
  if (ctx.recur === null) invalid('recur can only be used inside loop or fn', form.loc);
  if (!ctx.tail) invalid('recur must be in tail position (the last thing evaluated in its loop or fn)', form.loc);
  if (args.length !== ctx.recur.arity) {
    invalid(
      `recur expects ${ctx.recur.arity} argument${ctx.recur.arity === 1 ? '' : 's'} (one per ${ctx.recur.what} binding), got ${args.length}`,
      form.loc,
      'invalid_arity',
    );
  }
  const nodes = args.map((a) => analyze(a, { ...ctx, tail: false }));
  if (ctx.recur.slots !== null) {
    const argList = args.map((f, i) => argOf(f, nodes[i], ctx));
    return withIr(directRecur(argList, ctx.recur.slots), { k: 'recur', args: argList, slots: ctx.recur.slots });
  }
  // Arguments are evaluated into locals first, then published in a buffer owned by this node: an
  // argument may itself run this same loop (through a call), which reuses the buffer meanwhile.
  const buffer = new Array<Value>(nodes.length);
  switch (nodes.length) {
    case 1: {
      const [a] = nodes;
      return (frame) => {
        buffer[0] = a(frame);
        passRecurArgs(buffer);
        return RECUR_VALUE;
      };
    }
    case 2: {
      const [a, b] = nodes;
      return (frame) => {
        const x = a(frame);
        buffer[1] = b(frame);
        buffer[0] = x;
        passRecurArgs(buffer);
        return RECUR_VALUE;
      };
    }
    case 3: {
      const [a, b, c] = nodes;
      return (frame) => {
        const x = a(frame);
        const y = b(frame);
        buffer[2] = c(frame);
        buffer[0] = x;
        buffer[1] = y;
        passRecurArgs(buffer);
        return RECUR_VALUE;
      };
    }
    case 4: {
      const [a, b, c, d] = nodes;
      return (frame) => {
        const x = a(frame);
        const y = b(frame);
        const z = c(frame);
        buffer[3] = d(frame);
        buffer[0] = x;
        buffer[1] = y;
        buffer[2] = z;
        passRecurArgs(buffer);
        return RECUR_VALUE;
      };
    }
  }
  return (frame) => {
    const vals = new Array<Value>(nodes.length);
    for (let i = 0; i < nodes.length; i++) vals[i] = nodes[i](frame);
    passRecurArgs(vals);
    return RECUR_VALUE;
  };
});

/**
 * recur into plain-name bindings: every argument is evaluated into a JS local first (they read the
 * current values), then all are stored into their slots; the loop or function just runs again.
 */
function directRecur(args: Arg[], slots: readonly number[]): Node {
  switch (args.length) {
    case 0:
      return () => RECUR_VALUE;
    case 1: {
      const [a] = args;
      const [s0] = slots;
      return (frame) => {
        frame[s0] = read(frame, a);
        return RECUR_VALUE;
      };
    }
    case 2: {
      const [a, b] = args;
      const [s0, s1] = slots;
      return (frame) => {
        const x = read(frame, a);
        frame[s1] = read(frame, b);
        frame[s0] = x;
        return RECUR_VALUE;
      };
    }
    case 3: {
      const [a, b, c] = args;
      const [s0, s1, s2] = slots;
      return (frame) => {
        const x = read(frame, a);
        const y = read(frame, b);
        frame[s2] = read(frame, c);
        frame[s0] = x;
        frame[s1] = y;
        return RECUR_VALUE;
      };
    }
    case 4: {
      const [a, b, c, d] = args;
      const [s0, s1, s2, s3] = slots;
      return (frame) => {
        const x = read(frame, a);
        const y = read(frame, b);
        const z = read(frame, c);
        frame[s3] = read(frame, d);
        frame[s0] = x;
        frame[s1] = y;
        frame[s2] = z;
        return RECUR_VALUE;
      };
    }
  }
  const n = args.length;
  return (frame) => {
    const vals = new Array<Value>(n);
    for (let i = 0; i < n; i++) vals[i] = read(frame, args[i]);
    for (let i = 0; i < n; i++) frame[slots[i]] = vals[i];
    return RECUR_VALUE;
  };
}
