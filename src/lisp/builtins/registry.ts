// The builtin table is data: one registry maps names to functions with their arity, doc and
// examples. The analyzer resolves names through it; docs, completion and tests read it too.
import type { Area } from '../reference/types.ts';
import { makeFn, type PtcFn, type Value } from '../values.ts';

export interface BuiltinInfo {
  name: string;
  /** Namespace for functions only reachable with a prefix (e.g. 'clojure.set'); null for core. */
  ns: string | null;
  minArity: number;
  maxArity: number;
  doc: string;
  /** [program, expected result in Clojure notation]; the test suite runs every one. */
  examples: readonly (readonly [string, string])[];
  fn: PtcFn;
  /** Where the reference lists it (a namespace's builtins are listed under the namespace's area). */
  area: Area | undefined;
  /** A name written as its one argument is taken as the name, not evaluated: (doc map), (dir user). */
  quotesName: boolean;
}

export interface BuiltinOptions {
  /** Also (or only, with `bare: false`) reachable as `ns/name`. */
  ns?: string;
  /** Reachable without a prefix (default true). */
  bare?: boolean;
  examples?: readonly (readonly [string, string])[];
  /** Display parameter lists, e.g. ['[coll]', '[f coll]']. */
  params?: readonly string[];
  /** Fast path for calls with exactly two arguments (avoids the rest-argument array). */
  binary?: (a: Value, b: Value) => Value;
  /** How to call it with more arguments than a JS call can spread (see `SpreadFn`). */
  spread?: Spread;
  /** A symbol written as the only argument is passed as its name (a string), as Clojure's doc macro reads it. */
  quotesName?: boolean;
}

/**
 * A function that can also take its arguments as one array: `(apply + (range 200000))` cannot be a
 * JS call with 200,000 arguments (each is pushed on the stack, which overflows).
 */
export type SpreadFn = PtcFn & { spread?: (args: readonly Value[]) => Value };

/**
 * 'fold': f(a, b…, c…) = f(f(a, b…), c…) (+, str, merge, conj, assoc…), so the arguments after the
 * first go in chunks; 'chain': a comparison, true when every overlapping chunk is (all chunks are
 * checked, so a wrong type is reported as by one call); or an array entry of its own.
 */
export type Spread = 'fold' | 'chain' | ((args: readonly Value[]) => Value);

/** Arguments per chunk: even (assoc takes pairs), and far below what a JS call can take. */
const CHUNK = 4096;

function spreadEntry(impl: (...args: Value[]) => Value, how: Spread): (args: readonly Value[]) => Value {
  if (typeof how === 'function') return how;
  if (how === 'fold') {
    return (args) => {
      let acc = args[0];
      for (let i = 1; i < args.length; i += CHUNK) acc = impl(acc, ...args.slice(i, i + CHUNK));
      return acc;
    };
  }
  return (args) => {
    let all = true;
    for (let i = 0; i < args.length - 1; i += CHUNK - 1) if (impl(...args.slice(i, i + CHUNK)) === false) all = false;
    return all;
  };
}

const core = new Map<string, BuiltinInfo>();
const byNamespace = new Map<string, Map<string, BuiltinInfo>>();
const all: BuiltinInfo[] = [];

/** Canonical namespace names and the prefixes that mean the same. */
export const NAMESPACE_ALIASES: Readonly<Record<string, string>> = {
  'clojure.core': 'clojure.core',
  core: 'clojure.core',
  'clojure.string': 'clojure.string',
  str: 'clojure.string',
  string: 'clojure.string',
  'clojure.set': 'clojure.set',
  set: 'clojure.set',
  json: 'json',
};

/** What the "not available" message calls each namespace's functions. */
export const NAMESPACE_CATEGORY: Readonly<Record<string, string>> = {
  'clojure.core': 'Core',
  'clojure.string': 'String',
  'clojure.set': 'Set',
  json: 'JSON',
};

/** The reference area of the builtins registered next. */
let area: Area | undefined;

/** Set the reference area of the builtins registered after this (each builtins module states it above them). */
export function builtinArea(a: Area): void {
  area = a;
}

/**
 * Register a builtin. `arity` is an exact count, or [min, max] with max Infinity for variadic.
 * The function receives its arguments positionally; the call site has already checked the count.
 */
