// The fast paths of the hot number builtins: the common case of JS numbers (integers, where
// exactness matters) answered without the builtin's general code. Written once here and used by
// the builtins (builtins/math.ts, compare.ts, predicates.ts) and by the table of hot builtins
// (hot-builtins.ts), whose intrinsic nodes, fused loop tests and compiled code inline them.
//
// Each takes `slow`, the general path (the builtin, or a call of it that locates its errors), and
// calls it when its case does not apply, so results and errors stay exactly the builtin's. Each is
// small, so V8 inlines it where it is called. (Measured: returning a "not handled" marker instead
// of calling `slow` made compiled loops over twice as slow, the marker mixing into every result.)
import type { Value } from './values.ts';

const MAX_SAFE = 9007199254740991;

type Slow1<T> = (x: Value) => T;
type Slow2<T> = (x: Value, y: Value) => T;

/** x + y for integers, when the sum is exact. */
export function addInt<T>(x: Value, y: Value, slow: Slow2<T>): number | T {
  if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) {
    const r = x + y;
    if (Number.isSafeInteger(r)) return r;
  }
  return slow(x, y);
}

/** x - y for integers, when exact (`+ 0`: x - x is 0, never -0). */
export function subInt<T>(x: Value, y: Value, slow: Slow2<T>): number | T {
  if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) {
    const r = x - y;
    if (Number.isSafeInteger(r)) return r + 0;
  }
  return slow(x, y);
}

/** x * y for integers, when exact (`+ 0`: 0 * -1 is 0). */
export function mulInt<T>(x: Value, y: Value, slow: Slow2<T>): number | T {
  if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) {
    const r = x * y;
    if (Number.isSafeInteger(r)) return r + 0;
  }
  return slow(x, y);
}

/** (mod x y) for integers, y not 0: the sign follows the divisor. */
export function modInt<T>(x: Value, y: Value, slow: Slow2<T>): number | T {
  if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y) && y !== 0) {
    const m = x % y;
    return m !== 0 && m < 0 !== y < 0 ? m + y : m + 0;
  }
  return slow(x, y);
}

export function minInt<T>(x: Value, y: Value, slow: Slow2<T>): number | T {
  return typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y) ? (x <= y ? x : y) : slow(x, y);
}

export function maxInt<T>(x: Value, y: Value, slow: Slow2<T>): number | T {
  return typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y) ? (x >= y ? x : y) : slow(x, y);
}

export function incInt<T>(x: Value, slow: Slow1<T>): number | T {
  return typeof x === 'number' && Number.isInteger(x) && x < MAX_SAFE ? x + 1 : slow(x);
}

export function decInt<T>(x: Value, slow: Slow1<T>): number | T {
  return typeof x === 'number' && Number.isInteger(x) && x > -MAX_SAFE ? x - 1 : slow(x);
}

/** (- x) for an integer (`+ 0`: (- 0) is 0). */
export function negInt<T>(x: Value, slow: Slow1<T>): number | T {
  return typeof x === 'number' && Number.isInteger(x) ? 0 - x + 0 : slow(x);
}

// Comparisons of two JS numbers (NaN compares false, as in the builtins). `slow` may answer a
// boolean (a test) or a value (a call).

export function lessNum<T>(x: Value, y: Value, slow: Slow2<T>): boolean | T {
  return typeof x === 'number' && typeof y === 'number' ? x < y : slow(x, y);
}

export function greaterNum<T>(x: Value, y: Value, slow: Slow2<T>): boolean | T {
  return typeof x === 'number' && typeof y === 'number' ? x > y : slow(x, y);
}

export function lessEqNum<T>(x: Value, y: Value, slow: Slow2<T>): boolean | T {
  return typeof x === 'number' && typeof y === 'number' ? x <= y : slow(x, y);
}

export function greaterEqNum<T>(x: Value, y: Value, slow: Slow2<T>): boolean | T {
  return typeof x === 'number' && typeof y === 'number' ? x >= y : slow(x, y);
}

export function eqNum<T>(x: Value, y: Value, slow: Slow2<T>): boolean | T {
  return typeof x === 'number' && typeof y === 'number' ? x === y : slow(x, y);
}

export function zeroNum<T>(x: Value, slow: Slow1<T>): boolean | T {
  return typeof x === 'number' ? x === 0 : slow(x);
}

export function posNum<T>(x: Value, slow: Slow1<T>): boolean | T {
  return typeof x === 'number' ? x > 0 : slow(x);
}

export function negNum<T>(x: Value, slow: Slow1<T>): boolean | T {
  return typeof x === 'number' ? x < 0 : slow(x);
}

// The same fast paths as JavaScript source, for compiled code (the templates of hot-builtins.ts).
// Compiled loops calling the functions above ran up to 10% slower than with the code written
// inline (measured, bench: V8 then shares the functions' type feedback among all their callers),
// so each is also written here as the statements a compiled unit inlines, and changed with its
// function (test/lisp/jit.test.ts checks compiled code against the interpreter on each).

