// fast-check generators of PTC values, shared by the property tests.
import fc from 'fast-check';
import { float } from '../../src/lisp/numbers.ts';
import { Keyword, MapBuilder, PList, PSet, type Value } from '../../src/lisp/values.ts';

const keywordName = fc.stringMatching(/^[a-z][a-z0-9?!_-]{0,8}$/);

export const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((b) => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b)),
  fc.double({ noNaN: true }).map((d) => float(d)),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  keywordName.map((n) => Keyword.of(n)),
);

export const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value; vec: Value[]; list: PList; set: PSet; map: Value }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('vec'), tie('map'), tie('set'), tie('list')),
  vec: fc.array(tie('v'), { maxLength: 5 }),
  list: fc.array(tie('v'), { maxLength: 4 }).map((xs) => new PList(xs)),
  set: fc.array(tie('v'), { maxLength: 4 }).map((xs) => PSet.from(xs)),
  map: fc.array(fc.tuple(tie('v'), tie('v')), { maxLength: 4 }).map((es) => {
    const b = new MapBuilder();
    for (const [k, v] of es) b.set(k, v);
    return b.build();
  }),
})).v;
