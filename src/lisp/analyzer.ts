// Analyzer: forms → nodes (JS closures over a frame). Names are resolved here once: locals to frame
// slots, builtins to the function itself; user definitions, tools and data are looked up when the
// node runs (they may be defined later in the program, and an unknown name in a branch that never
// runs must not fail the program).
import {
  lookupBuiltin,
  lookupConstant,
  lookupInterop,
  lookupNamespaced,
  NAMESPACE_ALIASES,
  NAMESPACE_CATEGORY,
  namespaceMembers,
  builtinNames,
  type BuiltinInfo,
  interopNames,
} from './builtins/registry.ts';
import { JAVA_CLASS_PREFIXES, javaMemberProblem, javaNameHint } from './builtins/java-surface.ts';
import { arityError, didYouMean, hintOf, PtcError, type Loc } from './errors.ts';
import { formToValue, type Form, type SymForm } from './reader.ts';
import { arityMessage, getFlex, invokeData, rt } from './runtime.ts';
import { findLocal, localNames, readRef, type Ctx, type Node } from './scope.ts';
import { hashKey, Keyword, MapBuilder, PList, PMap, PSet, type PtcFn, type Value } from './values.ts';
import { argOf, CONST, constArg, read, type Arg } from './args.ts';
import { HOT_BINARY, HOT_UNARY } from './hot-builtins.ts';
import { binaryNode, unaryNode } from './operands.ts';
import { locate } from './locate.ts';
import { printValue } from './printer.ts';
import { removedHint, unsupportedHint } from './unsupported.ts';
import { withIr } from './node-facts.ts';

export type SpecialForm = (form: Extract<Form, { t: 'list' }>, ctx: Ctx) => Node;

/** Special forms and macros by name; filled by special-forms modules. */
export const specialForms = new Map<string, SpecialForm>();

/** The builtin a bare name calls here: none when a local or a user's definition takes the name. */
export function builtinAt(name: string, ctx: Ctx): BuiltinInfo | undefined {
  if (ctx.shadowed?.has(name) === true || findLocal(ctx.locals, name) !== undefined) return undefined;
  return lookupBuiltin(name);
}

/**
 * Calls of a builtin analyzed another way when their arguments have a given shape, by the
 * builtin's name (take of a range call: forms/take-range.ts). Asked only when the name means the
 * builtin (no local or definition takes it); each checks that the names it reads mean the builtins
 * too (builtinAt) and returns undefined to decline.
 */
export const shapedCalls = new Map<string, (form: Extract<Form, { t: 'list' }>, ctx: Ctx) => Node | undefined>();

/** A malformed form, found when the program is analyzed: `invalid_arity` when a special form has the wrong number of parts. */
export function invalid(message: string, loc: Loc, type: 'invalid_form' | 'invalid_arity' = 'invalid_form'): never {
  throw new PtcError(type, message, loc);
}

export function analyze(form: Form, ctx: Ctx): Node {
  switch (form.t) {
    case 'lit': {
      const v = form.v;
      return () => v;
    }
    case 'sym':
      return analyzeSymbol(form, ctx);
    case 'vec':
      return analyzeVector(form.items, ctx);
    case 'map':
      return analyzeMap(form.items, ctx);
    case 'set':
      return analyzeSet(form.items, ctx);
    case 'list':
      return analyzeList(form, ctx);
  }
}

/** Analyze forms in a non-tail position. */
export function analyzeArg(form: Form, ctx: Ctx): Node {
  return analyze(form, ctx.tail ? { ...ctx, tail: false } : ctx);
}

