// Compiler from analyzed nodes to JavaScript, for the code that runs many times: loops over plain
// names and the bodies of functions called often. V8 then optimizes the program's own arithmetic
// and branches as JavaScript, instead of a tree of closures whose calls it cannot inline.
//
// Safety: the generated source contains only names made here (s3, t7, k0, …), keywords of
// JavaScript, operators and safe-integer literals. Every value of the program (strings, keywords,
// functions, locations) is passed in tables, never written into the source. A program cannot
// reach JavaScript through it.
//
// Semantics are the interpreter's: the templates (hot-builtins.ts) take the intrinsic nodes' fast
// paths and fall back to the builtin; loops count iterations and tick the clock as the loop node
// does; recur evaluates all arguments before storing any. Nodes without a record (irOf) are
// called as they are, with the frame brought up to date first (locals live in JS variables; see
// emitter.ts).
//
// When (jitSettings): at the 50th call or iteration of a unit whose program ran before, else only
// at the 100,000th. Compiled functions are cached by their source, so a program run again reuses
// the JavaScript V8 has already optimized.
import { equals } from '../equality.ts';
import type { Loc } from '../errors.ts';
import { NODE, type Arg } from '../args.ts';
import { call1, call2, locate } from '../locate.ts';
import { irOf } from '../node-facts.ts';
import { getFlex, invokeData, loopLimitError, RECUR, rt } from '../runtime.ts';
import type { Frame, Node } from '../scope.ts';
import { PMap, type Keyword, type Value } from '../values.ts';
import { RETURN, RETURN_FROM_FN, Unit, Unsupported } from './emitter.ts';

export const jitSettings = {
  /** Off when the host forbids compiling code (a Content-Security-Policy without 'unsafe-eval'). */
  enabled: evalAllowed(),
  /** Fewer inlined operations than this: the closures are as fast, not worth a compile. */
  minOps: 3,
  /**
   * A function body that has run `hot` calls, or a loop `hot` iterations, is compiled and used from
   * then on if the same program ran before; in a program's first run only once it reaches `late`.
   * Measured (npm run bench:cold): fresh JavaScript starts in V8's interpreter, slower than the
   * closures V8 has long optimized, and pays off on later runs or very long ones.
   */
  hot: 50,
  late: 100_000,
  /**
   * While the engine itself is cold (this process has interpreted fewer than `coldWork` calls and
   * iterations: a fresh `ptc eval`, a new worker's first turns), the interpreter's own closures are
   * not optimized yet either, and a first run compiles at `cold` (checked after `hot`, before
   * `late`). Measured on fresh processes (instructions under callgrind, against never compiling a
   * first run): a 20,000-item loop and map 306 M → 149 M, 1,000 items 32 M → 42 M at 500 but even
   * at 100, a typical small agent program unchanged at 100 but 11 M more when compiling at the
   * first call; the merge-heavy pipelines gain 2–4 % at 100 and lose 8 % at 1.
   */
  cold: 100,
  coldWork: 300_000,
  /** Compile and use at the first check, whether or not the program ran before (tests). */
  eager: false,
};

/** Calls and iterations interpreted in this process, as far as the tier-up checks have seen. */
let warmth = 0;

/**
 * At call or iteration `count` of a unit: null when there is nothing to check; otherwise whether
 * the check is final (`late`: compile now even in a program's first run).
 */
export function tierUpAt(count: number): boolean | null {
  const { hot, cold, late } = jitSettings;
  if (count === hot) {
    warmth += count;
    return false;
  }
  if (count === cold) {
    const engineCold = warmth < jitSettings.coldWork;
    warmth += count - hot;
    return engineCold ? true : null;
  }
  if (count === late) {
    warmth += count - cold;
    return true;
  }
  return null;
}

/** For tests and benchmarks: how warm the engine counts itself (0 = a fresh process). */
export function setWarmth(n: number): void {
  warmth = n;
}

/** The program being analyzed, as a hash: units are known by their place in it (see unitKey). */
let programId = '';

/** Called before a program is analyzed. */
export function analyzing(src: string): void {
  // FNV-1a: a collision only makes a first run compile early, never changes a result.
  let h = 0x811c9dc5;
  for (let i = 0; i < src.length; i++) h = Math.imul(h ^ src.charCodeAt(i), 0x01000193);
  programId = `${(h >>> 0).toString(36)}.${src.length}`;
}

/** Where a loop or function of the program being analyzed is: the key for "ran before". */
export function unitKey(line: number, column: number): string {
  return `${programId}:${line}:${column}`;
}

/** Units that reached their first check, by unitKey, oldest first. */
const seen = new Set<string>();

