// Java's number syntax for Double/parseDouble, Float/parseFloat, Integer/parseInt and
// Long/parseLong, and rounding of exact decimal or hexadecimal values to a float or a double.
// Pure functions of text: the builtins (interop-numbers.ts) turn null into Java's exceptions.

/** Java's String.trim: code units up to U+0020 at either end. */
export function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 0x20) a++;
  while (b > a && s.charCodeAt(b - 1) <= 0x20) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/**
 * Java's floating literal, sign first: NaN, Infinity, a decimal with an optional exponent and
 * type suffix, or a hexadecimal significand with a binary exponent (0x1.8p3).
 */
const FLOATING = /^([+-]?)(?:(NaN)|(Infinity)|(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?[fFdD]?|0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)[fFdD]?)$/;

/** The binary formats: significand bits, lowest exponent (of the last significand bit, subnormals included), highest. */
interface BinaryFormat {
  readonly bits: number;
  readonly minExp: number;
  readonly maxExp: number;
}
const DOUBLE: BinaryFormat = { bits: 53, minExp: -1074, maxExp: 971 };
const FLOAT: BinaryFormat = { bits: 24, minExp: -149, maxExp: 104 };

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** num / den (both positive) rounded to the nearest value of the format, ties to even; Infinity past its range. */
function roundExact(num: bigint, den: bigint, f: BinaryFormat): number {
  // The exponent that leaves a significand of `bits` bits, then the same done exactly.
  let e = bitLength(num) - bitLength(den) - f.bits;
  const scaled = (exp: number): [bigint, bigint] => (exp < 0 ? [num << BigInt(-exp), den] : [num, den << BigInt(exp)]);
  let [n, d] = scaled(e);
  let q = n / d;
  const top = 1n << BigInt(f.bits);
  while (q >= top) {
    e++;
    [n, d] = scaled(e);
    q = n / d;
  }
  while (q < top >> 1n && e > f.minExp) {
    e--;
    [n, d] = scaled(e);
    q = n / d;
  }
  if (e < f.minExp) {
    e = f.minExp;
    [n, d] = scaled(e);
    q = n / d;
  }
  const twice = 2n * (n - q * d);
  if (twice > d || (twice === d && (q & 1n) === 1n)) q++;
  if (q === top) {
    q >>= 1n;
    e++;
  }
  if (e > f.maxExp) return Infinity;
  return Number(q) * 2 ** e;
}

/** Significant digits kept before the rest is folded into one sticky digit: more than any rounding needs. */
const MAX_DIGITS = 800;

/** The value of decimal digits (no sign, no point) times 10^exp, rounded to the format; exponents past any range short-circuit. */
function decimalValue(digits: string, exp: number, f: BinaryFormat): number {
  let d = digits.replace(/^0+/, '');
  if (d === '') return 0;
  // Trailing zeros move into the exponent; a long tail collapses to a sticky 1 (keeps ties honest).
  const stripped = d.replace(/0+$/, '');
  exp += d.length - stripped.length;
  d = stripped;
  if (d.length > MAX_DIGITS) {
    const rest = d.slice(MAX_DIGITS);
    exp += rest.length;
    d = d.slice(0, MAX_DIGITS) + (/[1-9]/.test(rest) ? '1' : '');
    if (d.length > MAX_DIGITS) exp--;
  }
  const magnitude = d.length + exp;
  if (magnitude > 400) return Infinity;
  if (magnitude < -400) return 0;
  const n = BigInt(d);
  return exp >= 0 ? roundExact(n * 10n ** BigInt(exp), 1n, f) : roundExact(n, 10n ** BigInt(-exp), f);
}

/** Hex digits with `point` of them after the point, times 2^exp, rounded to the format. */
function hexValue(intDigits: string, fracDigits: string, binaryExp: string, f: BinaryFormat): number {
  let hex = (intDigits + fracDigits).replace(/^0+/, '');
  if (hex === '') return 0;
  let exp = Number(binaryExp) - 4 * fracDigits.length;
  if (hex.length > MAX_DIGITS) {
    const rest = hex.slice(MAX_DIGITS);
    exp += 4 * rest.length;
    hex = hex.slice(0, MAX_DIGITS) + (/[1-9a-fA-F]/.test(rest) ? '1' : '');
    if (hex.length > MAX_DIGITS) exp -= 4;
  }
  const magnitude = 4 * hex.length + exp;
  if (magnitude > 1200) return Infinity;
  if (magnitude < -1300) return 0;
  const n = BigInt('0x' + hex);
  return exp >= 0 ? roundExact(n << BigInt(exp), 1n, f) : roundExact(n, 1n << BigInt(-exp), f);
}

/**
 * The double (or, with `float`, the float, as a JS number) Java's Double.parseDouble or
 * Float.parseFloat reads from s, rounded once to the declared kind; null where Java throws
 * NumberFormatException.
 */
export function parseJavaFloating(s: string, float: boolean): number | null {
  const m = FLOATING.exec(javaTrim(s));
  if (m === null) return null;
  const sign = m[1] === '-' ? -1 : 1;
  if (m[2] !== undefined) return NaN;
  if (m[3] !== undefined) return sign * Infinity;
  const f = float ? FLOAT : DOUBLE;
  let v: number;
  if (m[4] !== undefined) {
    const [whole, frac = ''] = m[4].split('.');
    // A long exponent is past any range whatever the digits: keep it a finite JS number.
    const exp = m[5] === undefined ? 0 : Math.max(-1e9, Math.min(1e9, Number(m[5])));
    v = float ? decimalValue(whole + frac, exp - frac.length, f) : Number(`${whole}.${frac}e${exp}`);
  } else {
    const intDigits = m[6];
    const fracDigits = m[7] ?? '';
    if (intDigits === '' && fracDigits === '') return null;
    v = hexValue(intDigits, fracDigits, String(Math.max(-1e9, Math.min(1e9, Number(m[8])))), f);
  }
  return sign * v;
}

/**
 * The code units Java's Character.digit(c, 10) reads as 0: each starts a run of ten digits. Digits
 * outside the Basic Multilingual Plane are two code units to Java, and so not digits.
 */
const DECIMAL_ZEROS = [
  0x0030, 0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0de6, 0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x1090,
  0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
];

function digitValue(code: number): number {
  for (const zero of DECIMAL_ZEROS) if (code >= zero && code < zero + 10) return code - zero;
  return -1;
}

/**
 * The integer Java's Integer.parseInt / Long.parseLong reads from s (an optional sign, then
 * decimal digits, no spaces), within [min, max]; null where Java throws NumberFormatException.
 */
export function parseJavaIntegral(s: string, min: bigint, max: bigint): bigint | null {
  let i = 0;
  const negative = s[0] === '-';
  if (negative || s[0] === '+') i = 1;
  if (i >= s.length) return null;
  const limit = negative ? -min : max;
  let n = 0n;
  for (; i < s.length; i++) {
    const d = digitValue(s.charCodeAt(i));
    if (d < 0) return null;
    n = n * 10n + BigInt(d);
    if (n > limit) return null;
  }
  return negative ? -n : n;
}
