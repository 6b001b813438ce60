// The reference is made from the interpreter: every example of every entry is run here and must give
// its stated result, and every name the analyzer resolves must have an entry.
import { describe, expect, it } from 'vitest';
import { specialForms } from '../../src/lisp/analyzer.ts';
import { allBuiltins, interopNames, lookupNamespaced, NAMESPACE_ALIASES } from '../../src/lisp/builtins/index.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { closestNames, entryJson, formatEntry, referenceEntries, referenceEntry } from '../../src/lisp/reference/index.ts';
import { run } from '../../src/lisp/run.ts';

const entries = referenceEntries();
const examples = entries.flatMap((e) => e.examples.map((x) => [e.name, x.code, x.result] as const));

/** What a program gives, in the reference's notation. */
function outcome(program: string): string {
  const r = run({ program });
  if (!r.ok) return `error: ${r.error.type}`;
  if (r.signal === 'fail') return `fail: ${printValue(r.value)}`;
  return printValue(r.value);
}

describe('reference examples', () => {
  it.each(examples)('%s: %s → %s', (_name, code, result) => {
    expect(outcome(code)).toBe(result);
  });
});

describe('reference entries', () => {
  it('has one entry per name', () => {
    const names = entries.map((e) => e.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('gives every entry a one-line doc, arities, an area and an example', () => {
    const bad = entries.filter(
      (e) =>
        e.doc.trim() === '' ||
        /[\r\n]/.test(e.doc) ||
        (e.kind !== 'constant' && e.arities.length === 0) ||
        e.arities.some((a) => !/^\[.*\]$/.test(a)) ||
        (e.area as string) === '' ||
        e.examples.length === 0,
    );
    expect(bad.map((e) => e.name)).toEqual([]);
  });

  it('has an entry for every special form and macro the analyzer knows', () => {
    expect([...specialForms.keys()].filter((n) => referenceEntry(n) === undefined)).toEqual([]);
    expect(referenceEntry('doc')?.kind).toBe('function');
  });

  it('has an entry for every builtin, interop function and constant', () => {
    const missing: string[] = [];
    for (const b of allBuiltins()) {
      // A builtin reachable only with its prefix (clojure.set/subset?) is listed under that spelling.
      if ((referenceEntry(b.name) ?? referenceEntry(`${b.ns}/${b.name}`))?.kind !== 'function') missing.push(b.name);
    }
    for (const n of interopNames()) if (referenceEntry(n) === undefined) missing.push(n);
    expect(missing).toEqual([]);
  });

  it('has an entry for every prefixed spelling, naming the entry it stands for', () => {
    const missing: string[] = [];
    for (const b of allBuiltins()) {
      if (b.ns === 'interop') continue;
      for (const prefix of Object.keys(NAMESPACE_ALIASES)) {
        if (lookupNamespaced(prefix, b.name)?.fn !== b.fn) continue;
        const spelling = `${prefix}/${b.name}`;
        if (spelling === '/' || b.name === '/') continue; // clojure.core// is not one symbol to the reader
        const e = referenceEntry(spelling);
        if (e === undefined) missing.push(spelling);
        else if (e.aliasOf === undefined && e.name !== spelling) missing.push(spelling);
      }
    }
    expect(missing).toEqual([]);
    expect(referenceEntry('str/join')?.aliasOf).toBe('join');
    expect(referenceEntry('clojure.string/join')?.aliasOf).toBe('join');
    expect(referenceEntry('clojure.core/map')?.aliasOf).toBe('map');
    expect(referenceEntry('set/subset?')?.aliasOf).toBe('clojure.set/subset?');
    expect(referenceEntry('set/union')?.aliasOf).toBe('union');
    expect(referenceEntry('clojure.string/reverse')?.aliasOf).toBeUndefined();
    expect(referenceEntry('str/reverse')?.aliasOf).toBe('clojure.string/reverse');
  });

  it('points every alias at an entry that is not itself an alias, with the same kind', () => {
    const bad = entries.filter((e) => {
      if (e.aliasOf === undefined) return false;
      const target = referenceEntry(e.aliasOf);
      return target === undefined || target.aliasOf !== undefined || target.kind !== e.kind;
    });
    expect(bad.map((e) => e.name)).toEqual([]);
  });

  it('shows an alias in use in its example when the target has a call to rewrite', () => {
    expect(referenceEntry('str/join')?.examples[0].code).toContain('(str/join ');
    expect(referenceEntry('clojure.core/map')?.examples[0].code).toContain('(clojure.core/map ');
  });

  it('suggests the closest names for an unknown one', () => {
    expect(closestNames('mapp')).toContain('map');
    expect(closestNames('str/jion')).toContain('str/join');
  });

  it('formats an entry as text with its calls, doc and examples', () => {
    const text = formatEntry(referenceEntry('nth')!);
    expect(text.split('\n').slice(0, 4)).toEqual(['nth — function, collections', '  (nth coll i)', '  (nth coll i not-found)', referenceEntry('nth')!.doc]);
    expect(text).toContain('Examples:\n  (nth ');
  });

  it('gives the JSON fields in order, aliasOf only for aliases', () => {
    expect(Object.keys(entryJson(referenceEntry('join')!)).slice(0, 5)).toEqual(['name', 'kind', 'arities', 'doc', 'examples']);
    expect(entryJson(referenceEntry('join')!)).not.toHaveProperty('aliasOf');
    expect(entryJson(referenceEntry('str/join')!)).toMatchObject({ name: 'str/join', aliasOf: 'join' });
  });
});
