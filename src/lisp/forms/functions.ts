// fn, defn, loop and recur. A closure is a plain JS function tagged with FnMeta; calling it builds
// one frame, binds the parameters, and re-runs the body while it returns the RECUR sentinel.
import { analyze, analyzeArg, analyzeBody, invalid, specialForms } from '../analyzer.ts';
import { isBuiltinName, type SpreadFn } from '../builtins/registry.ts';
import { compilePattern, type Binder } from '../destructure.ts';
import { arityError, PtcError, type Loc } from '../errors.ts';
import { printValue } from '../printer.ts';
import type { Form } from '../reader.ts';
import { loopLimitError, RECUR, rt, type Runtime } from '../runtime.ts';
import { argOf, call2, constArg, countOperand, NODE, read, type Arg } from '../operands.ts';
import { shapeOf, withShape } from '../shapes.ts';
import { compileBody, compileLoop, jitSettings, unitKey, type LoopUnit } from '../jit/compile.ts';
import { withIr } from '../jit/ir.ts';
import { bindLocal, FnScope, readRef, type Ctx, type Frame, type Node } from '../scope.ts';
import { EACH_FILTER, EACH_MAP, makeFn, PVar, truthy, type Each1, type Fold2, type PtcFn, type Value } from '../values.ts';

type ListForm = Extract<Form, { t: 'list' }>;

export const RECUR_VALUE = RECUR as unknown as Value;

/** Arguments handed from a recur node to its loop or function (evaluation is single-threaded). */
let recurArgs: Value[] = [];

