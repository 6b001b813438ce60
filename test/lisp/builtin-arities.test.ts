// The parameter lists a builtin shows (in `(doc …)`, the reference panel, completion) cover exactly
// the numbers of arguments it accepts.
import { describe, expect, it } from 'vitest';
import '../../src/lisp/builtins/index.ts';
import { lookupBuiltin } from '../../src/lisp/builtins/registry.ts';
import { referenceEntries } from '../../src/lisp/reference/index.ts';

/** Declared arities kept only to answer with a better message than an arity error. */
const EXPLAINED = new Set(['repeat']);

function range(params: readonly string[]): [number, number] {
  let min = Infinity;
  let max = 0;
  for (const p of params) {
    const words = p
      .slice(1, -1)
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    const rest = words.indexOf('&');
    min = Math.min(min, rest >= 0 ? rest : words.length);
    max = Math.max(max, rest >= 0 ? Infinity : words.length);
  }
  return [min, max];
}

describe('builtin parameter lists', () => {
  it('cover the arities each builtin accepts', () => {
    const wrong: string[] = [];
    for (const e of referenceEntries()) {
      if (e.kind !== 'function' || e.aliasOf !== undefined || EXPLAINED.has(e.name)) continue;
      const b = lookupBuiltin(e.name);
      if (b === undefined || e.arities.length === 0) continue;
      const [min, max] = range(e.arities);
      if (min !== b.minArity || max !== b.maxArity) wrong.push(`${e.name}: ${e.arities.join(' ')} vs ${b.minArity}..${b.maxArity}`);
    }
    expect(wrong).toEqual([]);
  });
});
