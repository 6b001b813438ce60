// Hand-written JavaScript baseline of the category-stats pipeline (bench/pipelines.ts), for `npm run bench`:
// per category, the order count, units, highest price and number of distinct names, sorted by category.

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
  return (
    '[' +
    stats
      .map(([c, s]) => `[${JSON.stringify(c)} {:n ${s.n} :units ${s.units} :max-price ${s.maxPrice} :names ${s.names}}]`)
      .join(' ') +
    ']'
  );
}
