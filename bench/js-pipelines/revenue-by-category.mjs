// Hand-written JavaScript baseline of the revenue-by-category pipeline (bench/pipelines.ts), for `npm run bench`:
// per category of orders with a positive quantity, the order count and the revenue, sorted by category.

const CATEGORIES = ['books', 'games', 'music', 'garden', 'tools', 'toys', 'food', 'shoes', 'office', 'sports'];
const COLORS = ['red', 'blue', 'green', 'black'];

function makeOrders() {
  const orders = new Array(20000);
  for (let i = 0; i < 20000; i++) {
    orders[i] = {
      id: i,
      category: CATEGORIES[(i * 7) % 10],
      price: 100 + ((i * 37) % 9900),
      qty: (i * 13) % 17,
      name: `item-${(i * 31) % 997}-${COLORS[i % 4]}`,
    };
  }
  return orders;
}

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
