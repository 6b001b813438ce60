// Hand-written JavaScript baseline of the category-stats pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// per category, the order count, units, highest price and number of distinct names, sorted by category.

import { makeOrders } from './orders.mjs';

export function run() {
  const orders = makeOrders();
  const groups = new Map();
  for (const o of orders) {
    let g = groups.get(o.category);
    if (g === undefined) groups.set(o.category, (g = []));
    g.push(o);
  }
  const stats = [];
  for (const [category, os] of groups) {
    let units = 0;
    let maxPrice = -Infinity;
    const names = new Set();
    for (const o of os) {
      units += o.qty;
      if (o.price > maxPrice) maxPrice = o.price;
      names.add(o.name);
    }
    stats.push([category, { n: os.length, units, maxPrice, names: names.size }]);
  }
  stats.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // Small maps print in insertion order: :n :units :max-price :names.
  return '[' + stats.map(([c, s]) => `[${JSON.stringify(c)} {:n ${s.n} :units ${s.units} :max-price ${s.maxPrice} :names ${s.names}}]`).join(' ') + ']';
}
