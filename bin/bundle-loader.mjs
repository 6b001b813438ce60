// Loads the prebuilt command (build/ptc.cjs) with V8's code cache (build/ptc.cache) when there is
// one: a fresh process then takes the engine's bytecode from the cache instead of compiling the
// functions a program uses as it first calls them. A cache V8 refuses (another Node, other flags)
// is ignored: the command runs as fast as without one.
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** The bundle's exports, and the script (to make a cache from after running it). */
export function loadBundle(bundlePath, cachePath) {
  const source = readFileSync(bundlePath, 'utf8');
  let cachedData;
  if (cachePath !== undefined) {
    try {
      cachedData = readFileSync(cachePath);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(Module.wrap(source), { filename: bundlePath, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundlePath), module, bundlePath, dirname(bundlePath));
  return { exports: module.exports, script, cacheRejected: cachedData !== undefined && script.cachedDataRejected === true };
}
