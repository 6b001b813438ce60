// Hand-written JavaScript baseline of the word-frequencies pipeline (bench/pipelines.ts), for `npm run bench`:
// the eight most frequent "-"-separated words of the order names (ties by word), as "word=count".

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
  const freq = new Map();
  for (const o of orders) {
    for (const w of o.name.split('-')) freq.set(w, (freq.get(w) ?? 0) + 1);
  }
  // Count descending, then word by code units (Clojure's string compare).
  const top = [...freq]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, 8);
  return '[' + top.map(([w, n]) => JSON.stringify(`${w}=${n}`)).join(' ') + ']';
}
