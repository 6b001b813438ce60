// Hand-written JavaScript baseline of the word-frequencies pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// the eight most frequent "-"-separated words of the order names (ties by word), as "word=count".

import { makeOrders } from './orders.mjs';

export function run() {
  const orders = makeOrders();
  const freq = new Map();
  for (const o of orders) {
    for (const w of o.name.split('-')) freq.set(w, (freq.get(w) ?? 0) + 1);
  }
  // Count descending, then word by code units (Clojure's string compare).
  const top = [...freq].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, 8);
  return '[' + top.map(([w, n]) => JSON.stringify(`${w}=${n}`)).join(' ') + ']';
}
