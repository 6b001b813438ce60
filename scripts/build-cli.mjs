#!/usr/bin/env node
// Bundles the `ptc` command into build/ptc.cjs, so a start loads one file instead of compiling
// TypeScript (measured: 0.12 s against 0.5 s through tsx), then makes V8's code cache of it
// (build/ptc.cache) after running every builtin's examples. The LLM SDKs, the MCP SDK and the
// tokenizer (2 MB of tables) stay outside the bundle: each is loaded on first use, never at start-up.
// usage: node scripts/build-cli.mjs   (also run by `npm install` through `prepare`)
import { renameSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const bundlePath = join(root, 'build', 'ptc.cjs');
export const cachePath = join(root, 'build', 'ptc.cache');

/** Parts of src/ the command is never built from: editing them leaves the bundle current. */
const NOT_IN_COMMAND = new Set([join(root, 'src', 'ui')]);

/** Newest modification time of any file under `dir` (0 when it does not exist). */
export function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (NOT_IN_COMMAND.has(path)) continue;
    const t = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

/** True when the bundle is missing or older than a file it is made from. */
export function bundleIsStale() {
  if (!existsSync(bundlePath)) return true;
  // The build's own recipe counts as a source too.
  const recipe = [fileURLToPath(import.meta.url), join(root, 'bin', 'bundle-loader.mjs'), join(root, 'package.json')];
  const newest = Math.max(newestMtime(join(root, 'src')), ...recipe.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  return newest > statSync(bundlePath).mtimeMs;
}

export async function buildCli() {
  const { build } = await import('esbuild');
  mkdirSync(dirname(bundlePath), { recursive: true });
  // Written beside and renamed into place, so a command started during a build (parallel tests)
  // reads either the old bundle or the new one, never half of one. (Between the two renames it may
  // read the new bundle with the old cache: V8 refuses a cache made from other source, no harm.)
  const temp = `${bundlePath}.${process.pid}.${Date.now()}.tmp.cjs`;
  const cacheTemp = `${cachePath}.${process.pid}.tmp`;
  try {
    await build({
      entryPoints: [join(root, 'src', 'cli', 'main.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['openai', '@anthropic-ai/sdk', 'gpt-tokenizer', '@modelcontextprotocol/server', '@modelcontextprotocol/client'],
      // import() of the SDKs becomes a require() on first use: the bundle runs as a vm.Script (for
      // the code cache), where import() would need a loader of its own.
      supported: { 'dynamic-import': false },
      outfile: temp,
      logLevel: 'error',
      legalComments: 'none',
      define: { PTC_VERSION: JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version) },
    });
    // A cache made after running code holds the functions that ran, not only the top level.
    const { loadBundle } = await import(new URL('../bin/bundle-loader.mjs', import.meta.url).href);
    const { exports, script } = loadBundle(temp);
    exports.warmUp();
    writeFileSync(cacheTemp, script.createCachedData());
    renameSync(temp, bundlePath);
    renameSync(cacheTemp, cachePath);
  } finally {
    rmSync(temp, { force: true });
    rmSync(cacheTemp, { force: true });
  }
  return bundlePath;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildCli();
  console.log(`built ${bundlePath}`);
}
