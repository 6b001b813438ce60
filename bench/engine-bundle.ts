// The engine as it ships, for benchmarks: bundled into one module (as Vite bundles it for the
// worker), not as separate files loaded through tsx, whose module loading would be measured too
// (measured: the unbundled engine runs a fresh 20,000-item program up to 2× slower).
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Engine = typeof import('./engine-entry.ts');

/** Build this tree's engine (or take the bundle at `prebuilt`) and load it. */
export async function loadEngine(prebuilt?: string): Promise<Engine> {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const bundle = prebuilt !== undefined ? resolve(prebuilt) : `${here}.build/engine.mjs`;
  if (prebuilt === undefined)
    await build({
      entryPoints: [`${here}engine-entry.ts`],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      outfile: bundle,
      logLevel: 'error',
    });
  return (await import(pathToFileURL(bundle).href)) as Engine;
}
