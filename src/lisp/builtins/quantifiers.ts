// Builtins that ask whether a predicate holds for some or every item: some, every?, not-any?,
// not-every?.
import { truthy, type Value } from '../values.ts';
import { fn1 } from './callers.ts';
import { items } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

// The reference area of the builtins below (registry.ts).
builtinArea('collections');

builtin(
  'some',
  2,
  'The first truthy value of (pred item), or nil. A set works as pred: (some #{"x"} coll).',
  (p, c) => {
    const f = fn1('some', p, c);
    const xs = items('some', c);
    for (let i = 0; i < xs.length; i++) {
      const r = f(xs[i]);
      if (r !== null && r !== false) return r;
    }
    return null;
  },
  {
    params: ['[pred coll]'],
    examples: [
      ['(some even? [1 2 3])', 'true'],
      ['(some #{3} [1 3])', '3'],
      ['(some even? [])', 'nil'],
    ],
  },
);

/** True when some item's pred result has the given truthiness. */
function anyIs(fn: string, p: Value, c: Value, want: boolean): boolean {
  const f = fn1(fn, p, c);
  const xs = items(fn, c);
  for (let i = 0; i < xs.length; i++) if (truthy(f(xs[i])) === want) return true;
  return false;
}

builtinArea('predicates');
builtin('every?', 2, 'True if pred is truthy for every item (true for an empty collection).', (p, c) => !anyIs('every?', p, c, false), {
  params: ['[pred coll]'],
  examples: [
    ['(every? pos? [1 2])', 'true'],
    ['(every? :ok [{:ok true} {:ok nil}])', 'false'],
  ],
});
builtin('not-any?', 2, 'True if pred is falsy for every item.', (p, c) => !anyIs('not-any?', p, c, true), {
  params: ['[pred coll]'],
  examples: [['(not-any? neg? [1 2])', 'true']],
});
builtin('not-every?', 2, 'True if pred is falsy for at least one item.', (p, c) => anyIs('not-every?', p, c, false), {
  params: ['[pred coll]'],
  examples: [['(not-every? pos? [1 -2])', 'true']],
});
