// Benchmark: fresh processes, as the product runs programs (every turn is a new program, and the
// command line is started by scripts). For each pipeline of pipeline-sources.ts, in rounds that
// alternate the three so a busy machine slows them alike:
//   ptc  — `ptc eval FILE --time` in a new process: its time-ms (read + analyze + evaluate);
//   nbb  — `nbb FILE` in a new process with the program wrapped in `(time …)`: evaluation only
//          (SCI has analyzed the form before the clock starts, so nbb's figure leaves out work ptc's includes);
//   js   — the hand-written JavaScript of bench/js-pipelines/ in a new Node process, timed around run().
// Then start-up: `ptc eval -e '(+ 1 2)'` and `nbb -e '(+ 1 2)'`, spawn to exit, beside `node -e 0`.
// Prints medians and ratios; asserts nothing. Results are checked equal first.
// usage: tsx bench/fresh.ts [--rounds N] [--only NAME] [--startup-runs N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normalizePrinted, PIPELINE_LIMITS, PIPELINES } from './pipeline-sources.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, 'bench', '.build', 'fresh');
const ptcBin = join(root, 'bin', 'ptc.mjs');
const nbbBin = join(root, 'node_modules', 'nbb', 'cli.js');
const jsDir = join(root, 'bench', 'js-pipelines');

function numberArg(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  const n = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}
const ROUNDS = numberArg('--rounds', 9);
const STARTUP_RUNS = numberArg('--startup-runs', 15);
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt >= 0 ? process.argv[onlyAt + 1] : null;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function run(cmd: string, args: string[]): { stdout: string; stderr: string; ms: number } {
  const t = performance.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${[cmd, ...args].join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return { stdout: r.stdout, stderr: r.stderr, ms };
}

const limitArgs = Object.entries(PIPELINE_LIMITS).flatMap(([k, v]) => ['--limit', `${k}=${v}`]);

function timePtc(file: string): { ms: number; out: string } {
  const r = run(process.execPath, [ptcBin, 'eval', file, '--time', ...limitArgs]);
  const m = /time-ms: ([\d.]+)/.exec(r.stderr);
  if (!m) throw new Error(`no time-ms in ptc's output: ${r.stderr.slice(0, 300)}`);
  return { ms: Number(m[1]), out: r.stdout.trim() };
}

function timeNbb(file: string): { ms: number; out: string } {
  const r = run(process.execPath, [nbbBin, file]);
  const m = /Elapsed time: ([\d.]+) msecs/.exec(r.stdout);
  if (!m) throw new Error(`no elapsed time in nbb's output: ${r.stdout.slice(0, 300)}`);
  // The last line is the printed result (pr-str of the value, printed again by prn).
  const lines = r.stdout.trim().split('\n');
  return { ms: Number(m[1]), out: JSON.parse(lines[lines.length - 1]) as string };
}

const JS_RUNNER = `const m = await import(process.argv[1]);
const t = performance.now(); const out = m.run(); const ms = performance.now() - t;
process.stdout.write(JSON.stringify({ ms, out }));`;

function timeJs(file: string): { ms: number; out: string } {
  const r = run(process.execPath, ['--input-type=module', '-e', JS_RUNNER, pathToFileURL(file).href]);
  return JSON.parse(r.stdout) as { ms: number; out: string };
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]): string => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