/** A sequence of forms evaluated in order; the last is in tail position if ctx is. */
export function analyzeBody(forms: readonly Form[], ctx: Ctx): Node {
  if (forms.length === 0) return () => null;
  if (forms.length === 1) return analyze(forms[0], ctx);
  const init = forms.slice(0, -1).map((f) => analyzeArg(f, ctx));
  const lastForm = forms[forms.length - 1];
  const last = analyze(lastForm, ctx);
  const items = [...init.map((n, i) => argOf(forms[i], n, ctx)), argOf(lastForm, last, ctx)];
  return withIr(
    (frame) => {
      for (let i = 0; i < init.length; i++) init[i](frame);
      return last(frame);
    },
    { k: 'do', items },
  );
}

function isConst(form: Form): boolean {
  return form.t === 'lit' || ((form.t === 'vec' || form.t === 'set' || form.t === 'map') && form.items.every(isConst));
}

function analyzeVector(forms: Form[], ctx: Ctx): Node {
  if (forms.every(isConst)) {
    const v = forms.map(formToValue);
    return withIr(() => v, { k: 'const', value: v });
  }
  const nodes = forms.map((f) => analyzeArg(f, ctx));
  return withIr(
    (frame) => {
      const out = new Array<Value>(nodes.length);
      for (let i = 0; i < nodes.length; i++) out[i] = nodes[i](frame);
      return out;
    },
    { k: 'vec', items: nodes.map((n, i) => argOf(forms[i], n, ctx)) },
  );
}

function analyzeMap(forms: Form[], ctx: Ctx): Node {
  if (forms.every(isConst)) {
    const b = new MapBuilder();
    for (let i = 0; i < forms.length; i += 2) b.set(formToValue(forms[i]), formToValue(forms[i + 1]));
    const m = b.build();
    return withIr(() => m, { k: 'const', value: m });
  }
  const keyForms = forms.filter((_, i) => i % 2 === 0);
  if (keyForms.every(isConst)) {
    const keys = keyForms.map(formToValue);
    const hashes = keys.map(hashKey);
    if (new Set(hashes).size === hashes.length) {
      // Constant, distinct keys (the usual record literal): only the values are computed.
      const valueForms = forms.filter((_, i) => i % 2 === 1);
      const valueNodes = valueForms.map((f) => analyzeArg(f, ctx));
      const n = valueNodes.length;
      const node: Node = (frame) => {
        const vals = new Array<Value>(n);
        for (let i = 0; i < n; i++) vals[i] = valueNodes[i](frame);
        return PMap.fromDistinct(keys, hashes, vals);
      };
      return withIr(node, { k: 'record', keys, hashes, values: valueNodes.map((v, i) => argOf(valueForms[i], v, ctx)) });
    }
  }
  const nodes = forms.map((f) => analyzeArg(f, ctx));
  return (frame) => {
    const b = new MapBuilder();
    for (let i = 0; i < nodes.length; i += 2) b.set(nodes[i](frame), nodes[i + 1](frame));
    return b.build();
  };
}

function analyzeSet(forms: Form[], ctx: Ctx): Node {
  const nodes = forms.map((f) => analyzeArg(f, ctx));
  return (frame) => PSet.from(nodes.map((n) => n(frame)));
}

function analyzeList(form: Extract<Form, { t: 'list' }>, ctx: Ctx): Node {
  const [head, ...args] = form.items;
  if (head === undefined) return () => EMPTY_LIST;
  if (head.t === 'sym' && head.ns === null && findLocal(ctx.locals, head.name) === undefined) {
    const special = specialForms.get(head.name);
    if (special !== undefined) return special(form, ctx);
    const shaped = ctx.shadowed?.has(head.name) === true ? undefined : shapedCalls.get(head.name)?.(form, ctx);
    if (shaped !== undefined) return shaped;
  }
  if (head.t === 'lit' && (head.v === null || typeof head.v === 'number' || typeof head.v === 'string' || typeof head.v === 'boolean')) {
    const shown = printValue(head.v);
    throw new PtcError(
      'not_callable',
      `Cannot call ${shown} as a function in (${shown} ...). To write a collection of values use a vector [${shown} ...]`,
      form.loc,
    );
  }
  const info = head.t === 'sym' && head.ns === null ? builtinAt(head.name, ctx) : undefined;
  const named = head.t !== 'sym' ? undefined : head.ns === null ? info : lookupNamespaced(head.ns, head.name);
  const quoted = named?.quotesName === true && args.length === 1 && args[0].t === 'sym' ? [nameOf(args[0])] : args;
  const argList = quoted.map((a) => argOf(a, analyzeArg(a, ctx), ctx));
  if (info !== undefined) return builtinCallNode(info.name, info.fn, argList, form.loc);
  return callNode(argOf(head, analyzeArg(head, ctx), ctx), argList, form.loc);
}

