// Hand-written JavaScript baseline of the csv-report pipeline (bench/pipeline-sources.ts), for `npm run bench`:
// a CSV of the even-id orders; returns its length, its first 80 characters and its line count.

import { makeOrders } from './orders.mjs';

const ESCAPES = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' };
/** A string printed as Clojure does: the report's first 80 characters hold a newline, printed as \n. */
function printString(s) {
  return '"' + s.replace(/["\\\n\t\r]/g, (c) => ESCAPES[c]) + '"';
}

export function run() {
  const orders = makeOrders();
  const lines = [];
  for (const o of orders) {
    if (o.id % 2 !== 0) continue;
    lines.push(`${o.id},${o.name},${o.category},${o.price},${o.qty},${o.price * o.qty}`);
  }
  const report = 'id,name,category,price,qty,total\n' + lines.join('\n');
  // str/split-lines splits on \n or \r\n and drops trailing empty lines.
  const split = report.split(/\r?\n/);
  while (split.length > 0 && split[split.length - 1] === '') split.pop();
  return `[${report.length} ${printString(report.slice(0, 80))} ${split.length}]`;
}
