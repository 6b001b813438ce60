// Benchmark, warm: the data pipelines of pipeline-sources.ts run many times in one process, here and
// in nbb (Clojure on Node via SCI). Times parse + analyze + evaluate + printing of the result, and
// checks both print the same value. (npm run bench times them as the product runs them: bench/fresh.ts.)
// usage: npm run bench:warm [-- --runs N --warmup N --only NAME --engine BUNDLE.mjs]
// --engine times a bundle built earlier (e.g. from a previous commit) instead of building this tree,
// so full runs of two engines can be alternated on a noisy machine.
import { loadString, version as nbbVersion } from 'nbb';
import { loadEngine } from './engine-bundle.ts';
import { normalizePrinted, PIPELINE_LIMITS, PIPELINES } from './pipeline-sources.ts';

const engineAt = process.argv.indexOf('--engine');
const { run, printValue } = await loadEngine(engineAt >= 0 ? process.argv[engineAt + 1] : undefined);

const LIMITS = PIPELINE_LIMITS;

function argValue(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const RUNS = argValue('--runs', 20);
const WARMUP = argValue('--warmup', 5);
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt >= 0 ? process.argv[onlyAt + 1] : null;

function runPtc(source: string): string {
  const r = run({ program: source, limits: LIMITS });
  if (!r.ok) throw new Error(`ptc ${r.error.type}: ${r.error.message}${r.error.line ? ` (line ${r.error.line}, column ${r.error.column})` : ''}`);
  if (r.signal === 'fail') throw new Error(`ptc fail: ${printValue(r.value)}`);
  return printValue(r.value);
}

async function runNbb(source: string): Promise<string> {
  return String(await loadString(`(pr-str (do ${source}))`));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function time<T>(f: () => T | Promise<T>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

async function main(): Promise<void> {
  // nbb: PTC-Lisp knows str/ without a require; Clojure needs the alias once.
  await loadString("(require '[clojure.string :as str])");
  console.log(`PTC-Lisp vs nbb ${nbbVersion()} (Node ${process.version}) — median of ${RUNS} runs after ${WARMUP} warm-up runs\n`);
  const header = ['program', 'ptc ms', 'nbb ms', 'ptc/nbb', 'result'];
  const rows: string[][] = [];
  let allFast = true;
  let allMatch = true;
  for (const p of PIPELINES) {
    if (ONLY && p.name !== ONLY) continue;
    let ptcOut: string;
    let nbbOut: string;
    try {
      ptcOut = runPtc(p.source);
    } catch (e) {
      console.log(`!!! ${p.name}: PTC-Lisp failed: ${(e as Error).message}`);
      allMatch = false;
      rows.push([p.name, 'error', '-', '-', 'PTC ERROR']);
      continue;
    }
    try {
      nbbOut = await runNbb(p.source);
    } catch (e) {
      console.log(`!!! ${p.name}: nbb failed: ${(e as Error).message}`);
      allMatch = false;
      rows.push([p.name, '-', 'error', '-', 'NBB ERROR']);
      continue;
    }
    const match = normalizePrinted(ptcOut) === normalizePrinted(nbbOut);
    if (!match) {
      allMatch = false;
      console.log(`!!! MISMATCH in ${p.name}\n    ptc: ${ptcOut.slice(0, 400)}\n    nbb: ${nbbOut.slice(0, 400)}`);
    }
    for (let i = 0; i < WARMUP; i++) {
      runPtc(p.source);
      await runNbb(p.source);
    }
    const ptcTimes: number[] = [];
    const nbbTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ptcTimes.push(await time(() => runPtc(p.source)));
      nbbTimes.push(await time(() => runNbb(p.source)));
    }
    const a = median(ptcTimes);
    const b = median(nbbTimes);
    const ratio = a / b;
    if (ratio > 0.5) allFast = false;
    rows.push([p.name, a.toFixed(2), b.toFixed(2), ratio.toFixed(2), match ? 'same' : 'MISMATCH']);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]): string => r.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log();
  console.log(allMatch ? 'results: every program printed the same value in PTC-Lisp and nbb' : 'results: MISMATCH OR ERROR — see above');
  console.log(`goal (every ptc/nbb ≤ 0.5): ${allFast && allMatch ? 'met' : 'NOT met'}`);
  process.exitCode = allMatch ? 0 : 1;
}

await main();
