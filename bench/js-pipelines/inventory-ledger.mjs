// Hand-written JavaScript baseline of the inventory-ledger pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// sums 20,000 stock movements per SKU, then counts SKUs, the total, and the SKUs whose stock went negative.

export function run() {
  const events = new Array(20000);
  for (let i = 0; i < 20000; i++) {
    events[i] = { sku: `sku-${(i * 17) % 500}`, delta: ((i * 11) % 21) - 10 };
  }
  const stock = new Map();
  for (const e of events) stock.set(e.sku, (stock.get(e.sku) ?? 0) + e.delta);
  let total = 0;
  const short = [];
  for (const [sku, v] of stock) {
    total += v;
    if (v < 0) short.push(sku);
  }
  // Default sort compares UTF-16 code units, as Clojure's compare on strings does.
  short.sort();
  const first = short.slice(0, 5).map((s) => JSON.stringify(s));
  return `{:skus ${stock.size} :total ${total} :short ${short.length} :first-short [${first.join(' ')}]}`;
}
