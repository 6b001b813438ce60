import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equals } from '../../src/lisp/equality.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { hashKey as hashKeyOf, Keyword, PMap, PSet, type Value } from '../../src/lisp/values.ts';
import { float } from '../../src/lisp/numbers.ts';
import { scalar } from './arbitraries.ts';

describe('PMap', () => {
  it('treats equal keys as one key, whatever their construction', () => {
    const m = PMap.EMPTY.assoc([1, 2], 'a').assoc(float(2), 'f').assoc(2, 'i').assoc(Keyword.of('k'), 'kw').assoc('k', 's');
    expect(m.size).toBe(5);
    expect(m.lookup([1, 2])).toBe('a');
    expect(m.lookup(float(2))).toBe('f');
    expect(m.lookup(2)).toBe('i');
    expect(printValue(m)).toBe('{[1 2] "a" 2.0 "f" 2 "i" :k "kw" "k" "s"}');
  });

  it('keeps every version intact when versions branch (persistent behaviour)', () => {
    const op = fc.tuple(fc.nat(20), fc.constantFrom('assoc', 'dissoc'), scalar, scalar);
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const versions: PMap[] = [PMap.EMPTY];
        const models: Map<string, [Value, Value]>[] = [new Map()];
        for (const [pick, kind, k, v] of ops) {
          const i = pick % versions.length;
          const model = new Map(models[i]);
          const key = printValue(k);
          if (kind === 'assoc') {
            versions.push(versions[i].assoc(k, v));
            const existing = model.get(key);
            model.set(key, [existing ? existing[0] : k, v]);
          } else {
            versions.push(versions[i].dissoc(k));
            model.delete(key);
          }
          models.push(model);
        }
        versions.forEach((m, i) => {
          const model = models[i];
          expect(m.size).toBe(model.size);
          for (const [, [k, v]] of model) {
            const got = m.lookup(k);
            expect(got !== undefined && equals(got, v)).toBe(true);
          }
          expect(m.keys().map(printValue)).toEqual([...model.keys()]);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every version intact from records sharing key arrays, past the scanning size', () => {
    // Records from one map literal share its key arrays, and so do merges of the same shapes: each
    // version copies them before it appends, while older versions keep reading the shared ones.
    const keys: Value[] = [Keyword.of('a'), Keyword.of('b'), Keyword.of('c')];
    const hashes = keys.map((k) => hashKeyOf(k));
    const op = fc.tuple(fc.nat(40), fc.integer({ min: 0, max: 14 }), fc.integer());
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const r1 = PMap.fromDistinct(keys, hashes, [1, 2, 3]);
        const r2 = PMap.fromDistinct(keys, hashes, [4, 5, 6]);
        const extra = PMap.EMPTY.assoc(Keyword.of('d'), 7).assoc(Keyword.of('a'), 8);
        const versions: PMap[] = [r1, r2, r1.mergeSmall(extra, null)!, r2.mergeSmall(extra, null)!];
        const models: Map<string, Value>[] = versions.map((m) => new Map(m.entries().map(([k, v]) => [printValue(k), v])));
        for (const [pick, k, v] of ops) {
          const i = pick % versions.length;
          versions.push(versions[i].assoc(k, v));
          models.push(new Map(models[i]).set(printValue(k), v));
        }
        versions.forEach((m, i) => {
          expect(m.size).toBe(models[i].size);
          expect(m.entries().map(([k, v]) => [printValue(k), v])).toEqual([...models[i]]);
          for (const [k, v] of m.entries()) expect(m.lookup(k)).toBe(v);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('builds a large map with assoc in linear time (no copying per step)', () => {
    let m = PMap.EMPTY;
    for (let i = 0; i < 200_000; i++) m = m.assoc(i, i);
    expect(m.size).toBe(200_000);
    expect(m.lookup(199_999)).toBe(199_999);
  });
});

describe('PSet', () => {
  it('dedupes by value and keeps insertion order', () => {
    const s = PSet.from([[1], [1], 2, float(2), 'a']);
    expect(s.size).toBe(4);
    expect(printValue(s)).toBe('#{[1] 2 2.0 "a"}');
    expect(s.disj(2).has(2)).toBe(false);
    expect(s.has(2)).toBe(true);
  });
});
