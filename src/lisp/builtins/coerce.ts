// Shared argument coercions for builtins: turning collections into item arrays and checking types,
// with error messages that name the function and show the offending value.
import { PtcError, typeError } from '../errors.ts';
import { graphemes } from '../graphemes.ts';
import { add as addRaw, isNumber, mul as mulRaw, normBig as normBigRaw, sub as subRaw, type Num } from '../numbers.ts';
import { format } from '../printer.ts';
import { activeRuntime, rt } from '../runtime.ts';
import { Keyword, PFloat, PJava, PList, PMap, PRegex, PSet, PVar, type Value } from '../values.ts';

/** The kind of a value, in words, for error messages. */
export function kindOf(v: Value): string {
  if (v === null) return 'nil';
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(v) ? 'integer' : 'float';
    case 'bigint':
      return 'integer';
    case 'string':
      return 'string';
    case 'function':
      return 'function';
  }
  if (v instanceof PFloat) return 'float';
  if (v instanceof Keyword) return 'keyword';
  if (Array.isArray(v)) return 'vector';
  if (v instanceof PList) return 'list';
  if (v instanceof PMap) return 'map';
  if (v instanceof PSet) return 'set';
  if (v instanceof PRegex) return 'regex';
  if (v instanceof PVar) return 'var';
  // The reference's name for every Java value; the printed value shows its class.
  if (v instanceof PJava) return 'java_object';
  return 'value';
}

/** A short printed form of a value for messages. */
export function show(v: Value): string {
  // Bounded: a message about a huge or shared value must not print all of it (or fail doing so).
  const s = format(v, { limit: 10, printableLimit: 60, maxElements: 100 }).text;
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

export function expected(fn: string, what: string, got: Value): PtcError {
  return typeError(`${fn} expected ${what}, got ${kindOf(got)}: ${show(got)}`);
}

/** Split a string into characters (graphemes), each a one-character string. */
export function chars(s: string): string[] {
  return graphemes(s);
}

/**
 * The items of anything seqable, as an array (never mutate the result: it may be the vector
 * itself). nil → []; map → [k v] entries; string → characters; set → members.
 */
export function items(fn: string, v: Value): readonly Value[] {
  const xs = itemsOf(fn, v);
  // Whoever asks for all the items walks them (or copies them): that work counts against the clock.
  rt().charge(xs.length);
  return xs;
}

/** `items` for callers that read one or two items only (first, last, nth): no work charged. */
export function itemsOf(fn: string, v: Value): readonly Value[] {
  if (Array.isArray(v)) return v;
  if (v === null) return [];
  if (typeof v === 'string') {
    // A string of 10⁷ characters would become a vector past the size limit.
    const cs = chars(v);
    const r = rt();
    if (cs.length > r.limits.maxValueSize) r.checkSize(cs.length, 'sequence of characters');
    return cs;
  }
  if (v instanceof PList) return v.items;
  if (v instanceof PMap) return v.entries();
  if (v instanceof PSet) return v.values();
  throw expected(fn, 'a collection', v);
}

export function num(fn: string, v: Value): Num {
  if (isNumber(v)) return v;
  throw expected(fn, 'a number', v);
}

export function int(fn: string, v: Value): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  throw expected(fn, 'an integer', v);
}

export function str(fn: string, v: Value): string {
  if (typeof v === 'string') return v;
  throw expected(fn, 'a string', v);
}

/**
 * Long builtin loops charge their work every STEP_MASK + 1 elements (`if ((i & STEP_MASK) ===
 * STEP_MASK) chargeStep()`), so one call over 10⁶ items cannot run far past the time limit.
 */
export const STEP_MASK = 4095;

export function chargeStep(): void {
  rt().charge(STEP_MASK + 1);
}

/** xs as an iterable that charges its work as it is consumed (for builders that take iterables). */
export function charged(xs: readonly Value[]): Iterable<Value> {
  if (xs.length <= STEP_MASK + 1) return xs;
  return (function* () {
    for (let i = 0; i < xs.length; i++) {
      if ((i & STEP_MASK) === STEP_MASK) chargeStep();
      yield xs[i];
    }
  })();
}

/** A comparator that charges its work, for sorts big enough to take a noticeable time. */
export function chargedCompare<T>(n: number, cmp: (a: T, b: T) => number): (a: T, b: T) => number {
  if (n <= 16 * (STEP_MASK + 1)) return cmp;
  let k = 0;
  return (a, b) => {
    if (++k > STEP_MASK) {
      k = 0;
      chargeStep();
    }
    return cmp(a, b);
  };
}

/** Check the size of a collection about to be built against the value-size limit. */
export function sized<T extends readonly Value[]>(v: T): T {
  rt().checkSize(v.length);
  return v;
}

/** A string a builtin built, checked against the size limit (its length, as JavaScript counts it). */
export function sizedText(s: string): string {
  const r = rt();
  if (s.length > r.limits.maxValueSize) r.checkText(s.length);
  return s;
}

/** Integers past this many bits are refused: BigInt work grows with the digits (and V8 has a cap). */
export const MAX_INT_BITS = 65536;
/** More decimal digits than any integer under the cap has. */
export const MAX_INT_DIGITS = 19_729;
const BIG_MAX = 1n << BigInt(MAX_INT_BITS);
const BIG_MIN = -BIG_MAX;
const BIG_MID = 1n << 4096n;
const BIG_MID_NEG = -BIG_MID;

export function tooBig(): never {
  throw new PtcError(
    'memory_exceeded',
    `An integer of more than ${MAX_INT_BITS} bits (about 19,700 digits) exceeds the limit; work with smaller numbers or floats`,
  );
}

/** An integer result checked against the size cap, its work charged by size. */
export function bigChecked<T extends Value>(r: T): T {
  if (typeof r !== 'bigint') return r;
  if (r >= BIG_MAX || r <= BIG_MIN) tooBig();
  activeRuntime()?.charge(r >= BIG_MID || r <= BIG_MID_NEG ? 4096 : 16);
  return r;
}

/** The integer arithmetic of numbers.ts, with results checked by `bigChecked`. */
export const add = (a: Num, b: Num): Num => bigChecked(addRaw(a, b));
export const sub = (a: Num, b: Num): Num => bigChecked(subRaw(a, b));
export const mul = (a: Num, b: Num): Num => bigChecked(mulRaw(a, b));
export const normBig = (b: bigint): number | bigint => bigChecked(normBigRaw(b));