/** A symbol as the string of its name: `str/join` → "str/join". */
function nameOf(f: SymForm): Form {
  return { t: 'lit', v: f.ns === null ? f.name : `${f.ns}/${f.name}`, loc: f.loc };
}

/** A call of a builtin known at analysis time: no callee lookup, arity checked once here. */
export function builtinCallNode(name: string, f: PtcFn, args: Arg[], loc: Loc): Node {
  const m = f.ptc;
  const n = args.length;
  if (n < m.minArity || n > m.maxArity) {
    // Reported when the call runs, so a branch that never runs cannot fail the program.
    const message = arityMessage(f, n);
    return () => {
      throw arityError(message).at(loc);
    };
  }
  if (n === 1) return withIr((HOT_UNARY.get(name)?.node ?? unaryNode)(f, args[0], loc), { k: 'call', name, f, args, loc });
  const g = m.binary ?? f;
  if (n === 2) return withIr((HOT_BINARY.get(name)?.node ?? binaryNode)(g, args[0], args[1], loc), { k: 'call', name, f: g, args, loc });
  return withIr(callNode(constArg(f), args, loc), { k: 'call', name, f, args, loc });
}

const EMPTY_LIST = new PList([]);

function checkArity(f: PtcFn, n: number, loc: Loc): void {
  const m = f.ptc;
  if (n < m.minArity || n > m.maxArity) throw arityError(arityMessage(f, n)).at(loc);
}

