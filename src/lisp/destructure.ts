// Destructuring patterns for let, loop, fn parameters, doseq and for:
// symbols, vectors ([a b & rest :as all], nested), maps ({:keys [a] :strs [b] :or {a 1} :as m, x :k}).
import { PtcError } from './errors.ts';
import { items } from './builtins/coerce.ts';
import type { Form } from './reader.ts';
import { getFlex } from './runtime.ts';
import { bindLocal, type Ctx, type Frame, type Node } from './scope.ts';
import { Keyword, MapBuilder, PList, PMap, type Value } from './values.ts';

/** Binds a value into the frame; `slot` is set when the pattern is a plain name (callers may store directly). */
export type Binder = ((frame: Frame, value: Value) => void) & { readonly slot?: number };

/** Analyzes a default-value expression of `:or` (supplied by the analyzer to avoid a cycle). */
export type AnalyzeFn = (form: Form, ctx: Ctx) => Node;

function invalid(message: string, form: Form): never {
  throw new PtcError('invalid_form', message, form.loc);
}

/** Compile a binding pattern; returns the context with its names bound, and the binder. */
export function compilePattern(pattern: Form, ctx: Ctx, analyze: AnalyzeFn): [Ctx, Binder] {
  switch (pattern.t) {
    case 'sym': {
      if (pattern.ns !== null) invalid(`Cannot bind a namespaced name ${pattern.ns}/${pattern.name}; use a plain name`, pattern);
      if (pattern.name === '&') invalid('& must be followed by a name, inside a vector pattern', pattern);
      // Java spellings (.method, Ctor.) are syntax the host owns: a local could never be called through them.
      if (/^\.[^.]|[^.]\.$/.test(pattern.name)) invalid(`${pattern.name} is Java interop syntax and cannot be bound: choose another name`, pattern);
      const [c, slot] = bindLocal(ctx, pattern.name);
      return [c, Object.assign((f: Frame, v: Value) => void (f[slot] = v), { slot })];
    }
    case 'vec':
      return compileVector(pattern.items, pattern, ctx, analyze);
    case 'map':
      return compileMap(pattern.items, pattern, ctx, analyze);
    default:
      return invalid(`Unsupported binding pattern; use a name, a vector [a b] or a map {:keys [a]}`, pattern);
  }
}

function compileVector(forms: Form[], whole: Form, ctx: Ctx, analyze: AnalyzeFn): [Ctx, Binder] {
  const positional: Binder[] = [];
  let rest: Binder | null = null;
  let as: Binder | null = null;
  let c = ctx;
  for (let i = 0; i < forms.length; i++) {
    const f = forms[i];
    if (f.t === 'sym' && f.ns === null && f.name === '&') {
      if (rest !== null || i + 1 >= forms.length) invalid('& in a vector pattern must be followed by exactly one pattern', f);
      [c, rest] = compilePattern(forms[++i], c, analyze);
    } else if (f.t === 'lit' && f.v instanceof Keyword && f.v.name === 'as') {
      if (i + 1 >= forms.length) invalid(':as must be followed by a name', f);
      [c, as] = compilePattern(forms[++i], c, analyze);
    } else {
      if (rest !== null) invalid('Only :as may follow the & rest pattern', f);
      let b: Binder;
      [c, b] = compilePattern(f, c, analyze);
      positional.push(b);
    }
  }
  const n = positional.length;
  const restB = rest;
  const asB = as;
  return [
    c,
    (frame, v) => {
      const xs = sequenceToDestructure(v);
      for (let i = 0; i < n; i++) positional[i](frame, i < xs.length ? xs[i] : null);
      if (restB !== null) restB(frame, xs.length > n ? xs.slice(n) : null);
      if (asB !== null) asB(frame, v);
    },
  ];
}

/** The items a sequential pattern takes apart; anything else is the reference's `destructure_error`. */
function sequenceToDestructure(v: Value): readonly Value[] {
  try {
    return items('destructuring', v);
  } catch (e) {
    if (e instanceof PtcError && e.type === 'type_error') throw new PtcError('destructure_error', e.message);
    throw e;
  }
}

/** A rest sequence of key/value pairs (`& {:keys [a]}`) destructures as a map. */
function asMap(v: Value): PMap | null {
  if (v instanceof PMap) return v;
  const seq = Array.isArray(v) ? v : v instanceof PList ? v.items : null;
  if (seq !== null && seq.length % 2 === 0) {
    const b = new MapBuilder();
    for (let i = 0; i < seq.length; i += 2) b.set(seq[i], seq[i + 1]);
    return b.build();
  }
  return null;
}

function compileMap(forms: Form[], whole: Form, ctx: Ctx, analyze: AnalyzeFn): [Ctx, Binder] {
  // Collect :or defaults first: they are looked up by the bound name.
  const defaults = new Map<string, Form>();
  for (let i = 0; i < forms.length; i += 2) {
    const k = forms[i];
    if (k.t === 'lit' && k.v instanceof Keyword && k.v.name === 'or') {
      const m = forms[i + 1];
      if (m.t !== 'map') invalid(':or must be followed by a map of defaults, e.g. {:keys [a] :or {a 0}}', m);
      for (let j = 0; j < m.items.length; j += 2) {
        const name = m.items[j];
        if (name.t !== 'sym') invalid(':or keys must be the names being bound', name);
        defaults.set(name.name, m.items[j + 1]);
      }
    }
  }
  const steps: Binder[] = [];
  let as: Binder | null = null;
  let c = ctx;
  const bindKey = (pattern: Form, key: Value, defaultName: string | null): void => {
    const dflt = defaultName !== null ? defaults.get(defaultName) : undefined;
    const dfltNode = dflt !== undefined ? analyze(dflt, { ...c, tail: false }) : null;
    let b: Binder;
    [c, b] = compilePattern(pattern, c, analyze);
    steps.push((frame, m) => {
      const got = m instanceof PMap ? getFlex(m, key) : undefined;
      b(frame, got !== undefined ? got : dfltNode !== null ? dfltNode(frame) : null);
    });
  };
  for (let i = 0; i < forms.length; i += 2) {
    const k = forms[i];
    const v = forms[i + 1];
    if (k.t === 'lit' && k.v instanceof Keyword) {
      const directive = k.v.name;
      if (directive === 'or') continue;
      if (directive === 'as') {
        [c, as] = compilePattern(v, c, analyze);
        continue;
      }
      if (directive === 'keys' || directive === 'strs' || directive === 'syms') {
        if (v.t !== 'vec') invalid(`:${directive} must be followed by a vector of names`, v);
        for (const name of v.items) {
          if (name.t !== 'sym' && !(name.t === 'lit' && name.v instanceof Keyword)) invalid(`:${directive} names must be symbols`, name);
          const local = name.t === 'sym' ? name.name : (name.v as Keyword).name;
          const key: Value = directive === 'keys' ? Keyword.of(local) : local;
          bindKey({ t: 'sym', ns: null, name: local, loc: name.loc }, key, local);
        }
        continue;
      }
      invalid(`Unknown map destructuring option :${directive} (use :keys, :strs, :or, :as)`, k);
    }
    // {local-pattern key}
    if (v.t !== 'lit') invalid('In {name :key} destructuring the key must be a literal such as :key or "key"', v);
    bindKey(k, v.v, k.t === 'sym' ? k.name : null);
  }
  const asB = as;
  return [
    c,
    (frame, v) => {
      const m = asMap(v);
      for (const s of steps) s(frame, m);
      if (asB !== null) asB(frame, v);
    },
  ];
}
