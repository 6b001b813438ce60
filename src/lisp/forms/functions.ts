// fn, def and defn: analysis of the forms (loop and recur: loops.ts; calling a closure:
// fn-closure.ts). A closure is a plain JS function tagged with FnMeta.
import { documentForm } from '../reference/form-docs.ts';
import { analyze, analyzeArg, analyzeBody, invalid, specialForms } from '../analyzer.ts';
import { lookupInterop } from '../builtins/registry.ts';
import { compilePattern, type Binder } from '../destructure.ts';
import type { Loc } from '../errors.ts';
import { printValue } from '../printer.ts';
import { formText, type Form } from '../reader.ts';
import { rt } from '../runtime.ts';
import { compileBody, jitSettings, tierUpAt, unitKey } from '../jit/compile.ts';
import { closureNode, type Arity } from './fn-closure.ts';
import { bindLocal, FnScope, readRef, type Ctx, type Node } from '../scope.ts';
import { PVar } from '../values.ts';

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
  let c: Ctx = { ...ctx, fn: scope, locals: ctx.locals, tail: true, recur: null, loc };
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
  const fixedCounts = new Set<number>();
  for (const a of arities) {
    if (a.variadic) continue;
    if (fixedCounts.has(a.fixed)) invalid(`Two arities of this function take ${a.fixed} arguments`, loc);
    fixedCounts.add(a.fixed);
  }
  const minArity = Math.min(...arities.map((a) => a.fixed));
  const maxArity = variadic.length > 0 ? Infinity : Math.max(...arities.map((a) => a.fixed));
  const name = selfName ?? defName;
  if (jitSettings.enabled) for (const a of arities) tierUpBody(a);
  return closureNode({
    arities,
    captures: scope.captures.map(readRef),
    nslots: scope.nslots,
    selfSlot,
    name,
    defName,
    loc,
    meta: { name, kind: 'closure', minArity, maxArity, params: arities.map((a) => a.display) },
  });
}

documentForm('fn', {
  kind: 'special-form',
  arities: ['[[params*] & body]', '[name [params*] & body]', '[([params*] & body) +]'],
  doc: 'A function: parameters (which may destructure, with & for the rest) and a body.',
  details:
    'A function closes over the locals it uses. An optional name lets it call itself; several ([params] body) lists give it several arities. #(+ % 1) is short for (fn [p1] (+ p1 1)), with %1 %2 … for more parameters.',
  area: 'functions',
  examples: [
    ['((fn [x] (* x 2)) 21)', '42'],
    ['(map (fn [[k v]] (str (name k) "=" v)) {:a 1})', '["a=1"]'],
    ['((fn [a & more] [a more]) 1 2 3)', '[1 [2 3]]'],
    ['((fn f ([] (f 1)) ([x] (* x 10))))', '10'],
    ['(#(+ %1 %2) 1 2)', '3'],
  ],
});
specialForms.set('fn', (form, ctx) => analyzeFn(form.items.slice(1), ctx, form.loc, null));
documentForm('fn*', {
  kind: 'special-form',
  arities: ['[[params*] & body]'],
  doc: 'The same as fn (the name Clojure gives fn underneath).',
  area: 'functions',
  examples: [['((fn* [x] (inc x)) 1)', '2']],
  aliasOf: 'fn',
});
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
  // Special forms and macros are syntax, read before any name is looked up: a definition could
  // never be called through them. Builtins may be shadowed (see Ctx.shadowed).
  if (specialForms.has(form.name)) {
    invalid(`${form.name} is a special form or macro and cannot be redefined: choose another name for your definition`, form.loc);
  }
  if (form.name.startsWith('.') || form.name.endsWith('.') || lookupInterop(form.name) !== undefined) {
    invalid(`${form.name} is Java interop syntax and cannot be redefined: choose another name for your definition`, form.loc);
  }
  if (form.name === 'nil' || form.name === 'true' || form.name === 'false') invalid(`${form.name} cannot be redefined`, form.loc);
  return form.name;
}

/** The longest defining form kept for `(source name)`. */
const MAX_SOURCE_CHARS = 20_000;

function defineNode(name: string, doc: string | undefined, value: Node, loc: Loc): Node {
  const v = new PVar(name);
  const text = formText(loc);
  const source = text !== undefined && text.length <= MAX_SOURCE_CHARS ? text : undefined;
  return (frame) => {
    const val = value(frame);
    const r = rt();
    r.defs.set(name, { name, value: val, ...(doc !== undefined ? { doc } : {}), ...(source !== undefined ? { source } : {}) });
    return v;
  };
}

