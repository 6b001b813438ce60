// Java-style `format` (java.util.Formatter subset, as Clojure's `format` uses):
// %[index$][flags][width][.precision]conversion with conversions s S d f e E g G x X o c b B % n
// and flags - + space 0 , ( #. Floats round half-up on their shortest decimal form, as Java does
// ((format "%.2f" 1.005) → "1.01", where JS toFixed would give "1.00").
import { execError, typeError } from '../errors.ts';
import { graphemeCount, graphemes } from '../graphemes.ts';
import { isFloat, isInteger, isNumber, toJs } from '../numbers.ts';
import { printBrief, strOf } from '../printer.ts';
import { rt } from '../runtime.ts';
import { type Value } from '../values.ts';
import { kindOf, show } from './coerce.ts';

const SPEC = /%(\d+\$|<)?([-#+ 0,(]*)(\d+)?(\.\d+)?([a-zA-Z%])/g;

/** Decimal digits and exponent of a finite non-negative number: value = 0.d1d2d3… × 10^exp. */
function decimalDigits(n: number): { digits: string; exp: number } {
  if (n === 0) return { digits: '0', exp: 1 };
  const [m, e] = n.toExponential().split('e');
  const digits = m.replace('.', '');
  return { digits, exp: Number(e) + 1 };
}

/** Round a digit string half-up to keep `keep` digits; returns the new digits and a carry flag. */
function roundDigits(digits: string, keep: number): { digits: string; carry: boolean } {
  if (keep < 0) return { digits: '', carry: false };
  if (digits.length <= keep) return { digits: digits.padEnd(keep, '0'), carry: false };
  const head = digits.slice(0, keep).split('').map(Number);
  if (Number(digits[keep]) >= 5) {
    let i = head.length - 1;
    while (i >= 0) {
      if (head[i] < 9) {
        head[i]++;
        break;
      }
      head[i] = 0;
      i--;
    }
    if (i < 0) return { digits: '1' + head.join(''), carry: true };
  }
  return { digits: head.join(''), carry: false };
}

/** Fixed notation with `prec` decimals, half-up rounding, for a finite non-negative number. */
export function toFixedHalfUp(n: number, prec: number): string {
  const { digits, exp } = decimalDigits(n);
  const keep = exp + prec; // digits down to the 10^-prec position
  let all = keep < 0 ? '' : roundDigits(digits, keep).digits;
  if (all.length < prec + 1) all = all.padStart(prec + 1, '0');
  const intPart = all.slice(0, all.length - prec);
  return prec > 0 ? `${intPart}.${all.slice(all.length - prec)}` : intPart;
}

/** Scientific notation as Java %e: 1.234560e+01. */
function toExpHalfUp(n: number, prec: number, upper: boolean): string {
  let mant: string;
  let exp: number;
  if (n === 0) {
    mant = '0'.repeat(prec + 1);
    exp = 0;
  } else {
    const dd = decimalDigits(n);
    const r = roundDigits(dd.digits, prec + 1);
    mant = r.carry ? r.digits.slice(0, prec + 1) : r.digits;
    exp = dd.exp - 1 + (r.carry ? 1 : 0);
  }
  const body = prec > 0 ? `${mant[0]}.${mant.slice(1)}` : mant[0];
  const e = `${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return body + (upper ? 'E' : 'e') + e;
}

function group(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

interface Spec {
  flags: string;
  width: number;
  prec: number | null;
  conv: string;
  text: string;
}

/** Sign, grouping, zero padding and parentheses for a formatted magnitude. */
function signed(spec: Spec, negative: boolean, magnitude: string): string {
  const { flags } = spec;
  let body = magnitude;
  if (flags.includes(',')) {
    const dot = body.indexOf('.');
    const intEnd = dot < 0 ? body.length : dot;
    if (/^\d+$/.test(body.slice(0, intEnd))) body = group(body.slice(0, intEnd)) + body.slice(intEnd);
  }
  let prefix = '';
  let suffix = '';
  if (negative) {
    if (flags.includes('(')) {
      prefix = '(';
      suffix = ')';
    } else prefix = '-';
  } else if (flags.includes('+')) prefix = '+';
  else if (flags.includes(' ')) prefix = ' ';
  if (flags.includes('0') && !flags.includes('-')) {
    const room = spec.width - prefix.length - suffix.length - body.length;
    if (room > 0) body = '0'.repeat(room) + body;
  }
  return prefix + body + suffix;
}

function pad(spec: Spec, s: string): string {
  if (s.length >= spec.width) return s;
  return spec.flags.includes('-') ? s.padEnd(spec.width) : s.padStart(spec.width);
}

function formatFloatSpec(spec: Spec, v: Value): string {
  if (!isNumber(v)) throw typeError(`format: ${spec.text} needs a number, got ${kindOf(v)}: ${show(v)}`);
  const n = toJs(v);
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return signed({ ...spec, flags: spec.flags.replace('0', '') }, n < 0, 'Infinity');
  const prec = spec.prec ?? 6;
  const a = Math.abs(n);
  const neg = n < 0 || Object.is(n, -0);
  switch (spec.conv) {
    case 'f':
      return signed(spec, neg, toFixedHalfUp(a, prec));
    case 'e':
    case 'E':
      return signed(spec, neg, toExpHalfUp(a, prec, spec.conv === 'E'));
    default: {
      // %g: Java uses scientific notation when the rounded value is ≥ 10^prec or < 10^-4.
      const p = prec === 0 ? 1 : prec;
      const rounded = Number(toExpHalfUp(a, p - 1, false));
      if (a !== 0 && (rounded < 1e-4 || rounded >= Math.pow(10, p))) return signed(spec, neg, toExpHalfUp(a, p - 1, spec.conv === 'G'));
      const intDigits = rounded === 0 ? 1 : Math.floor(Math.log10(rounded)) + 1;
      return signed(spec, neg, toFixedHalfUp(a, Math.max(p - intDigits, 0)));
    }
  }
}

function formatIntSpec(spec: Spec, v: Value): string {
  if (!isInteger(v)) {
    const hint = isFloat(v) ? ' (for floats use %f or %.0f, or convert with (int x))' : '';
    throw typeError(`format: ${spec.text} needs an integer, got ${kindOf(v)}: ${show(v)}${hint}`);
  }
  const b = BigInt(v);
  if (spec.conv === 'd') return signed(spec, b < 0n, String(b < 0n ? -b : b));
  const u = b < 0n ? BigInt.asUintN(64, b) : b;
  let s = spec.conv === 'o' ? u.toString(8) : u.toString(16);
  if (spec.conv === 'X') s = s.toUpperCase();
  if (spec.flags.includes('#')) s = (spec.conv === 'o' ? '0' : spec.conv === 'X' ? '0X' : '0x') + s;
  return signed({ ...spec, flags: spec.flags.replace(/[+ (,]/g, '') }, false, s);
}

function convert(spec: Spec, v: Value): string {
  switch (spec.conv) {
    case 's':
    case 'S': {
      let s = v === null ? 'nil' : strOf(v);
      if (spec.prec !== null) s = graphemes(s).slice(0, spec.prec).join('');
      return spec.conv === 'S' ? s.toUpperCase() : s;
    }
    case 'd':
    case 'x':
    case 'X':
    case 'o':
      return formatIntSpec(spec, v);
    case 'f':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
      return formatFloatSpec(spec, v);
    case 'c':
      if (typeof v === 'string' && graphemeCount(v) === 1) return v;
      if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0x10ffff) return String.fromCodePoint(v);
      throw typeError(`format: %c needs a character, got ${kindOf(v)}: ${show(v)}`);
    case 'b':
    case 'B': {
      const s = v === null ? 'false' : typeof v === 'boolean' ? String(v) : 'true';
      return spec.conv === 'B' ? s.toUpperCase() : s;
    }
    default:
      throw execError(`format: unknown conversion ${spec.text}; supported: %s %d %f %.2f %e %g %x %o %c %b %% %n`);
  }
}

/** Format `fmt` with `args` the way Java's String.format does. */
export function formatString(fmt: string, args: readonly Value[]): string {
  let next = 0;
  let last = -1;
  return fmt.replace(SPEC, (text: string, index: string | undefined, flags: string, width: string | undefined, prec: string | undefined, conv: string) => {
    // A width or precision of 10⁹ would pad out a string of that many characters: refused first.
    rt().checkText(Math.max(Number(width ?? 0), prec === undefined ? 0 : Number(prec.slice(1))));
    if (conv === '%') return pad({ flags, width: Number(width ?? 0), prec: null, conv, text }, '%');
    if (conv === 'n') return '\n';
    let i: number;
    if (index === '<') i = last;
    else if (index !== undefined) i = Number(index.slice(0, -1)) - 1;
    else i = next++;
    if (i < 0 || i >= args.length) {
      throw execError(`format: no argument for ${text} in ${printBrief(fmt, 80)} (${args.length} argument${args.length === 1 ? '' : 's'} given)`);
    }
    last = i;
    const spec: Spec = { flags, width: Number(width ?? 0), prec: prec === undefined ? null : Number(prec.slice(1)), conv, text };
    return pad(spec, convert(spec, args[i]));
  });
}
