// The 20,000 order records most hand-written pipelines start from, built with the same formulas as
// ORDERS in bench/pipeline-sources.ts (and, like there, built anew by every run).
const CATEGORIES = ['books', 'games', 'music', 'garden', 'tools', 'toys', 'food', 'shoes', 'office', 'sports'];
const COLORS = ['red', 'blue', 'green', 'black'];

export function makeOrders() {
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
