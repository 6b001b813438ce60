// The language reference, made from the interpreter itself: the builtin registry (doc, arity,
// parameters, examples) plus the special forms' entries (registered beside each form), and one
// entry for every other spelling a program may write for the same thing (str/join,
// clojure.core/map). Read by `ptc doc` and by (doc name) (introspection.ts).
import '../builtins/index.ts';
// The forms, each registering its entry, in the order the reference lists them (as forms/index.ts).
import '../forms/control.ts';
import '../forms/functions.ts';
import '../forms/loops.ts';
import '../forms/threading.ts';
import '../forms/iteration.ts';
import {
  allBuiltins,
  allConstants,
  lookupBuiltin,
  lookupConstant,
  lookupInterop,
  lookupNamespaced,
  NAMESPACE_ALIASES,
  type BuiltinInfo,
} from '../builtins/registry.ts';
import { suggest } from '../errors.ts';
import { readProgram } from '../reader.ts';
import type { Definition } from '../runtime.ts';
import { printBrief } from '../printer.ts';
import { isFn } from '../values.ts';
import { areaOf } from './areas.ts';
import { formDocs } from './form-docs.ts';
import type { FormDoc, RefEntry, RefExample } from './types.ts';

export type { Area, EntryKind, RefEntry, RefExample } from './types.ts';

const examplesOf = (pairs: readonly (readonly [string, string])[]): RefExample[] => pairs.map(([code, result]) => ({ code, result }));

function formEntry(name: string, f: FormDoc): RefEntry {
  return {
    name,
    kind: f.kind,
    arities: f.arities,
    doc: f.doc,
    ...(f.details !== undefined ? { details: f.details } : {}),
    area: f.area,
    examples: examplesOf(f.examples),
    ...(f.aliasOf !== undefined ? { aliasOf: f.aliasOf } : {}),
  };
}

/** The spelling a builtin is known by: its bare name, or ns/name when only reachable with a prefix. */
function canonicalName(info: BuiltinInfo): string {
  if (info.ns === 'interop' || lookupBuiltin(info.name)?.fn === info.fn) return info.name;
  return `${info.ns ?? 'clojure.core'}/${info.name}`;
}

function builtinEntry(info: BuiltinInfo): RefEntry {
  const name = canonicalName(info);
  const area = areaOf(info);
  if (area === undefined) throw new Error(`reference: builtin ${name} has no area (see builtinArea in builtins/registry.ts)`);
  return { name, kind: 'function', arities: info.fn.ptc.params, doc: info.doc, area, examples: examplesOf(info.examples) };
}

/** Whether the reader reads `text` as the one symbol ns/name (`clojure.core//` is not one). */
function readsAsSymbol(text: string, ns: string, name: string): boolean {
  try {
    const forms = readProgram(text);
    const f = forms[0];
    return forms.length === 1 && f.t === 'sym' && f.ns === ns && f.name === name;
  } catch {
    return false;
  }
}

/** The example of an alias: the target's first example with its call written the alias's way. */
function aliasExamples(target: RefEntry, alias: string): RefExample[] {
  const first = target.examples[0];
  if (first === undefined) return [];
  const head = `(${target.name} `;
  const at = first.code.indexOf(head);
  if (at < 0) return [first];
  return [{ code: first.code.slice(0, at) + `(${alias} ` + first.code.slice(at + head.length), result: first.result }];
}

function aliasEntry(target: RefEntry, alias: string): RefEntry {
  const { details: _details, aliasOf: _aliasOf, ...rest } = target;
  return { ...rest, name: alias, examples: aliasExamples(target, alias), aliasOf: target.name };
}

/** Every prefixed spelling that resolves to this builtin, but its canonical one. */
function prefixedSpellings(info: BuiltinInfo, canonical: string): string[] {
  if (info.ns === 'interop') return [];
  const out: string[] = [];
  for (const prefix of Object.keys(NAMESPACE_ALIASES)) {
    const spelling = `${prefix}/${info.name}`;
    if (spelling === canonical || lookupNamespaced(prefix, info.name)?.fn !== info.fn) continue;
    if (readsAsSymbol(spelling, prefix, info.name)) out.push(spelling);
  }
  return out;
}

