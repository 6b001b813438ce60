// Numeric tower: integers (safe JS numbers, BigInt past 2^53) and floats (JS numbers; integral
// floats boxed as PFloat). Every numeric builtin goes through these helpers.
import { PFloat, type Value } from './values.ts';

export type Num = number | bigint | PFloat;

export function isNumber(v: Value): v is Num {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof PFloat;
}

export function isInteger(v: Value): v is number | bigint {
  return (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
}

export function isFloat(v: Value): v is number | PFloat {
  return (typeof v === 'number' && !Number.isInteger(v)) || v instanceof PFloat;
}

/** Make a float value from a JS number (boxing integral values so they print as 2.0). */
export function float(n: number): number | PFloat {
  return Number.isInteger(n) ? new PFloat(n) : n;
}

/** Make an integer value from a BigInt, as a plain number when it is safe. */
export function normBig(b: bigint): number | bigint {
  return b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b;
}

/** The JS number of any numeric value (BigInt may lose precision: only for float math). */
export function toJs(v: Num): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return v.v;
}

function toBig(v: number | bigint): bigint {
  return typeof v === 'bigint' ? v : BigInt(v);
}

export function add(a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isInteger(a) && Number.isInteger(b)) {
      const r = a + b;
      return Number.isSafeInteger(r) ? r : normBig(BigInt(a) + BigInt(b));
    }
    return float(a + b);
  }
  if (isInteger(a) && isInteger(b)) return normBig(toBig(a) + toBig(b));
  return float(toJs(a) + toJs(b));
}

export function sub(a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isInteger(a) && Number.isInteger(b)) {
      const r = a - b;
      return Number.isSafeInteger(r) ? r + 0 : normBig(BigInt(a) - BigInt(b));
    }
    return float(a - b);
  }
  if (isInteger(a) && isInteger(b)) return normBig(toBig(a) - toBig(b));
  return float(toJs(a) - toJs(b));
}

export function mul(a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isInteger(a) && Number.isInteger(b)) {
      const r = a * b;
      return Number.isSafeInteger(r) ? r + 0 : normBig(BigInt(a) * BigInt(b));
    }
    return float(a * b);
  }
  if (isInteger(a) && isInteger(b)) return normBig(toBig(a) * toBig(b));
  return float(toJs(a) * toJs(b));
}

/** Compare two numbers: negative, zero or positive; NaN compares as unordered (returns NaN). */
export function numCompare(a: Num, b: Num): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : a === b ? 0 : NaN;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (isInteger(a) && isInteger(b)) {
    const x = toBig(a);
    const y = toBig(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = toJs(a);
  const y = toJs(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

/** Numeric equality across kinds, as Clojure's `==`. */
export function numEquals(a: Num, b: Num): boolean {
  return numCompare(a, b) === 0;
}

/** Clojure `=` on numbers: integers equal integers, floats equal floats, never across. */
export function numStrictEquals(a: Num, b: Num): boolean {
  const ai = isInteger(a);
  if (ai !== isInteger(b)) return false;
  if (ai) return typeof a === typeof b ? a === b : false; // normalized: a bigint is never a safe number
  return toJs(a) === toJs(b);
}

export function negate(a: Num): Num {
  if (typeof a === 'number') return Number.isInteger(a) ? 0 - a + 0 : -a;
  if (typeof a === 'bigint') return normBig(-a);
  return new PFloat(-a.v);
}

export function isZero(a: Num): boolean {
  return toJs(a) === 0;
}

/** Integer value of a float by truncation toward zero, as `(int 3.7)`. */
export function truncToInt(n: number): number | bigint {
  const t = Math.trunc(n);
  return Number.isSafeInteger(t) ? t + 0 : normBig(BigInt(t));
}