function evalAllowed(): boolean {
  try {
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
}

/** The helpers every compiled unit receives (fixed names in the generated source). */
const HELPERS = {
  c1: call1,
  c2: call2,
  c3: (f: (x: Value, y: Value, z: Value) => Value, x: Value, y: Value, z: Value, loc: Loc): Value => {
    try {
      return f(x, y, z);
    } catch (e) {
      throw locate(e, loc, f);
    }
  },
  c4: (f: (x: Value, y: Value, z: Value, w: Value) => Value, x: Value, y: Value, z: Value, w: Value, loc: Loc): Value => {
    try {
      return f(x, y, z, w);
    } catch (e) {
      throw locate(e, loc, f);
    }
  },
  cn: (f: (...xs: Value[]) => Value, xs: Value[], loc: Loc): Value => {
    try {
      return f(...xs);
    } catch (e) {
      throw locate(e, loc, f);
    }
  },
  kws: (k: Keyword, x: Value, loc: Loc): Value => {
    try {
      return invokeData(k, [x]);
    } catch (e) {
      throw locate(e, loc);
    }
  },
  eq: equals,
  getFlex,
  PMap,
  rec: (keys: Value[], hashes: unknown[], vals: Value[]): Value => PMap.fromDistinct(keys, hashes, vals),
  RECUR: RECUR as unknown as Value,
  lle: loopLimitError,
  rt,
};
type Helpers = typeof HELPERS;
type Factory = (K: readonly Value[], G: readonly unknown[], L: readonly Loc[], N: readonly Node[], H: Helpers) => Node;

/** What the compiler did in this process: for tests and benchmarks. */
export const jitStats = { compiled: 0, reused: 0, declined: 0, failed: 0, lastFailure: '', ms: 0 };

const MAX_CACHED = 500;
const factories = new Map<string, Factory>();

function instantiate(u: Unit): Node {
  const src = u.source();
  let factory = factories.get(src);
  if (factory === undefined) {
    factory = new Function('K', 'G', 'L', 'N', 'H', src) as Factory;
    jitStats.compiled++;
    if (factories.size >= MAX_CACHED) factories.delete(factories.keys().next().value!);
    factories.set(src, factory);
  } else {
    // Most recently used last, so the oldest is dropped first.
    jitStats.reused++;
    factories.delete(src);
    factories.set(src, factory);
  }
  return factory(...u.tables(), HELPERS);
}

/**
 * The compiled unit; undefined when it is too early (a first run, before the late check: nothing is
 * built, the key is remembered); null when it cannot be compiled.
 */
function compile(u: Unit, build: (u: Unit) => void, minOps: number, key: string, late: boolean): Node | null | undefined {
  if (!jitSettings.enabled) return null;
  if (!late && !jitSettings.eager && !seen.has(key)) {
    if (seen.size >= MAX_CACHED) seen.delete(seen.values().next().value!);
    seen.add(key);
    return undefined;
  }
  const start = performance.now();
  try {
    build(u);
    u.check();
    if (u.ops < minOps) return null;
    return instantiate(u);
  } catch (e) {
    // Unsupported: a shape left to the closures. Anything else is a bug of the compiler: the
    // closures still give the right answer, and tests check that `failed` stays 0.
    if (e instanceof Unsupported) jitStats.declined++;
    else {
      jitStats.failed++;
      jitStats.lastFailure = e instanceof Error ? e.message : String(e);
    }
    return null;
  } finally {
    jitStats.ms += performance.now() - start;
  }
}

/** A compiled loop: run it whole, or take over after the interpreter ran `it0` iterations. */
export type LoopUnit = (frame: Frame, it0?: number) => Value;

const asArg = (n: Node): Arg => ({ k: NODE, i: 0, c: null, n });

/** A loop node compiled to a JS loop; null when the compiler is off or the loop is not recorded. */
export function compileLoop(node: Node, key: string, late: boolean): LoopUnit | null | undefined {
  const ir = irOf(node);
  if (ir === undefined || ir.k !== 'loop') return null;
  return compile(new Unit(null, true), (u) => u.emit(asArg(node), RETURN), 1, key, late) as LoopUnit | null | undefined;
}

/** A function body compiled with its parameters in `params` (read from the frame on entry). */
export function compileBody(body: Node, params: readonly number[], key: string, late: boolean): Node | null | undefined {
  return compile(new Unit(params), (u) => u.emit(asArg(body), RETURN_FROM_FN), jitSettings.minOps, key, late);
}

/** For tests: the JavaScript a loop (params null) or a function body compiles to. */
export function sourceOf(node: Node, params: readonly number[] | null): string | null {
  const u = new Unit(params, params === null);
  try {
    u.emit(asArg(node), params === null ? RETURN : RETURN_FROM_FN);
    u.check();
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  return u.source();
}
