// Hand-written JavaScript baseline of the top-10-by-price pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// the ten most expensive orders with a quantity above 3 (ties by id), as [id name price].

import { makeOrders } from './orders.mjs';

export function run() {
  const orders = makeOrders();
  // Same key as (juxt (comp - :price) :id): price descending, then id ascending.
  const top = orders
    .filter((o) => o.qty > 3)
    .sort((a, b) => b.price - a.price || a.id - b.id)
    .slice(0, 10);
  // Names are plain ASCII without quotes or backslashes, so JSON's string form is Clojure's.
  return '[' + top.map((o) => `[${o.id} ${JSON.stringify(o.name)} ${o.price}]`).join(' ') + ']';
}
