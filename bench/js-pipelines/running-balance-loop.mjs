// Hand-written JavaScript baseline of the running-balance-loop pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// walks 20,000 transactions keeping the balance, its lowest value and the number of overdrawn steps.

export function run() {
  const txs = new Array(20000);
  // Every fifth is a withdrawal; `0 - x` rather than `-x` so a zero withdrawal is 0, not -0.
  for (let i = 0; i < 20000; i++) txs[i] = i % 5 === 0 ? 0 - ((i * 3) % 700) : (i * 7) % 300;
  let bal = 0;
  let low = 0;
  let overdrafts = 0;
  for (let i = 0; i < txs.length; i++) {
    const b = bal + txs[i];
    bal = b;
    if (b < low) low = b;
    if (b < 0) overdrafts++;
  }
  return `{:balance ${bal} :low ${low} :overdrafts ${overdrafts}}`;
}