interface Arity {
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

function isSym(f: Form | undefined, name?: string): f is Extract<Form, { t: 'sym' }> {
  return f !== undefined && f.t === 'sym' && f.ns === null && (name === undefined || f.name === name);
}

function compileArity(paramsForm: Form, body: Form[], ctx: Ctx, loc: Loc): Arity {
  if (paramsForm.t !== 'vec') invalid('fn parameters must be a vector, e.g. (fn [x y] ...)', paramsForm.loc);
  const params: Binder[] = [];
  let rest: Binder | null = null;
  let c = ctx;
  const items = paramsForm.items;
  for (let i = 0; i < items.length; i++) {
    const p = items[i];
    if (isSym(p, '&')) {
      if (i !== items.length - 2) invalid('& in a parameter vector must be followed by exactly one parameter', p.loc);
      [c, rest] = compilePattern(items[i + 1], c, analyze);
      break;
    }
    let b: Binder;
    [c, b] = compilePattern(p, c, analyze);
    params.push(b);
  }
  const fixed = params.length;
  const slots = rest === null && params.every((p) => p.slot !== undefined) ? params.map((p) => p.slot!) : null;
  const bodyNode = analyzeBody(body, { ...c, tail: true, recur: { arity: fixed + (rest ? 1 : 0), what: 'fn', slots }, loc });
  const display = printForm(paramsForm);
  const key = unitKey(paramsForm.loc.line, paramsForm.loc.column);
  return { fixed, variadic: rest !== null, params, rest, body: bodyNode, display, direct: slots !== null, key };
}

/**
 * Let the arity's body be compiled to JavaScript once it has run often (see jitSettings); shared by
 * every closure of this fn form. Parameters, destructured or not, are in the frame when it runs.
 */
function tierUpBody(a: Arity): void {
  const original = a.body;
  // recur stores straight into plain-name parameters only (else the recur node is not compiled).
  const params = a.direct ? a.params.map((p) => p.slot!) : [];
  let calls = 0;
  a.body = (frame) => {
    ++calls;
    if (calls === jitSettings.hot || calls === jitSettings.late) {
      const late = calls === jitSettings.late;
      const compiled = compileBody(original, params, a.key, late);
      // Not compilable, or the last chance passed: the body is called directly from now on.
      if (compiled === null || (compiled === undefined && late)) a.body = original;
      else if (compiled !== undefined) a.body = compiled;
    }
    return original(frame);
  };
}

function printForm(f: Form): string {
  switch (f.t) {
    case 'sym':
      return f.ns === null ? f.name : `${f.ns}/${f.name}`;
    case 'lit':
      return printValue(f.v);
    case 'vec':
      return '[' + f.items.map(printForm).join(' ') + ']';
    case 'map':
      return '{' + f.items.map(printForm).join(' ') + '}';
    case 'set':
      return '#{' + f.items.map(printForm).join(' ') + '}';
    case 'list':
      return '(' + f.items.map(printForm).join(' ') + ')';
  }
}

function bindArgs(a: Arity, frame: Frame, args: readonly Value[]): void {
  for (let i = 0; i < a.fixed; i++) a.params[i](frame, args[i]);
  if (a.rest !== null) a.rest(frame, args.length > a.fixed ? args.slice(a.fixed) : null);
}

/**
 * Analyze `(fn name? [params] body…)` or `(fn name? ([params] body…)…)`.
 * `defName` marks a defn'd function: its results feed the return-type record of the user/ namespace.
 */
export function analyzeFn(items: Form[], ctx: Ctx, loc: Loc, defName: string | null): Node {
  let i = 0;
  let selfName: string | null = null;
  if (isSym(items[0])) {
    selfName = items[0].name;
    i = 1;
  }
  const scope = new FnScope(ctx.fn);
  let c: Ctx = { fn: scope, locals: ctx.locals, tail: true, recur: null, loc };
  let selfSlot = 0;
  if (selfName !== null) [c, selfSlot] = bindLocal(c, selfName);
  const rest = items.slice(i);
  if (rest.length === 0) invalid('fn needs a parameter vector, e.g. (fn [x] (* x 2))', loc);
  const arities: Arity[] = [];
  if (rest[0].t === 'vec') {
    arities.push(compileArity(rest[0], rest.slice(1), c, loc));
  } else {
    for (const clause of rest) {
      if (clause.t !== 'list' || clause.items.length === 0) invalid('fn expects a parameter vector, or one or more ([params] body) clauses', clause.loc);
      arities.push(compileArity(clause.items[0], clause.items.slice(1), c, clause.loc));
    }
  }
  const variadic = arities.filter((a) => a.variadic);
  if (variadic.length > 1) invalid('A function can have only one variadic arity', loc);
  const minArity = Math.min(...arities.map((a) => a.fixed));
  const maxArity = variadic.length > 0 ? Infinity : Math.max(...arities.map((a) => a.fixed));
  const byCount = new Map<number, Arity>();
  for (const a of arities) {
    if (!a.variadic && byCount.has(a.fixed)) invalid(`Two arities of this function take ${a.fixed} arguments`, loc);
    if (!a.variadic) byCount.set(a.fixed, a);
  }
  const varArity = variadic[0] ?? null;
  const captures = scope.captures.map(readRef);
  const name = selfName ?? defName;
  const meta = { name, kind: 'closure' as const, minArity, maxArity, params: arities.map((a) => a.display) };
  const single = arities.length === 1 ? arities[0] : null;

  /** Finish a call of arity `a` whose body gave `first`: re-run the body while it recurs. */
  const runBody = (a: Arity, frame: Frame, r: Runtime, first: Value): Value => {
    let result = first;
    let iterations = 0;
    for (;;) {
      if (result !== RECUR_VALUE) {
        if (defName !== null) r.noteReturn(defName, result);
        return result;
      }
      if (++iterations > r.limits.maxLoopIterations) throw loopLimitError(`Recursion through recur in ${name ?? 'a function'}`, loc);
      r.tick();
      // Plain-name parameters were stored by the recur node itself.
      if (!a.direct) {
        const next = recurArgs;
        if (a.variadic) bindArgs(a, frame, [...next.slice(0, a.fixed), ...(next[a.fixed] === null ? [] : seqOf(next[a.fixed]))]);
        else bindArgs(a, frame, next.slice()); // a copy: destructuring defaults may run this recur again
      }
      result = a.body(frame);
    }
  };
  const nslots = scope.nslots;
  // The common case, one fixed arity of plain names: no rest array, direct slot stores. Callers
  // (call nodes, invoke, builtins) check the argument count before calling.
  const simple = single !== null && !single.variadic && single.fixed <= 3 && single.params.every((p) => p.slot !== undefined) ? single : null;
  const slots = simple?.params.map((p) => p.slot!) ?? [];

  if (jitSettings.enabled) for (const a of arities) tierUpBody(a);
  return (outer) => {
    const captured = new Array<Value>(captures.length);
    for (let k = 0; k < captures.length; k++) captured[k] = captures[k](outer);
    let impl: (...args: Value[]) => Value;
    let each1: Each1 | undefined;
    let fold2: Fold2 | undefined;
    let spread: ((args: readonly Value[]) => Value) | undefined;
    // Frames never outlive a call (closures copy what they capture), so a finished call's frame
    // is kept for the next one; a nested (recursive) call finds none and makes its own.
    let spare: Frame | null = null;
    const newFrame = (): Frame => {
      const frame: Frame = new Array<Value>(nslots);
      frame[0] = captured;
      if (selfSlot !== 0) frame[selfSlot] = fn;
      return frame;
    };
    const release = (frame: Frame): void => {
      // Drop the locals so a kept frame holds on to no values.
      for (let i = 1; i < nslots; i++) if (i !== selfSlot) frame[i] = null;
      spare = frame;
    };
    // The one- and two-parameter entries are written out (no shared helper returning a tuple):
    // they run once per item in map, filter, reduce and sort-by.
    if (simple !== null && simple.fixed === 1) {
      const [s0] = slots;
      impl = (x: Value): Value => {
        const r = rt();
        r.enter(loc);
        let frame = spare;
        if (frame === null) frame = newFrame();
        else spare = null;
        try {
          frame[s0] = x;
          const v = simple.body(frame);
          if (v === RECUR_VALUE) return runBody(simple, frame, r, v);
          if (defName !== null) r.noteReturn(defName, v);
          return v;
        } finally {
          r.depth--;
          release(frame);
        }
      };
      // The batch entry for map, filter and remove: one enter (the depth check and the first
      // tick), then a tick per further item, as separate calls would; the frame is taken once and
      // not cleared between items (every local is written before it is read in each call).
      each1 = (xs, mode, out) => {
        const n = xs.length;
        if (n === 0) return;
        const r = rt();
        r.enter(loc);
        let frame = spare;
        if (frame === null) frame = newFrame();
        else spare = null;
        try {
          if (mode === EACH_MAP) {
            for (let i = 0; i < n; i++) {
              if (i !== 0) r.tick();
              frame[s0] = xs[i];
              let v = simple.body(frame);
              if (v === RECUR_VALUE) v = runBody(simple, frame, r, v);
              else if (defName !== null) r.noteReturn(defName, v);
              out[i] = v;
            }
          } else {
            const keep = mode === EACH_FILTER;
            for (let i = 0; i < n; i++) {
              if (i !== 0) r.tick();
              const x = xs[i];
              frame[s0] = x;
              let v = simple.body(frame);
              if (v === RECUR_VALUE) v = runBody(simple, frame, r, v);
              else if (defName !== null) r.noteReturn(defName, v);
              if ((v !== null && v !== false) === keep) out.push(x);
            }
          }
        } finally {
          r.depth--;
          // release(frame), written out: measured, V8 deoptimized this batch entry on every new
          // program for a "wrong call target" (each closure has its own release).
          for (let i = 1; i < nslots; i++) if (i !== selfSlot) frame[i] = null;
          spare = frame;
        }
      };
    } else if (simple !== null && simple.fixed === 2) {
      const [s0, s1] = slots;
      impl = (x: Value, y: Value): Value => {
        const r = rt();
        r.enter(loc);
        let frame = spare;
        if (frame === null) frame = newFrame();
        else spare = null;
        try {
          frame[s0] = x;
          frame[s1] = y;
          const v = simple.body(frame);
          if (v === RECUR_VALUE) return runBody(simple, frame, r, v);
          if (defName !== null) r.noteReturn(defName, v);
          return v;
        } finally {
          r.depth--;
          release(frame);
        }
      };
      // The batch entry for reduce (see each1).
      fold2 = (acc, xs, from) => {
        const n = xs.length;
        if (from >= n) return acc;
        const r = rt();
        r.enter(loc);
        let frame = spare;
        if (frame === null) frame = newFrame();
        else spare = null;
        try {
          for (let i = from; i < n; i++) {
            if (i !== from) r.tick();
            frame[s0] = acc;
            frame[s1] = xs[i];
            let v = simple.body(frame);
            if (v === RECUR_VALUE) v = runBody(simple, frame, r, v);
            else if (defName !== null) r.noteReturn(defName, v);
            acc = v;
          }
          return acc;
        } finally {
          r.depth--;
          release(frame);
        }
      };
    } else {
      const call = (args: readonly Value[]): Value => {
        const a = single ?? byCount.get(args.length) ?? (varArity !== null && args.length >= varArity.fixed ? varArity : null);
        if (a === null || args.length < a.fixed || (!a.variadic && args.length !== a.fixed)) {
          throw arityError(`${name ?? 'anonymous function'} expects ${describeArities(arities)} arguments, got ${args.length}`);
        }
        const r = rt();
        r.enter(loc);
        try {
          const frame: Frame = new Array<Value>(nslots);
          frame[0] = captured;
          if (selfSlot !== 0) frame[selfSlot] = fn;
          bindArgs(a, frame, args);
          return runBody(a, frame, r, a.body(frame));
        } finally {
          r.depth--;
        }
      };
      impl = (...args: Value[]): Value => call(args);
      // apply with 10⁵ arguments reaches the rest parameter without a JS call that spreads them.
      if (varArity !== null) spread = call;
    }
    const fn: PtcFn = makeFn(impl, meta);
    if (spread !== undefined) (fn as SpreadFn).spread = spread;
    if (each1 !== undefined) fn.each1 = each1;
    if (fold2 !== undefined) fn.fold2 = fold2;
    return fn as Value;
  };
}

function seqOf(v: Value): Value[] {
  return Array.isArray(v) ? [...v] : [v];
}

function describeArities(arities: Arity[]): string {
  const counts = arities.map((a) => (a.variadic ? `${a.fixed}+` : String(a.fixed)));
  return counts.length === 1 ? counts[0] : counts.slice(0, -1).join(', ') + ' or ' + counts[counts.length - 1];
}

specialForms.set('fn', (form, ctx) => analyzeFn(form.items.slice(1), ctx, form.loc, null));
specialForms.set('fn*', (form, ctx) => analyzeFn(form.items.slice(1), ctx, form.loc, null));

/** Strip `;` from docstrings so they cannot break the `;`-comment lines of the user/ section. */
export function cleanDoc(doc: string): string {
  return doc.replace(/;/g, '');
}

/** Validate the name of def/defn. */
export function defName(form: Form | undefined, what: string, loc: Loc): string {
  if (form === undefined || form.t !== 'sym') invalid(`${what} needs a name, e.g. (${what} total ...)`, form?.loc ?? loc);
  if (form.ns === 'data') invalid(`data/ is read-only: cannot (${what} data/${form.name} ...). Use a plain name: (${what} ${form.name} ...)`, form.loc);
  if (form.ns === 'tool') invalid(`Cannot define tools: (${what} tool/${form.name} ...). Use a plain name`, form.loc);
  if (form.ns !== null) invalid(`Definitions cannot have a namespace: use (${what} ${form.name} ...)`, form.loc);
  if (isBuiltinName(form.name)) invalid(`cannot shadow builtin '${form.name}': choose another name for your definition`, form.loc);
  if (specialForms.has(form.name)) invalid(`cannot shadow special form '${form.name}': choose another name`, form.loc);
  if (form.name === 'nil' || form.name === 'true' || form.name === 'false') invalid(`${form.name} cannot be redefined`, form.loc);
  return form.name;
}

function defineNode(name: string, doc: string | undefined, value: Node): Node {
  const v = new PVar(name);
  return (frame) => {
    const val = value(frame);
    const r = rt();
    r.defs.set(name, doc === undefined ? { name, value: val } : { name, value: val, doc });
    return v;
  };
}

specialForms.set('def', (form, ctx) => {
  const [, nameForm, ...rest] = form.items;
  const name = defName(nameForm, 'def', form.loc);
  let doc: string | undefined;
  let valueForm: Form | undefined;
  if (rest.length === 2 && rest[0].t === 'lit' && typeof rest[0].v === 'string') {
    doc = cleanDoc(rest[0].v);
    valueForm = rest[1];
  } else if (rest.length === 1) {
    valueForm = rest[0];
  } else {
    invalid(`def expects (def name value) or (def name "doc" value), got ${rest.length} forms after the name`, form.loc, 'arity_error');
  }
  const valueNode =
    valueForm.t === 'list' && isSym(valueForm.items[0], 'fn')
      ? analyzeFn(valueForm.items.slice(1), { ...ctx, tail: false }, valueForm.loc, name)
      : analyzeArg(valueForm, ctx);
  return defineNode(name, doc, valueNode);
});

specialForms.set('defn', (form, ctx) => {
  const [, nameForm, ...rest] = form.items;
  const name = defName(nameForm, 'defn', form.loc);
  let doc: string | undefined;
  let body = rest;
  if (body.length > 0 && body[0].t === 'lit' && typeof body[0].v === 'string' && body.length > 1) {
    doc = cleanDoc(body[0].v);
    body = body.slice(1);
  }
  if (body.length > 0 && body[0].t === 'map') body = body.slice(1); // attribute map: ignored
  if (body.length === 0) invalid(`defn ${name} needs a parameter vector, e.g. (defn ${name} [x] ...)`, form.loc);
  const fnNode = analyzeFn([{ t: 'sym', ns: null, name, loc: nameForm!.loc }, ...body], { ...ctx, tail: false }, form.loc, name);
  return defineNode(name, doc, fnNode);
});
specialForms.set('defn-', specialForms.get('defn')!);

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
      const next = recurArgs.slice(); // a copy: destructuring defaults may run this recur again
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
  if (tierUp === null || (iterations !== jitSettings.hot && iterations !== jitSettings.late)) return null;
  return tierUp(iterations === jitSettings.late);
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
    const s = shapeOf(a.n);
    if (s === undefined) return null;
    if (s.k === 'recur') return { letSlots, letValues, args: s.args, argSlots: s.slots };
    if (s.k !== 'let') return null;
    letSlots.push(...s.slots);
    letValues.push(...s.values);
    a = { k: NODE, i: 0, c: null, n: s.body };
  }
}

