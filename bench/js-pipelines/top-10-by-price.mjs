// Hand-written JavaScript baseline of the top-10-by-price pipeline (bench/pipelines.ts), for `npm run bench`:
// the ten most expensive orders with a quantity above 3 (ties by id), as [id name price].

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
  // Same key as (juxt (comp - :price) :id): price descending, then id ascending.
  const top = orders
    .filter((o) => o.qty > 3)
    .sort((a, b) => b.price - a.price || a.id - b.id)
    .slice(0, 10);
  // Names are plain ASCII without quotes or backslashes, so JSON's string form is Clojure's.
  return '[' + top.map((o) => `[${o.id} ${JSON.stringify(o.name)} ${o.price}]`).join(' ') + ']';
}