documentForm('def', {
  kind: 'special-form',
  arities: ['[name value]', '[name doc value]'],
  doc: "Define a name for the rest of the program and the turns after it; gives the var #'name.",
  details:
    "Defining again replaces the value. A failed program keeps none of its definitions. A builtin's name may be defined: the user's definition wins in code analyzed after it ran (the next top-level forms, later turns), while functions defined before keep the builtin. Special forms, macros, nil, true and false cannot be redefined.",
  area: 'definitions',
  examples: [
    ['(def x 42)', "#'x"],
    ['(def x 10) x', '10'],
    ['(def a 1) (def b (+ a 1)) b', '2'],
    ['(def map {})', "#'map"],
    ['(def inc dec) (inc 5)', '4'],
    ['(def if 1)', 'error: invalid_form'],
  ],
});
/** The parts of (def name doc? value) and (defonce name doc? value). */
function definitionParts(form: Extract<Form, { t: 'list' }>, ctx: Ctx, what: 'def' | 'defonce'): { name: string; doc: string | undefined; value: Node } {
  const [, nameForm, ...rest] = form.items;
  const name = defName(nameForm, what, form.loc);
  let doc: string | undefined;
  let valueForm: Form | undefined;
  if (rest.length === 2 && rest[0].t === 'lit' && typeof rest[0].v === 'string') {
    doc = cleanDoc(rest[0].v);
    valueForm = rest[1];
  } else if (rest.length === 1) {
    valueForm = rest[0];
  } else {
    invalid(`${what} expects (${what} name value) or (${what} name "doc" value), got ${rest.length} forms after the name`, form.loc, 'invalid_arity');
  }
  const value =
    valueForm.t === 'list' && isSym(valueForm.items[0], 'fn')
      ? analyzeFn(valueForm.items.slice(1), { ...ctx, tail: false }, valueForm.loc, name)
      : analyzeArg(valueForm, ctx);
  return { name, doc, value };
}

specialForms.set('def', (form, ctx) => {
  const { name, doc, value } = definitionParts(form, ctx, 'def');
  return defineNode(name, doc, value, form.loc);
});

documentForm('defonce', {
  kind: 'special-form',
  arities: ['[name value]', '[name doc value]'],
  doc: "Define a name only if it is not defined yet (by an earlier turn or earlier in the program); gives the var #'name.",
  details:
    'When the name is already defined, the value is not evaluated and the definition is kept: a counter or a cache set up once survives the turns that run the same code again.',
  area: 'definitions',
  examples: [
    ['(defonce total 0)', "#'total"],
    ['(defonce total 0) (defonce total 99) total', '0'],
    ['(def seen 5) (defonce seen (fail "never evaluated")) seen', '5'],
  ],
});
specialForms.set('defonce', (form, ctx) => {
  const { name, doc, value } = definitionParts(form, ctx, 'defonce');
  const define = defineNode(name, doc, value, form.loc);
  const v = new PVar(name);
  return (frame) => (rt().lookupDef(name) !== undefined ? v : define(frame));
});

documentForm('defn', {
  kind: 'macro',
  arities: ['[name [params*] & body]', '[name doc [params*] & body]', '[name doc? ([params*] & body) +]'],
  doc: "Define a named function, as (def name (fn [params] body)); gives the var #'name.",
  details: 'Parameters destructure as in fn. A docstring after the name is kept with the definition and shown to the LLM.',
  area: 'definitions',
  examples: [
    ['(defn twice [x] (* x 2)) (twice 21)', '42'],
    ['(def rate 0.1) (defn apply-rate [x] (* x rate)) (apply-rate 100)', '10.0'],
    ['(defn greet [{:keys [name]}] (str "Hello " name)) (greet {:name "World"})', '"Hello World"'],
    ['(defn count [x] :mine) (count [1 2])', ':mine'],
    ['(defn when [x] x)', 'error: invalid_form'],
  ],
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
  return defineNode(name, doc, fnNode, form.loc);
});
documentForm('defn-', {
  kind: 'macro',
  arities: ['[name [params*] & body]'],
  doc: 'The same as defn (there is no private scope in a program).',
  area: 'definitions',
  examples: [['(defn- half [x] (/ x 2)) (half 5)', '2.5']],
  aliasOf: 'defn',
});
specialForms.set('defn-', specialForms.get('defn')!);
