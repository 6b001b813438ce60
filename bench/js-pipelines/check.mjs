// Checks each hand-written JavaScript baseline in this folder against PTC-Lisp: runs the pipeline's
// source from bench/pipelines.ts through `node bin/ptc.mjs eval` and compares the printed value.
// usage: node bench/js-pipelines/check.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const text = readFileSync(join(root, 'bench', 'pipelines.ts'), 'utf8');

// Read the sources out of the TypeScript text rather than importing it: importing runs the benchmark.
const orders = text.match(/const ORDERS = `([^`]*)`;/)[1];
const pipelines = [...text.matchAll(/name: '([^']+)',\s*source: `([^`]*)`/g)].map(([, name, raw]) => ({
  name,
  // Undo the template literal: splice ORDERS in and turn each escaped backslash back into one.
  source: raw.replaceAll('${ORDERS}', orders).replace(/\\\\/g, '\\'),
}));
if (pipelines.length !== 8) throw new Error(`expected 8 pipelines in bench/pipelines.ts, found ${pipelines.length}`);

const tmp = mkdtempSync(join(tmpdir(), 'js-pipelines-'));
let allSame = true;
try {
  for (const p of pipelines) {
    const file = join(tmp, `${p.name}.clj`);
    writeFileSync(file, p.source);
    const ptc = execFileSync(
      process.execPath,
      [join(root, 'bin', 'ptc.mjs'), 'eval', file, '--limit', 'maxLoopIterations=10000000', '--limit', 'timeoutMs=60000'],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    ).trim();
    const { run } = await import(join(here, `${p.name}.mjs`));
    const js = run();
    const same = js === ptc;
    if (!same) {
      allSame = false;
      console.log(`${p.name}: DIFFERENT\n  ptc: ${ptc.slice(0, 400)}\n  js:  ${js.slice(0, 400)}`);
    } else console.log(`${p.name}: same`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exitCode = allSame ? 0 : 1;
