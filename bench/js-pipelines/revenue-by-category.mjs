// Hand-written JavaScript baseline of the revenue-by-category pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// per category of orders with a positive quantity, the order count and the revenue, sorted by category.

import { makeOrders } from './orders.mjs';

export function run() {
  const orders = makeOrders();
  // One pass instead of filter + group-by + map: only the count and revenue per group are used.
  const groups = new Map();
  for (const o of orders) {
    if (o.qty <= 0) continue;
    let g = groups.get(o.category);
    if (g === undefined) groups.set(o.category, (g = { count: 0, revenue: 0 }));
    g.count++;
    g.revenue += o.price * o.qty;
  }
  // Plain < on strings compares UTF-16 code units, as Clojure's compare on strings does.
  const rows = [...groups].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return '[' + rows.map(([c, g]) => `[${JSON.stringify(c)} ${g.count} ${g.revenue}]`).join(' ') + ']';
}