/** Statements setting local `t` to the fast path's result on atoms `xs`, or to `slow` (JS calling the builtin). */
export type FastSource = (xs: readonly string[], t: string, slow: string) => string;

// Checks are written for V8's interpreter as much as for its optimizing compiler: fresh code runs
// there for its first thousands of iterations. So a safe-integer literal operand (the emitter writes
// those as `(n)`) is not checked at all, and an integer check tries `(x | 0) === x` before calling
// Number.isInteger, which only integers beyond 32 bits reach.

/** The value of an atom that is a safe-integer literal, else undefined. */
function literalInt(a: string): number | undefined {
  // No regex: compiling one is felt in a fresh process, and only integer literals start with "(".
  if (a.charCodeAt(0) !== 40) return undefined;
  const n = Number(a.slice(1, -1));
  return Number.isSafeInteger(n) ? n : undefined;
}

const isNum = (x: string): string => (literalInt(x) !== undefined ? '' : `typeof ${x} === "number"`);
const isInt = (x: string): string => (literalInt(x) !== undefined ? '' : `typeof ${x} === "number" && ((${x} | 0) === ${x} || Number.isInteger(${x}))`);
/** Conditions joined by &&, the empty ones (always true) left out. */
const all = (...cs: string[]): string => cs.filter((c) => c !== '' && c !== 'true').join(' && ') || 'true';
const INT2 = (x: string, y: string): string => all(isInt(x), isInt(y));
const NUM2 = (x: string, y: string): string => all(isNum(x), isNum(y));
/** Number.isSafeInteger of a sum or product of two integers (an integer, or ±Infinity). */
const safe = (t: string): string => `${t} <= ${MAX_SAFE} && ${t} >= -${MAX_SAFE}`;

/** addInt, subInt, mulInt: `normalize` is the `+ 0` the function adds, if any. */
function intArithSource(op: string, normalize: string): FastSource {
  return ([x, y], t, slow) => {
    const exact = normalize === '' ? '' : ` else ${t} = ${t}${normalize};`;
    return `if (${INT2(x, y)}) { ${t} = ${x} ${op} ${y}; if (!(${safe(t)})) ${t} = ${slow};${exact} } else ${t} = ${slow};`;
  };
}

function compareSource(op: string): FastSource {
  return ([x, y], t, slow) => `${t} = ${NUM2(x, y)} ? ${x} ${op} ${y} : ${slow};`;
}

/** modInt: with a literal divisor, its sign test is settled here. */
export const modIntSource: FastSource = ([x, y], t, slow) => {
  const d = literalInt(y);
  if (d === 0) return `${t} = ${slow};`;
  const fix = d === undefined ? `${t} !== 0 && ${t} < 0 !== ${y} < 0` : d > 0 ? `${t} < 0` : `${t} > 0`;
  return `if (${all(INT2(x, y), d === undefined ? `${y} !== 0` : '')}) { ${t} = ${x} % ${y}; ${t} = ${fix} ? ${t} + ${y} : ${t} + 0; } else ${t} = ${slow};`;
};

// The sources of the other fast paths, each named after its function.
export const addIntSource = intArithSource('+', '');
export const subIntSource = intArithSource('-', ' + 0');
export const mulIntSource = intArithSource('*', ' + 0');
export const minIntSource: FastSource = ([x, y], t, slow) => `${t} = ${INT2(x, y)} ? (${x} <= ${y} ? ${x} : ${y}) : ${slow};`;
export const maxIntSource: FastSource = ([x, y], t, slow) => `${t} = ${INT2(x, y)} ? (${x} >= ${y} ? ${x} : ${y}) : ${slow};`;
export const incIntSource: FastSource = ([x], t, slow) => `${t} = ${all(isInt(x), `${x} < ${MAX_SAFE}`)} ? ${x} + 1 : ${slow};`;
export const decIntSource: FastSource = ([x], t, slow) => `${t} = ${all(isInt(x), `${x} > -${MAX_SAFE}`)} ? ${x} - 1 : ${slow};`;
export const negIntSource: FastSource = ([x], t, slow) => `${t} = ${all(isInt(x))} ? 0 - ${x} + 0 : ${slow};`;
export const lessNumSource = compareSource('<');
export const greaterNumSource = compareSource('>');
export const lessEqNumSource = compareSource('<=');
export const greaterEqNumSource = compareSource('>=');
export const zeroNumSource: FastSource = ([x], t, slow) => `${t} = ${all(isNum(x))} ? ${x} === 0 : ${slow};`;
export const posNumSource: FastSource = ([x], t, slow) => `${t} = ${all(isNum(x))} ? ${x} > 0 : ${slow};`;
export const negNumSource: FastSource = ([x], t, slow) => `${t} = ${all(isNum(x))} ? ${x} < 0 : ${slow};`;

/** For templates: `x` is an integer (true for a literal), checked as the fast paths check it. */
export const intCheckSource = (x: string): string => all(isInt(x));