export function builtin(
  name: string,
  arity: number | readonly [number, number],
  doc: string,
  impl: (...args: Value[]) => Value,
  opts: BuiltinOptions = {},
): PtcFn {
  const [minArity, maxArity] = typeof arity === 'number' ? [arity, arity] : arity;
  const fn = makeFn(impl, { name, kind: 'builtin', minArity, maxArity, params: opts.params ?? [], doc, ...(opts.binary ? { binary: opts.binary } : {}) });
  if (opts.spread !== undefined) (fn as SpreadFn).spread = spreadEntry(impl, opts.spread);
  const info: BuiltinInfo = {
    name,
    ns: opts.ns ?? null,
    minArity,
    maxArity,
    doc,
    examples: opts.examples ?? [],
    fn,
    area,
    quotesName: opts.quotesName === true,
  };
  all.push(info);
  if (opts.bare !== false) {
    if (core.has(name)) throw new Error(`builtin ${name} registered twice`);
    core.set(name, info);
  }
  if (opts.ns !== undefined) {
    let m = byNamespace.get(opts.ns);
    if (m === undefined) byNamespace.set(opts.ns, (m = new Map()));
    m.set(name, info);
  }
  return fn;
}

/** A core builtin by bare name. */
export function lookupBuiltin(name: string): BuiltinInfo | undefined {
  return core.get(name);
}

/** A builtin by namespace prefix as written (aliases allowed): `str/join`, `clojure.set/union`. */
export function lookupNamespaced(prefix: string, name: string): BuiltinInfo | undefined {
  // Own keys only: NAMESPACE_ALIASES['constructor'] would be Object itself.
  if (!Object.hasOwn(NAMESPACE_ALIASES, prefix)) return undefined;
  const ns = NAMESPACE_ALIASES[prefix];
  if (ns === 'clojure.core') return core.get(name);
  return byNamespace.get(ns)?.get(name);
}

export function namespaceMembers(ns: string): string[] {
  if (ns === 'clojure.core') return [...core.keys()];
  return [...(byNamespace.get(ns)?.keys() ?? [])];
}

export function isBuiltinName(name: string): boolean {
  return core.has(name);
}

export function allBuiltins(): readonly BuiltinInfo[] {
  return all;
}

export function builtinNames(): string[] {
  return [...core.keys()];
}

const interop = new Map<string, BuiltinInfo>();

/** A Java-style constant such as Double/NaN, with what the reference says of it. */
export interface ConstantInfo {
  readonly name: string;
  readonly value: Value;
  /** One line. */
  readonly doc: string;
  /** [program, expected result in Clojure notation]; the test suite runs every one. */
  readonly examples: readonly (readonly [string, string])[];
}

const constants = new Map<string, ConstantInfo>();

/** What the reference shows of an interop function besides its doc. */
export interface InteropOptions {
  examples?: readonly (readonly [string, string])[];
  /** Display parameter lists, e.g. ['[s sub]', '[s sub from]']. */
  params?: readonly string[];
}

/**
 * Register a Java-interop style function under its full symbol text: 'System/currentTimeMillis',
 * 'java.util.Date.' (constructor), '.getTime' (method, receiver first).
 */
export function interopFn(
  symbol: string,
  arity: number | readonly [number, number],
  doc: string,
  impl: (...args: Value[]) => Value,
  opts: InteropOptions = {},
): PtcFn {
  const [minArity, maxArity] = typeof arity === 'number' ? [arity, arity] : arity;
  const fn = makeFn(impl, { name: symbol, kind: 'builtin', minArity, maxArity, params: opts.params ?? [], doc });
  const info: BuiltinInfo = { name: symbol, ns: 'interop', minArity, maxArity, doc, examples: opts.examples ?? [], fn, area: 'interop', quotesName: false };
  if (interop.has(symbol)) throw new Error(`interop ${symbol} registered twice`);
  interop.set(symbol, info);
  all.push(info);
  return fn;
}

/** Register a constant such as 'Double/POSITIVE_INFINITY', with its one-line doc and examples. */
export function interopConstant(symbol: string, value: Value, doc: string, examples: readonly (readonly [string, string])[]): void {
  constants.set(symbol, { name: symbol, value, doc, examples });
}

export function lookupInterop(symbol: string): BuiltinInfo | undefined {
  return interop.get(symbol);
}

export function lookupConstant(symbol: string): Value | undefined {
  return constants.get(symbol)?.value;
}

/** Every constant, in the order registered. */
export function allConstants(): readonly ConstantInfo[] {
  return [...constants.values()];
}

export function interopNames(): string[] {
  return [...interop.keys(), ...constants.keys()];
}