const LT = 0;
const GT = 1;
const LE = 2;
const GE = 3;
const COMPARISONS: ReadonlyMap<string, number> = new Map([
  ['<', LT],
  ['>', GT],
  ['<=', LE],
  ['>=', GE],
]);
const NIL_ARG: Arg = constArg(null);

/**
 * A loop over plain names whose body is `(if (< a b) … (recur …) …)` (any of < > <= >=), the recur
 * possibly inside plain-name lets: the loop node runs the test, the lets and the recur itself, so
 * an iteration calls only the nodes of their operands, and `(count local)` in the test is read
 * inline. Written out for up to 2 let bindings and 4 recur arguments, padded with nil constants
 * stored into a spare slot (`sink`): measured, loops over arrays of operands or a shared test
 * function cost more than the calls saved. Order of evaluation, loop limit, clock and errors are
 * those of the nodes it replaces (their fast paths and fallbacks are repeated here).
 */
function fusedLoop(inits: Node[], slots: readonly number[], body: Node, scope: FnScope, loc: Loc, tierUp: TierUp | null): Node | null {
  const shape = shapeOf(body);
  if (shape === undefined || shape.k !== 'if' || shape.test.k !== 'binary') return null;
  const op = COMPARISONS.get(shape.test.name);
  if (op === undefined) return null;
  let step = stepOf(shape.then);
  let onTrue = true;
  let exit = shape.else;
  if (step === null) {
    step = stepOf(shape.else);
    onTrue = false;
    exit = shape.then;
  }
  if (step === null || step.letSlots.length > 2 || step.args.length > 4) return null;
  const sink = scope.alloc();
  const { a: ta, b: tb, g, loc: testLoc } = shape.test;
  const ca = countOperand(ta) ?? NIL_ARG;
  const cb = countOperand(tb) ?? NIL_ARG;
  const pad = <T>(xs: readonly T[], n: number, fill: T): T[] => [...xs, ...new Array<T>(n - xs.length).fill(fill)];
  const [l0, l1] = pad(step.letSlots, 2, sink);
  const [v0, v1] = pad(step.letValues, 2, NIL_ARG);
  const [a0, a1, a2, a3] = pad(step.args, 4, NIL_ARG);
  const [s0, s1, s2, s3] = pad(step.argSlots, 4, sink);
  const n = inits.length;
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
      const test = typeof x === 'number' && typeof y === 'number' ? (op === LT ? x < y : op === GT ? x > y : op === LE ? x <= y : x >= y) : truthy(call2(g, x, y, testLoc));
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

specialForms.set('recur', (form, ctx) => {
  const args = form.items.slice(1);
  if (ctx.recur === null) invalid('recur can only be used inside loop or fn', form.loc);
  if (!ctx.tail) invalid('recur must be in tail position (the last thing evaluated in its loop or fn)', form.loc);
  if (args.length !== ctx.recur.arity) {
    invalid(`recur expects ${ctx.recur.arity} argument${ctx.recur.arity === 1 ? '' : 's'} (one per ${ctx.recur.what} binding), got ${args.length}`, form.loc, 'arity_error');
  }
  const nodes = args.map((a) => analyze(a, { ...ctx, tail: false }));
  if (ctx.recur.slots !== null) {
    const argList = args.map((f, i) => argOf(f, nodes[i], ctx));
    const node = withShape(directRecur(argList, ctx.recur.slots), { k: 'recur', args: argList, slots: ctx.recur.slots });
    return withIr(node, { k: 'recur', args: argList, slots: ctx.recur.slots });
  }
  // Arguments are evaluated into locals first, then published in a buffer owned by this node: an
  // argument may itself run this same loop (through a call), which reuses the buffer meanwhile.
  const buffer = new Array<Value>(nodes.length);
  switch (nodes.length) {
    case 1: {
      const [a] = nodes;
      return (frame) => {
        buffer[0] = a(frame);
        recurArgs = buffer;
        return RECUR_VALUE;
      };
    }
    case 2: {
      const [a, b] = nodes;
      return (frame) => {
        const x = a(frame);
        buffer[1] = b(frame);
        buffer[0] = x;
        recurArgs = buffer;
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
        recurArgs = buffer;
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
        recurArgs = buffer;
        return RECUR_VALUE;
      };
    }
  }
  return (frame) => {
    const vals = new Array<Value>(nodes.length);
    for (let i = 0; i < nodes.length; i++) vals[i] = nodes[i](frame);
    recurArgs = vals;
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
