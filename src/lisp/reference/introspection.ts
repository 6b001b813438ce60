// Introspection: what a program can ask about the names it may use. doc and apropos cover the
// language's builtins and forms (this reference) and what the run has; dir, export-meta and source
// answer about the run's own names, as refs: `user/NAME` for the user's definitions, `tool/NAME` for
// the session's tools, `data/NAME` for its data. A miss is not an error: nil, [] or a printed line.
import { builtin, builtinArea } from '../builtins/registry.ts';
import { expected, kindOf } from '../builtins/coerce.ts';
import { printBrief } from '../printer.ts';
import { rt, type Definition, type ToolImpl } from '../runtime.ts';
import { isFn, Keyword, MapBuilder, type PtcFn, type Value } from '../values.ts';
import { closestNames, formatDefinition, formatEntry, referenceEntries, referenceEntry } from './index.ts';

/** The run's own namespaces, in the order dir lists them. */
const NAMESPACES = ['data', 'tool', 'user'] as const;
type Namespace = (typeof NAMESPACES)[number];

const kw = (name: string): Keyword => Keyword.of(name);

/** A ref as the argument may give it: a string (a quoted or auto-quoted symbol arrives as one). */
function refText(fn: string, v: Value): string {
  if (typeof v === 'string') return v;
  if (v instanceof Keyword) return v.name;
  throw expected(fn, 'a name (a string or a symbol)', v);
}

function splitRef(ref: string): { ns: string | null; name: string } {
  const slash = ref.indexOf('/');
  return slash > 0 && ref !== '/' ? { ns: ref.slice(0, slash), name: ref.slice(slash + 1) } : { ns: null, name: ref };
}

function definitions(): Map<string, Definition> {
  const r = rt();
  const out = new Map<string, Definition>(r.memory);
  for (const [k, d] of r.defs) out.set(k, d);
  return out;
}

/** The names of one of the run's namespaces, unsorted. */
function members(ns: Namespace): string[] {
  const r = rt();
  if (ns === 'data') return [...r.data.keys()];
  if (ns === 'tool') return [...r.tools.keys()];
  return [...definitions().keys()];
}

function isNamespace(ns: string | null): ns is Namespace {
  return ns !== null && (NAMESPACES as readonly string[]).includes(ns);
}

function callForm(name: string, params: readonly string[]): string {
  const first = params[0];
  const inner = first === undefined ? '' : first.replace(/^\[|\]$/g, '').trim();
  return inner === '' ? `(${name})` : `(${name} ${inner})`;
}

function paramsOf(f: PtcFn): string[] {
  return f.ptc.params.length > 0 ? [...f.ptc.params] : [];
}

function arityOf(f: PtcFn): Value {
  const b = new MapBuilder();
  b.set(kw('min'), f.ptc.minArity);
  b.set(kw('max'), Number.isFinite(f.ptc.maxArity) ? f.ptc.maxArity : null);
  return b.build();
}

// ---------------------------------------------------------------------------------------------
// What each kind of name tells

interface Told {
  readonly ref: string;
  readonly ns: Namespace;
  readonly name: string;
  readonly kind: string;
  readonly call?: string;
  readonly doc?: string;
  readonly signature?: string;
  readonly type?: string;
  readonly effect: string;
  readonly fn?: PtcFn;
  readonly source?: string;
}

function toolTold(t: ToolImpl): Told {
  const params = paramsOf(t.fn);
  return {
    ref: `tool/${t.name}`,
    ns: 'tool',
    name: t.name,
    kind: 'tool',
    call: callForm(`tool/${t.name}`, params),
    ...(t.description !== undefined ? { doc: t.description } : {}),
    ...(t.signature !== undefined ? { signature: t.signature } : {}),
    // A tool reaches outside the program: what it changes is not known here.
    effect: 'unknown',
    fn: t.fn,
    ...(t.source !== undefined ? { source: t.source } : {}),
  };
}

function userTold(d: Definition): Told {
  const f = isFn(d.value) ? d.value : undefined;
  return {
    ref: `user/${d.name}`,
    ns: 'user',
    name: d.name,
    kind: f !== undefined ? 'function' : 'value',
    ...(f !== undefined ? { call: callForm(d.name, paramsOf(f)) } : { type: kindOf(d.value) }),
    ...(d.doc !== undefined ? { doc: d.doc } : {}),
    // A function may call tools; a value is only read.
    effect: f !== undefined ? 'unknown' : 'none',
    ...(f !== undefined ? { fn: f } : {}),
    ...(d.source !== undefined ? { source: d.source } : {}),
  };
}

/** What the run knows of a ref; a bare name is the user's definition of it. */
function told(ref: string): Told | undefined {
  const { ns, name } = splitRef(ref);
  const r = rt();
  if (ns === 'tool') {
    const t = r.tools.get(name);
    return t === undefined ? undefined : toolTold(t);
  }
  if (ns === 'data') {
    return r.data.has(name) ? { ref, ns: 'data', name, kind: 'data', type: kindOf(r.data.get(name) ?? null), effect: 'none' } : undefined;
  }
  if (ns !== null && ns !== 'user') return undefined;
  const d = r.lookupDef(name);
  return d === undefined ? undefined : userTold(d);
}

