// Builtins that regroup a collection's items: into chunks (partition, partition-all, partition-by),
// merged with others (interleave, interpose, zip) or chosen k at a time (combinations).
import { execError } from '../errors.ts';
import { equals } from '../equality.ts';
import { rt } from '../runtime.ts';
import type { Value } from '../values.ts';
import { countArg, fn1 } from './callers.ts';
import { items } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

function positive(fn: string, what: string, v: Value): number {
  const n = countArg(fn, v);
  if (n <= 0) throw execError(`${fn} needs a positive ${what}, got ${n} (it would never finish)`);
  return n;
}

/** Chunks of n items every `step` items; `all` keeps short tails, `pad` fills the last chunk. */
function chunks(fn: string, n: number, step: number, xs: readonly Value[], all: boolean, pad: readonly Value[] | null): Value[][] {
  const out: Value[][] = [];
  const r = rt();
  let total = 0;
  for (let i = 0; i < xs.length; i += step) {
    const end = i + n;
    if (end <= xs.length) {
      out.push(xs.slice(i, end));
    } else {
      if (pad !== null) {
        const c = xs.slice(i);
        for (let j = 0; j < pad.length && c.length < n; j++) c.push(pad[j]);
        out.push(c);
      } else if (all) {
        out.push(xs.slice(i));
      }
      break;
    }
    total += n;
    if (total > 65536) {
      r.checkSize(total, `${fn} result`);
    }
  }
  return out;
}

// The reference area of the builtins below (registry.ts).
builtinArea('collections');

builtin(
  'partition',
  [2, 4],
  'Chunks of n items (every step items, default n) as a vector of vectors; an incomplete last chunk is dropped unless pad is given.',
  (...args) => {
    const n = positive('partition', 'chunk size', args[0]);
    const step = args.length >= 3 ? positive('partition', 'step', args[1]) : n;
    const pad = args.length === 4 ? items('partition', args[2]) : null;
    return chunks('partition', n, step, items('partition', args[args.length - 1]), false, pad);
  },
  {
    params: ['[n coll]', '[n step coll]', '[n step pad coll]'],
    examples: [
      ['(partition 2 [1 2 3 4 5])', '[[1 2] [3 4]]'],
      ['(partition 2 2 [0] [1 2 3])', '[[1 2] [3 0]]'],
    ],
  },
);
builtin(
  'partition-all',
  [2, 3],
  'Chunks of n items (every step items, default n) as a vector of vectors, keeping a short last chunk.',
  (...args) => {
    const n = positive('partition-all', 'chunk size', args[0]);
    const step = args.length === 3 ? positive('partition-all', 'step', args[1]) : n;
    return chunks('partition-all', n, step, items('partition-all', args[args.length - 1]), true, null);
  },
  { params: ['[n coll]', '[n step coll]'], examples: [['(partition-all 2 [1 2 3])', '[[1 2] [3]]']] },
);
builtin(
  'partition-by',
  2,
  'Split the items into runs on which (f item) stays equal; returns a vector of vectors.',
  (f, c) => {
    const g = fn1('partition-by', f, c);
    const xs = items('partition-by', c);
    const out: Value[][] = [];
    let cur: Value[] = [];
    let prev: Value = null;
    for (let i = 0; i < xs.length; i++) {
      const k = g(xs[i]);
      if (i > 0 && !equals(k, prev)) {
        out.push(cur);
        cur = [];
      }
      cur.push(xs[i]);
      prev = k;
    }
    if (cur.length > 0) out.push(cur);
    return out;
  },
  { params: ['[f coll]'], examples: [['(partition-by odd? [1 3 2 4 5])', '[[1 3] [2 4] [5]]']] },
);

builtin(
  'interleave',
  [0, Infinity],
  'The first item of each collection, then the second of each, and so on, stopping at the shortest.',
  (...colls) => {
    if (colls.length === 0) return [];
    const lists = colls.map((c) => items('interleave', c));
    let n = Infinity;
    for (const xs of lists) if (xs.length < n) n = xs.length;
    rt().checkSize(n * lists.length);
    const out: Value[] = [];
    for (let i = 0; i < n; i++) for (let j = 0; j < lists.length; j++) out.push(lists[j][i]);
    return out;
  },
  { params: ['[& colls]'], examples: [['(interleave [1 2 3] [:a :b])', '[1 :a 2 :b]']] },
);
builtin(
  'interpose',
  2,
  'The items with sep between each pair, as a vector.',
  (sep, c) => {
    const xs = items('interpose', c);
    rt().checkSize(xs.length * 2);
    const out: Value[] = [];
    for (let i = 0; i < xs.length; i++) {
      if (i > 0) out.push(sep);
      out.push(xs[i]);
    }
    return out;
  },
  { params: ['[sep coll]'], examples: [['(interpose ", " ["a" "b" "c"])', '["a" ", " "b" ", " "c"]']] },
);
builtin(
  'zip',
  [2, Infinity],
  'Pair up the items of the collections: a vector of [a b ...] tuples, stopping at the shortest.',
  (...colls) => {
    const lists = colls.map((c) => items('zip', c));
    let n = Infinity;
    for (const xs of lists) if (xs.length < n) n = xs.length;
    const out = new Array<Value>(n);
    for (let i = 0; i < n; i++) {
      const row = new Array<Value>(lists.length);
      for (let j = 0; j < lists.length; j++) row[j] = lists[j][i];
      out[i] = row;
    }
    return out;
  },
  { params: ['[c1 c2 & colls]'], examples: [['(zip [1 2] [:a :b])', '[[1 :a] [2 :b]]']] },
);

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

builtin(
  'combinations',
  2,
  'All ways to choose n items from coll (keeping their order), as a vector of vectors.',
  (c, nv) => {
    const xs = items('combinations', c);
    const k = countArg('combinations', nv);
    if (k < 0 || k > xs.length) return [];
    const r = rt();
    r.checkSize(binomial(xs.length, k), 'combinations result');
    const out: Value[][] = [];
    const idx: number[] = [];
    for (let i = 0; i < k; i++) idx.push(i);
    for (;;) {
      const combo = new Array<Value>(k);
      for (let i = 0; i < k; i++) combo[i] = xs[idx[i]];
      out.push(combo);
      r.tick();
      let i = k - 1;
      while (i >= 0 && idx[i] === xs.length - k + i) i--;
      if (i < 0) return out;
      idx[i]++;
      for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    }
  },
  { params: ['[coll n]'], examples: [['(combinations [1 2 3] 2)', '[[1 2] [1 3] [2 3]]']] },
);