function pipelines(): boolean {
  mkdirSync(work, { recursive: true });
  const chosen = PIPELINES.filter((p) => ONLY === null || p.name === ONLY);
  const files = chosen.map((p) => {
    const clj = join(work, `${p.name}.clj`);
    const cljs = join(work, `${p.name}.cljs`);
    writeFileSync(clj, p.source + '\n');
    writeFileSync(cljs, `(require '[clojure.string :as str])\n(prn (time (pr-str ${p.source})))\n`);
    const js = join(jsDir, `${p.name}.mjs`);
    return { name: p.name, clj, cljs, js: existsSync(js) ? js : null };
  });
  let allSame = true;
  const times = new Map(files.map((f) => [f.name, { ptc: [] as number[], nbb: [] as number[], js: [] as number[] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const f of files) {
      const t = times.get(f.name)!;
      const p = timePtc(f.clj);
      const n = timeNbb(f.cljs);
      const j = f.js ? timeJs(f.js) : null;
      if (round === 0) {
        const same = normalizePrinted(p.out) === normalizePrinted(n.out) && (j === null || normalizePrinted(j.out) === normalizePrinted(p.out));
        if (!same) {
          allSame = false;
          console.log(
            `!!! ${f.name}: results differ\n  ptc: ${p.out.slice(0, 300)}\n  nbb: ${n.out.slice(0, 300)}${j ? `\n  js:  ${j.out.slice(0, 300)}` : ''}`,
          );
        }
      }
      t.ptc.push(p.ms);
      t.nbb.push(n.ms);
      if (j) t.js.push(j.ms);
    }
  }
  const rows: string[][] = [];
  let worst = 0;
  let worstJs = 0;
  for (const f of files) {
    const t = times.get(f.name)!;
    const [p, n] = [median(t.ptc), median(t.nbb)];
    const j = t.js.length ? median(t.js) : NaN;
    worst = Math.max(worst, p / n);
    if (t.js.length) worstJs = Math.max(worstJs, p / j);
    rows.push([f.name, p.toFixed(1), n.toFixed(1), (p / n).toFixed(2), Number.isNaN(j) ? '-' : j.toFixed(1), Number.isNaN(j) ? '-' : (p / j).toFixed(1)]);
  }
  console.log(`Fresh processes: each program in a new process, median of ${ROUNDS} alternating rounds (Node ${process.version})\n`);
  table(['program', 'ptc ms', 'nbb ms', 'ptc/nbb', 'js ms', 'ptc/js'], rows);
  console.log();
  console.log(allSame ? 'results: ptc, nbb and the JavaScript printed the same value for every program' : 'results: DIFFERENT — see above');
  console.log(`goal, every ptc/nbb ≤ 0.5: ${worst <= 0.5 ? 'met' : 'NOT met'} (worst ${worst.toFixed(2)})`);
  if (worstJs > 0) console.log(`aim, every ptc/js ≤ 3: ${worstJs <= 3 ? 'met' : 'not yet'} (worst ${worstJs.toFixed(1)})`);
  return allSame;
}

function startup(): void {
  const ptc: number[] = [];
  const nbb: number[] = [];
  const node: number[] = [];
  // The bundle is rebuilt by the first call if src/ changed; that one is not timed.
  run(process.execPath, [ptcBin, 'eval', '-e', '(+ 1 2)']);
  for (let i = 0; i < STARTUP_RUNS; i++) {
    const a = run(process.execPath, [ptcBin, 'eval', '-e', '(+ 1 2)']);
    const b = run(process.execPath, [nbbBin, '-e', '(+ 1 2)']);
    if (a.stdout.trim() !== '3' || b.stdout.trim() !== '3') throw new Error(`start-up check printed ${a.stdout} / ${b.stdout}`);
    ptc.push(a.ms);
    nbb.push(b.ms);
    node.push(run(process.execPath, ['-e', '0']).ms);
  }
  const [p, n, o] = [median(ptc), median(nbb), median(node)];
  console.log(`\nStart-up, spawn to exit, median of ${STARTUP_RUNS} alternating runs\n`);
  table(
    ['command', 'ms', 'vs nbb'],
    [
      ["ptc eval -e '(+ 1 2)'", p.toFixed(0), (p / n).toFixed(2)],
      ["nbb -e '(+ 1 2)'", n.toFixed(0), '1.00'],
      ['node -e 0 (for scale)', o.toFixed(0), (o / n).toFixed(2)],
    ],
  );
  console.log(`\ngoal, ptc start-up no slower than nbb: ${p <= n ? 'met' : 'NOT met'}`);
}

const same = pipelines();
if (ONLY === null) startup();
process.exitCode = same ? 0 : 1;
