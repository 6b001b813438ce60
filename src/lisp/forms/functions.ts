// fn and defn (loop and recur: loops.ts). A closure is a plain JS function tagged with FnMeta;
// calling it builds one frame, binds the parameters, and re-runs the body while it returns the
// RECUR sentinel.
import { analyze, analyzeArg, analyzeBody, invalid, specialForms } from '../analyzer.ts';
import { isBuiltinName, type SpreadFn } from '../builtins/registry.ts';
import { compilePattern, type Binder } from '../destructure.ts';
import { arityError, type Loc } from '../errors.ts';
import { printValue } from '../printer.ts';
import type { Form } from '../reader.ts';
import { loopLimitError, rt, type Runtime } from '../runtime.ts';
import { compileBody, jitSettings, tierUpAt, unitKey } from '../jit/compile.ts';
import { recurArgsNow, RECUR_VALUE } from './loops.ts';
import { bindLocal, FnScope, readRef, type Ctx, type Frame, type Node } from '../scope.ts';
import { EACH_FILTER, EACH_MAP, makeFn, PVar, type Each1, type Fold2, type PtcFn, type Value } from '../values.ts';

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
    if (calls === jitSettings.hot || calls === jitSettings.cold || calls === jitSettings.late) {
      const late = tierUpAt(calls);
      if (late === null) return original(frame);
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
        const next = recurArgsNow();
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