function metaOf(t: Told): Value {
  const b = new MapBuilder();
  b.set(kw('ref'), t.ref);
  b.set(kw('namespace'), t.ns);
  b.set(kw('symbol'), t.name);
  b.set(kw('kind'), kw(t.kind));
  if (t.call !== undefined) b.set(kw('call'), t.call);
  b.set(kw('doc'), t.doc ?? null);
  b.set(kw('visibility'), kw('public'));
  b.set(kw('effect'), kw(t.effect));
  if (t.fn !== undefined) {
    b.set(kw('arity'), arityOf(t.fn));
    b.set(kw('params'), paramsOf(t.fn));
  }
  if (t.signature !== undefined) b.set(kw('signature'), t.signature);
  if (t.type !== undefined) b.set(kw('type'), t.type);
  return b.build();
}

function toldText(t: Told): string {
  if (t.ns === 'user') {
    const d = rt().lookupDef(t.name);
    if (d !== undefined) return formatDefinition(d);
  }
  const lines = [`${t.ref} — ${t.kind}`];
  if (t.call !== undefined) lines.push(`  ${t.call}${t.signature !== undefined ? `  ; ${t.signature}` : ''}`);
  if (t.type !== undefined) lines.push(`  ${t.type}, ${printBrief(rt().data.get(t.name) ?? null, 120)}`);
  if (t.doc !== undefined) lines.push(t.doc);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The builtins

builtinArea('definitions');

builtin(
  'doc',
  1,
  "Print what a name is and how to call it: the user's definition, a tool or data (tool/x, data/x), or the language's entry; gives nil.",
  (v) => {
    const ref = refText('doc', v);
    const { ns, name } = splitRef(ref);
    const r = rt();
    // The user's definitions come first, as a bare name resolves (they may take a builtin's name).
    const own = ns === null || isNamespace(ns) ? told(ref) : undefined;
    if (own !== undefined && (ns !== null || r.lookupDef(name) !== undefined)) {
      r.print(toldText(own));
      return null;
    }
    const entry = referenceEntry(ref);
    if (entry !== undefined) {
      r.print(formatEntry(entry));
      return null;
    }
    const near = closestNames(ref);
    r.print(`No documentation for ${ref}.${near.length > 0 ? ` Did you mean: ${near.join(', ')}?` : ''}`);
    return null;
  },
  {
    params: ['[name]'],
    quotesName: true,
    examples: [
      ['(doc map)', 'nil'],
      ['(doc "str/join")', 'nil'],
      ['(doc mapp)', 'nil'],
      ['(defn twice "Doubles x" [x] (* 2 x)) (doc twice)', 'nil'],
    ],
  },
);

builtin(
  'dir',
  [0, 1],
  'The namespaces of this run that hold names (data, tool, user), or the sorted refs of one of them; [] for any other.',
  (v?: Value) => {
    if (v === undefined) return NAMESPACES.filter((ns) => members(ns).length > 0);
    const ns = refText('dir', v);
    return isNamespace(ns)
      ? members(ns)
          .map((n) => `${ns}/${n}`)
          .sort()
      : [];
  },
  {
    params: ['[]', '[namespace]'],
    quotesName: true,
    examples: [
      ['(dir)', '[]'],
      ['(def limit 5) (defn twice [x] (* 2 x)) (dir user)', '["user/limit" "user/twice"]'],
      ['(dir "clojure.string")', '[]'],
    ],
  },
);

/** Whether `q` (lowercase) occurs in any of the texts, ignoring case. */
function mentions(q: string, ...texts: (string | undefined)[]): boolean {
  return texts.some((t) => t !== undefined && t.toLowerCase().includes(q));
}

builtin(
  'apropos',
  1,
  "The sorted names whose name, call or doc contains the text (any case): the language's builtins and forms, and this run's tool/, data/ and user/ refs; [] for a blank text.",
  (v) => {
    const q = refText('apropos', v).trim().toLowerCase();
    if (q === '') return [];
    const found = new Set<string>();
    for (const e of referenceEntries()) {
      if (mentions(q, e.name, e.doc, e.details, ...e.arities)) found.add(e.aliasOf ?? e.name);
    }
    for (const ns of NAMESPACES) {
      for (const name of members(ns)) {
        const t = told(`${ns}/${name}`);
        if (t !== undefined && mentions(q, t.ref, t.doc, t.signature, t.call)) found.add(t.ref);
      }
    }
    return [...found].sort();
  },
  {
    params: ['[text]'],
    examples: [
      ['(some #{"upper-case"} (apropos "UPPER"))', '"upper-case"'],
      ['(apropos "")', '[]'],
      ['(defn shout "Upper-cases a greeting" [s] s) (some #{"user/shout"} (apropos "upper"))', '"user/shout"'],
    ],
  },
);

builtin(
  'export-meta',
  1,
  'What a tool/, data/ or user/ ref is, as data: :ref :namespace :symbol :kind :call :doc :visibility :effect, with :arity and :params for functions, :signature or :type; nil when unknown.',
  (v) => {
    const t = told(refText('export-meta', v));
    return t === undefined ? null : metaOf(t);
  },
  {
    params: ['[ref]'],
    quotesName: true,
    examples: [
      ['(defn twice "Doubles x" [x] (* 2 x)) (:call (export-meta user/twice))', '"(twice x)"'],
      ['(def limit 5) (:kind (export-meta "user/limit"))', ':value'],
      ['(export-meta map)', 'nil'],
    ],
  },
);

builtin(
  'source',
  1,
  "Print the form that defined a user/ name, or a tool's implementation; gives nil (a name without source prints that there is none).",
  (v) => {
    const ref = refText('source', v);
    const t = told(ref);
    rt().print(t?.source ?? `no source available for ${ref}`);
    return null;
  },
  {
    params: ['[ref]'],
    quotesName: true,
    examples: [
      ['(defn twice [x] (* 2 x)) (source twice)', 'nil'],
      ['(source map)', 'nil'],
    ],
  },
);
