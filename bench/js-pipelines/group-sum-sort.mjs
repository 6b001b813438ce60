// Hand-written JavaScript baseline of the group-sum-sort pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// 20,000 small records, those with an odd :v grouped by :k, each group's sum of :v, largest sum first.

export function run() {
  const records = new Array(20000);
  for (let i = 0; i < 20000; i++) records[i] = { id: i, k: i % 37, v: (i * 7) % 109 };
  const groups = new Map();
  for (const r of records) {
    if (r.v % 2 === 0) continue;
    let g = groups.get(r.k);
    if (g === undefined) groups.set(r.k, (g = []));
    g.push(r);
  }
  const sums = [];
  for (const [k, rs] of groups) {
    let sum = 0;
    for (const r of rs) sum += r.v;
    sums.push([k, sum]);
  }
  // No two sums are equal, so the order of the groups before the sort does not matter.
  sums.sort((a, b) => b[1] - a[1]);
  return '[' + sums.map(([k, s]) => `[${k} ${s}]`).join(' ') + ']';
}
