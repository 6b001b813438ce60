// Hand-written JavaScript baseline of the join-customers pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// joins 15,000 orders to their customers, then sums amounts per region and per vip/regular, sorted by key.

const REGIONS = ['north', 'south', 'east', 'west'];

const byKey = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export function run() {
  const customers = new Map();
  for (let c = 0; c < 1000; c++) customers.set(c, { region: REGIONS[c % 4], vip: c % 9 === 0 });
  const orders = new Array(15000);
  for (let i = 0; i < 15000; i++) orders[i] = { id: i, customer: (i * 7) % 1000, amount: 5 + ((i * 29) % 500) };
  const enriched = orders.map((o) => ({ ...o, ...customers.get(o.customer) }));
  // Regions and vip/regular are keywords in Clojure; keywords sort by name, so keep the names as strings.
  const byRegion = new Map();
  for (const o of enriched) {
    let r = byRegion.get(o.region);
    if (r === undefined) byRegion.set(o.region, (r = new Map()));
    const kind = o.vip ? 'vip' : 'regular';
    r.set(kind, (r.get(kind) ?? 0) + o.amount);
  }
  const rows = [...byRegion].sort(byKey).map(([region, kinds]) => {
    const inner = [...kinds].sort(byKey).map(([k, v]) => `[:${k} ${v}]`);
    return `[:${region} [${inner.join(' ')}]]`;
  });
  return `[${rows.join(' ')}]`;
}