/** A call, specialized by argument count so common calls allocate no argument array. */
export function callNode(fa: Arg, args: Arg[], loc: Loc): Node {
  switch (args.length) {
    case 0:
      return (frame) => {
        const f = read(frame, fa);
        try {
          if (typeof f === 'function') {
            checkArity(f as PtcFn, 0, loc);
            return (f as PtcFn)();
          }
          return invokeData(f, []);
        } catch (e) {
          throw locate(e, loc, f);
        }
      };
    case 1: {
      const a0 = args[0];
      if (fa.k === CONST && fa.c instanceof Keyword) {
        // (:key m): the most common call in data pipelines.
        const k = fa.c;
        return withIr(
          (frame) => {
            const x = read(frame, a0);
            if (x instanceof PMap) return x.getKeyword(k) ?? null;
            try {
              return invokeData(k, [x]);
            } catch (e) {
              throw locate(e, loc, k);
            }
          },
          { k: 'kw', key: k, arg: a0, loc },
        );
      }
      return (frame) => {
        const f = read(frame, fa);
        const x = read(frame, a0);
        try {
          if (typeof f === 'function') {
            checkArity(f as PtcFn, 1, loc);
            return (f as PtcFn)(x);
          }
          if (f instanceof Keyword && x instanceof PMap) return getFlex(x, f) ?? null;
          return invokeData(f, [x]);
        } catch (e) {
          throw locate(e, loc, f);
        }
      };
    }
    case 2: {
      const [a0, a1] = args;
      return (frame) => {
        const f = read(frame, fa);
        const x = read(frame, a0);
        const y = read(frame, a1);
        try {
          if (typeof f === 'function') {
            const m = (f as PtcFn).ptc;
            if (m.binary !== undefined) return m.binary(x, y);
            checkArity(f as PtcFn, 2, loc);
            return (f as PtcFn)(x, y);
          }
          return invokeData(f, [x, y]);
        } catch (e) {
          throw locate(e, loc, f);
        }
      };
    }
    case 3: {
      const [a0, a1, a2] = args;
      return (frame) => {
        const f = read(frame, fa);
        const x = read(frame, a0);
        const y = read(frame, a1);
        const z = read(frame, a2);
        try {
          if (typeof f === 'function') {
            checkArity(f as PtcFn, 3, loc);
            return (f as PtcFn)(x, y, z);
          }
          return invokeData(f, [x, y, z]);
        } catch (e) {
          throw locate(e, loc, f);
        }
      };
    }
    default:
      return (frame) => {
        const f = read(frame, fa);
        const vals = new Array<Value>(args.length);
        for (let i = 0; i < args.length; i++) vals[i] = read(frame, args[i]);
        try {
          if (typeof f === 'function') {
            checkArity(f as PtcFn, vals.length, loc);
            return (f as PtcFn)(...vals);
          }
          return invokeData(f, vals);
        } catch (e) {
          throw locate(e, loc, f);
        }
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Symbols

// A Map, not an object: `name in {}` is true for constructor, toString… (Object.prototype).
const HISTORY = new Map<string, number>([
  ['*1', 0],
  ['*2', 1],
  ['*3', 2],
]);

export function analyzeSymbol(form: SymForm, ctx: Ctx): Node {
  const { ns, name, loc } = form;
  if (ns === null) {
    const b = findLocal(ctx.locals, name);
    if (b !== undefined) return readRef(ctx.fn.refTo(b));
    const i = HISTORY.get(name);
    if (i !== undefined) {
      return () => rt().history[i] ?? null;
    }
    const builtin = ctx.shadowed?.has(name) === true ? undefined : lookupBuiltin(name);
    if (builtin !== undefined) {
      const f = builtin.fn;
      return () => f;
    }
    const interop = lookupInterop(name);
    if (interop !== undefined) {
      const f = interop.fn;
      return () => f;
    }
    if (specialForms.has(name)) {
      invalid(`${name} is a special form and cannot be used as a value; call it as (${name} ...)`, loc);
    }
    const locals = localNames(ctx.locals);
    ctx.onGlobal?.({ ns, name, loc, locals });
    return () => resolveGlobal(name, locals, loc);
  }
  if (ns === 'tool' || ns === 'data' || ns === 'ctx') ctx.onGlobal?.({ ns, name, loc, locals: [] });
  if (ns === 'tool') return () => toolFn(name, loc);
  if (ns === 'data' || ns === 'ctx') return () => dataValue(name, loc);
  const qualified = ns + '/' + name;
  const constant = lookupConstant(qualified);
  if (constant !== undefined) return () => constant;
  const interop = lookupInterop(qualified);
  if (interop !== undefined) {
    const f = interop.fn;
    return () => f;
  }
  const canonical = Object.hasOwn(NAMESPACE_ALIASES, ns) ? NAMESPACE_ALIASES[ns] : undefined;
  if (canonical !== undefined) {
    const info = lookupNamespaced(ns, name);
    if (info !== undefined) {
      const f = info.fn;
      return () => f;
    }
    const members = namespaceMembers(canonical).sort();
    const message = `${name} is not available in ${ns}/.`;
    const hint = hintOf(didYouMean(name, members), `${NAMESPACE_CATEGORY[canonical]} functions: ${members.join(', ')}`);
    ctx.onGlobal?.({ ns, name, loc, locals: [], error: { message, ...(hint !== undefined ? { hint } : {}) } });
    return () => {
      throw new PtcError('unbound_var', message, loc, hint);
    };
  }
  const java = javaMemberProblem(ns, name, interopNames());
  const message = java?.message ?? `Unknown namespace ${ns}/ in ${qualified}.`;
  const hint =
    java?.hint ??
    `Available: tool/ (tools), data/ (input data), clojure.string/ (or str/), clojure.set/ (or set/), json/, clojure.core/, and the Java classes ${JAVA_CLASS_PREFIXES}`;
  ctx.onGlobal?.({ ns, name, loc, locals: [], error: { message, hint } });
  return () => {
    throw new PtcError(java !== null ? 'unsupported_method' : 'unbound_var', message, loc, hint);
  };
}

function resolveGlobal(name: string, locals: string[], loc: Loc): Value {
  const r = rt();
  const def = r.lookupDef(name);
  if (def !== undefined) return def.value;
  const tool = r.tools.has(name);
  const data = r.data.has(name);
  if (tool && data) {
    throw new PtcError(
      'ambiguous_reference',
      `${name} is ambiguous: both tool/${name} and data/${name} exist. Write tool/${name} to call the tool or data/${name} to read the data`,
      loc,
    );
  }
  if (tool) return r.toolFn(name);
  if (data) return r.data.get(name) ?? null;
  throw unresolvedError(name, locals, [...r.defs.keys(), ...r.memory.keys()], r.tools.keys(), r.data.keys(), loc);
}

/** The error of a bare name nothing defines (also what diagnostics warn of before the program runs). */
export function unresolvedError(
  name: string,
  locals: readonly string[],
  defs: Iterable<string>,
  tools: Iterable<string>,
  data: Iterable<string>,
  loc: Loc,
): PtcError {
  const removed = removedHint(name);
  if (removed !== null) return new PtcError('unbound_var', `${name} was removed from PTC-Lisp.`, loc, removed);
  const hint = unsupportedHint(name);
  if (hint !== null) return new PtcError('unbound_var', `${name} is not supported in PTC-Lisp.`, loc, hint);
  const java = javaNameHint(name, interopNames());
  if (java !== null) {
    // A Java spelling (.method) that is not admitted is the reference's unsupported_method.
    const error = new PtcError(name.startsWith('.') ? 'unsupported_method' : 'unbound_var', `Unable to resolve symbol: ${name} in this context.`, loc, java);
    error.unresolved = name;
    return error;
  }
  const candidates = [...locals, ...builtinNames(), ...defs, ...[...tools].map((t) => 'tool/' + t), ...[...data].map((d) => 'data/' + d)];
  const error = new PtcError(
    /^\.[^.]/.test(name) ? 'unsupported_method' : 'unbound_var',
    `Unable to resolve symbol: ${name} in this context.`,
    loc,
    hintOf(didYouMean(name, candidates)),
  );
  error.unresolved = name;
  return error;
}

/** The error of `tool/name` when the session has no such tool. */
export function unknownToolError(name: string, tools: Iterable<string>, loc: Loc): PtcError {
  const names = [...tools];
  const available = names.length === 0 ? 'No tools are available.' : `Available tools: ${names.map((t) => 'tool/' + t).join(', ')}`;
  return new PtcError('unknown_tool', `Unknown tool tool/${name}.`, loc, hintOf(didYouMean(name, names), available));
}

/** The error of `data/name` when the session has no such data. */
export function unknownDataError(name: string, data: Iterable<string>, loc: Loc): PtcError {
  const names = [...data];
  const available = names.length === 0 ? 'No data is available.' : `Available: ${names.map((d) => 'data/' + d).join(', ')}`;
  return new PtcError('unbound_var', `data/${name} does not exist.`, loc, hintOf(didYouMean(name, names), available));
}

function toolFn(name: string, loc: Loc): Value {
  const r = rt();
  if (r.tools.has(name)) return r.toolFn(name);
  throw unknownToolError(name, r.tools.keys(), loc);
}

function dataValue(name: string, loc: Loc): Value {
  const r = rt();
  const v = r.data.get(name);
  if (v !== undefined) return v;
  throw unknownDataError(name, r.data.keys(), loc);
}