function build(): RefEntry[] {
  const entries: RefEntry[] = [];
  for (const [name, f] of formDocs()) entries.push(formEntry(name, f));
  const seen = new Set<string>();
  for (const info of allBuiltins()) {
    const entry = builtinEntry(info);
    if (seen.has(entry.name)) continue;
    seen.add(entry.name);
    entries.push(entry);
    for (const spelling of prefixedSpellings(info, entry.name)) entries.push(aliasEntry(entry, spelling));
  }
  for (const c of allConstants()) entries.push({ name: c.name, kind: 'constant', arities: [], doc: c.doc, area: 'math', examples: examplesOf(c.examples) });
  return entries;
}

let cache: { list: readonly RefEntry[]; byName: ReadonlyMap<string, RefEntry> } | null = null;

function reference(): { list: readonly RefEntry[]; byName: ReadonlyMap<string, RefEntry> } {
  // Built on first use: a run that never asks for documentation pays nothing.
  if (cache === null) {
    const list = build();
    cache = { list, byName: new Map(list.map((e) => [e.name, e])) };
  }
  return cache;
}

/** Every entry: special forms and macros, then the builtins each followed by its other spellings, then constants. */
export function referenceEntries(): readonly RefEntry[] {
  return reference().list;
}

export function referenceEntry(name: string): RefEntry | undefined {
  return reference().byName.get(name);
}

/** Up to three names close to an unknown one, best first. */
export function closestNames(name: string): string[] {
  return suggest(name, reference().byName.keys());
}

/** Whether a name is an interop function or constant (for callers that list them apart). */
export function isInteropName(name: string): boolean {
  return lookupInterop(name) !== undefined || lookupConstant(name) !== undefined;
}

/** "[f coll]" as a call: "(map f coll)". */
function usageLine(name: string, arity: string): string {
  const inner = arity.startsWith('[') && arity.endsWith(']') ? arity.slice(1, -1) : arity;
  return inner === '' ? `(${name})` : `(${name} ${inner})`;
}

/** An entry as text for people: heading, how to call it, what it does, its examples. */
export function formatEntry(e: RefEntry): string {
  const lines = [`${e.name} — ${e.kind}, ${e.area}${e.aliasOf !== undefined ? `; another spelling of ${e.aliasOf}` : ''}`];
  for (const a of e.arities) lines.push(`  ${usageLine(e.name, a)}`);
  lines.push(e.doc);
  if (e.details !== undefined) lines.push(e.details);
  if (e.examples.length > 0) {
    lines.push('Examples:');
    for (const x of e.examples) lines.push(`  ${x.code}  ;=> ${x.result}`);
  }
  return lines.join('\n');
}

/** A user's definition as text for people, as `formatEntry` sets out a builtin. */
export function formatDefinition(d: Definition): string {
  const v = d.value;
  const lines = [`${d.name} — ${isFn(v) ? 'function' : 'value'}, user's definition`];
  if (isFn(v)) for (const p of v.ptc.params) lines.push(`  ${usageLine(d.name, p)}`);
  else lines.push(`  = ${printBrief(v, 200)}`);
  if (d.doc !== undefined) lines.push(d.doc);
  return lines.join('\n');
}

/** The JSON form of `ptc doc --json`: the fields in a fixed order, the optional ones only when present. */
export function entryJson(e: RefEntry): Record<string, unknown> {
  return {
    name: e.name,
    kind: e.kind,
    arities: e.arities,
    doc: e.doc,
    examples: e.examples.map((x) => ({ code: x.code, result: x.result })),
    ...(e.aliasOf !== undefined ? { aliasOf: e.aliasOf } : {}),
    area: e.area,
    ...(e.details !== undefined ? { details: e.details } : {}),
  };
}
