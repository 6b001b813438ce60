#!/usr/bin/env node
// Entry for the `ptc` command: runs the prebuilt bundle (build/ptc.cjs, with its code cache). In a
// checkout whose src/ is newer than the bundle, it rebuilds first, so a stale bundle never runs.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'build', 'ptc.cjs');

async function ensureFresh() {
  const builder = join(root, 'scripts', 'build-cli.mjs');
  if (!existsSync(join(root, 'src')) || !existsSync(builder)) return;
  const { bundleIsStale, buildCli } = await import(pathToFileURL(builder).href);
  if (!bundleIsStale()) return;
  try {
    await buildCli();
  } catch (e) {
    process.stderr.write(`ptc: could not build the command from src/ (${e.message}); run npm install\n`);
    process.exit(2);
  }
}

await ensureFresh();
if (!existsSync(bundle) || statSync(bundle).size === 0) {
  process.stderr.write('ptc: build/ptc.cjs is missing; run npm install (or node scripts/build-cli.mjs)\n');
  process.exit(2);
}
const { loadBundle } = await import(pathToFileURL(join(root, 'bin', 'bundle-loader.mjs')).href);
const { main } = loadBundle(bundle, join(root, 'build', 'ptc.cache')).exports;
process.exitCode = await main(process.argv.slice(2));
