// The minimal Java interop PTC-Lisp allows: dates (java.util.Date., LocalDate/parse, .getTime …),
// a few static helpers (System/currentTimeMillis, Integer/parseInt, Math/…), constants
// (Double/POSITIVE_INFINITY …) and Java string methods (.indexOf returns -1 when absent, etc.).
import { execError, typeError } from '../errors.ts';
import { float, isInteger, numCompare, toJs } from '../numbers.ts';
import { PInst, type Value } from '../values.ts';
import { int, kindOf, num, show } from './coerce.ts';
import { parseDoubleText, parseLongText } from './parsing.ts';
import { interopConstant, interopFn } from './registry.ts';
import { cpLength, findIndex, recased, substring } from './strings.ts';

const DAY_MS = 86_400_000;

// ---- constants ----

interopConstant('Double/POSITIVE_INFINITY', Infinity, 'Positive infinity, ##Inf.', [['(> Double/POSITIVE_INFINITY 1e308)', 'true']]);
interopConstant('Double/NEGATIVE_INFINITY', -Infinity, 'Negative infinity, ##-Inf.', [['Double/NEGATIVE_INFINITY', '##-Inf']]);
interopConstant('Double/NaN', NaN, 'Not a number, ##NaN (not equal even to itself).', [['(= Double/NaN Double/NaN)', 'false']]);
interopConstant('Double/MAX_VALUE', float(Number.MAX_VALUE), 'The largest finite float.', [['(float? Double/MAX_VALUE)', 'true']]);
interopConstant('Double/MIN_VALUE', Number.MIN_VALUE, 'The smallest positive float.', [['(pos? Double/MIN_VALUE)', 'true']]);
interopConstant('Math/PI', Math.PI, 'The ratio of a circle to its diameter, 3.141592653589793.', [['(round (* 100 Math/PI))', '314']]);
interopConstant('Math/E', Math.E, "Euler's number, 2.718281828459045.", [['(round Math/E)', '3']]);
interopConstant('Long/MAX_VALUE', 9223372036854775807n, 'The largest 64-bit integer, 9223372036854775807.', [['Long/MAX_VALUE', '9223372036854775807']]);
interopConstant('Long/MIN_VALUE', -9223372036854775808n, 'The smallest 64-bit integer, -9223372036854775808.', [['Long/MIN_VALUE', '-9223372036854775808']]);
interopConstant('Integer/MAX_VALUE', 2147483647, 'The largest 32-bit integer, 2147483647.', [['Integer/MAX_VALUE', '2147483647']]);
interopConstant('Integer/MIN_VALUE', -2147483648, 'The smallest 32-bit integer, -2147483648.', [['Integer/MIN_VALUE', '-2147483648']]);

// ---- dates ----

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RFC_2822 = /^(?:[A-Za-z]{3},\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{4}\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[+-]\d{4}|GMT|UTC|UT|Z)?$/;

/** The range JavaScript dates (and so PTC dates) can hold: ±8.64e15 ms, about ±273,790 years. */
const MAX_DATE_MS = 8.64e15;

/**
 * A date, refused when out of range: an out-of-range date cannot be printed, compared or saved.
 * `ms` may be any number (arithmetic on dates can overflow), `fn` names the builtin for the message.
 */
function inst(fn: string, ms: number, dateOnly: boolean): PInst {
  if (!(Math.abs(ms) <= MAX_DATE_MS)) {
    throw execError(`${fn}: date out of range; dates must lie between -271821-04-20 and +275760-09-13 (±8.64e15 ms from 1970)`);
  }
  return new PInst(ms, dateOnly);
}

/** Milliseconds for a calendar date at midnight UTC, or null when the date does not exist. */
function utcDate(y: number, m: number, d: number): number | null {
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const back = new Date(0);
  back.setUTCFullYear(y, m - 1, d);
  const ms = back.getTime();
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : null;
}

function parseDateTime(fn: string, s: string): number {
  const bad = (): never => {
    throw execError(
      `${fn}: cannot parse ${show(s)} as a date; use ISO-8601 ("2026-01-08T14:30:00Z"), a date ("2026-01-08") or RFC 2822 ("Wed, 8 Jan 2026 14:30:00 +0000")`,
    );
  };
  const t = s.trim();
  let m = ISO_DATE_TIME.exec(t);
  if (m) {
    const day = utcDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (day === null || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return bad();
    let ms = day + (Number(m[4]) * 60 + Number(m[5])) * 60_000 + Number(m[6] ?? 0) * 1000;
    if (m[7] !== undefined) ms += Math.floor(Number(('0.' + m[7]).slice(0, 5)) * 1000);
    const zone = m[8];
    if (zone !== undefined && zone.toUpperCase() !== 'Z') {
      const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
      if (!z) return bad();
      const offset = (Number(z[2]) * 60 + Number(z[3] ?? 0)) * 60_000;
      ms -= z[1] === '+' ? offset : -offset;
    }
    return ms;
  }
  m = ISO_DATE.exec(t);
  if (m) return utcDate(Number(m[1]), Number(m[2]), Number(m[3])) ?? bad();
  if (RFC_2822.test(t)) {
    const withZone = /(?:[+-]\d{4}|GMT|UTC|UT|Z)$/.test(t) ? t : t + ' +0000';
    const ms = Date.parse(withZone);
    if (!Number.isNaN(ms)) return ms;
  }
  return bad();
}

interopFn(
  'java.util.Date.',
  [0, 1],
  'A date-time: now, from epoch seconds (|x| < 1e12) or milliseconds, or from an ISO-8601 / RFC 2822 string',
  (x) => {
    if (x === undefined) return inst('java.util.Date.', Date.now(), false);
    if (x instanceof PInst) return new PInst(x.ms, false);
    if (typeof x === 'string') return inst('java.util.Date.', parseDateTime('java.util.Date.', x), false);
    if (x === null) throw typeError('java.util.Date. expected epoch seconds, milliseconds or a date string, got nil');
    const n = toJs(num('java.util.Date.', x));
    if (!Number.isFinite(n)) throw execError(`java.util.Date. cannot make a date from ${show(x)}`);
    return inst('java.util.Date.', Math.abs(n) < 1e12 ? Math.round(n * 1000) : Math.round(n), false);
  },
  { examples: [['(.getTime (java.util.Date. 1700000000))', '1700000000000']], params: ['[]', '[epoch-or-text]'] },
);

function localDateParse(fn: string): (s: Value) => Value {
  return (s: Value): Value => {
    if (typeof s !== 'string') throw typeError(`${fn} expected a date string "YYYY-MM-DD", got ${kindOf(s)}: ${show(s)}`);
    const m = ISO_DATE.exec(s.trim());
    const ms = m ? utcDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
    if (ms === null) throw execError(`${fn}: cannot parse ${show(s)} as a date; expected "YYYY-MM-DD", e.g. "2026-01-08"`);
    return inst(fn, ms, true);
  };
}
interopFn('java.time.LocalDate/parse', 1, 'A date (no time) from "YYYY-MM-DD"', localDateParse('java.time.LocalDate/parse'), {
  examples: [['(str (java.time.LocalDate/parse "2023-10-27"))', '"2023-10-27"']],
  params: ['[text]'],
});
interopFn('LocalDate/parse', 1, 'A date (no time) from "YYYY-MM-DD"', localDateParse('LocalDate/parse'), {
  examples: [['(.toEpochDay (LocalDate/parse "1970-01-11"))', '10']],
  params: ['[text]'],
});

interopFn('System/currentTimeMillis', 0, 'The current time in milliseconds since the epoch', () => Date.now(), {
  examples: [['(pos? (System/currentTimeMillis))', 'true']],
  params: ['[]'],
});

function date(fn: string, v: Value): PInst {
  if (v instanceof PInst) return v;
  throw typeError(`${fn} expected a date, got ${kindOf(v)}: ${show(v)}`);
}

interopFn(
  '.getTime',
  1,
  'Milliseconds since the epoch of a date-time (not of a LocalDate)',
  (d) => {
    const x = date('.getTime', d);
    if (x.dateOnly) throw execError('.getTime works only on date-times from (java.util.Date. …); for a LocalDate use .toEpochDay or (str d)');
    return x.ms;
  },
  { examples: [['(.getTime (java.util.Date. "2026-01-08T00:00:00Z"))', '1767830400000']], params: ['[date]'] },
);
interopFn('.isBefore', 2, 'True when the first date is before the second', (a, b) => date('.isBefore', a).ms < date('.isBefore', b).ms, {
  examples: [['(.isBefore (LocalDate/parse "2026-01-01") (LocalDate/parse "2026-02-01"))', 'true']],
  params: ['[date other]'],
});
interopFn('.isAfter', 2, 'True when the first date is after the second', (a, b) => date('.isAfter', a).ms > date('.isAfter', b).ms, {
  examples: [['(.isAfter (LocalDate/parse "2024-03-02") (LocalDate/parse "2024-03-01"))', 'true']],
  params: ['[date other]'],
});
interopFn(
  '.plusDays',
  2,
  'The date moved n days later',
  (d, n) => {
    const x = date('.plusDays', d);
    return inst('.plusDays', x.ms + int('.plusDays', n) * DAY_MS, x.dateOnly);
  },
  { examples: [['(str (.plusDays (LocalDate/parse "2026-01-31") 1))', '"2026-02-01"']], params: ['[date n]'] },
);
interopFn(
  '.minusDays',
  2,
  'The date moved n days earlier',
  (d, n) => {
    const x = date('.minusDays', d);
    return inst('.minusDays', x.ms - int('.minusDays', n) * DAY_MS, x.dateOnly);
  },
  { examples: [['(str (.minusDays (LocalDate/parse "2024-03-01") 1))', '"2024-02-29"']], params: ['[date n]'] },
);
interopFn('.toEpochDay', 1, 'Days since 1970-01-01', (d) => Math.floor(date('.toEpochDay', d).ms / DAY_MS), {
  examples: [['(.toEpochDay (LocalDate/parse "1970-01-11"))', '10']],
  params: ['[date]'],
});

// ---- number parsing and math, Java style (errors instead of nil) ----

function javaParseInt(fn: string, lo: bigint, hi: bigint): (s: Value) => Value {
  return (s: Value): Value => {
    if (typeof s !== 'string') throw typeError(`${fn} expected a string, got ${kindOf(s)}: ${show(s)}`);
    const n = parseLongText(s);
    if (n === null || BigInt(n) < lo || BigInt(n) > hi) {
      throw execError(`${fn}: cannot parse ${show(s)} as an integer (NumberFormatException); (parse-long s) returns nil instead of failing`);
    }
    return n;
  };
}
interopFn('Integer/parseInt', 1, 'Parse a string as an integer; fails on bad input', javaParseInt('Integer/parseInt', -2147483648n, 2147483647n), {
  examples: [['(Integer/parseInt "42")', '42']],
  params: ['[s]'],
});
interopFn(
  'Long/parseLong',
  1,
  'Parse a string as an integer; fails on bad input',
  javaParseInt('Long/parseLong', -9223372036854775808n, 9223372036854775807n),
  {
    examples: [
      ['(Long/parseLong "42")', '42'],
      ['(Long/parseLong "4x")', 'error: execution_error'],
    ],
    params: ['[s]'],
  },
);
interopFn(
  'Double/parseDouble',
  1,
  'Parse a string as a float; fails on bad input',
  (s) => {
    if (typeof s !== 'string') throw typeError(`Double/parseDouble expected a string, got ${kindOf(s)}: ${show(s)}`);
    const n = parseDoubleText(s.trim());
    if (n === null)
      throw execError(`Double/parseDouble: cannot parse ${show(s)} as a number (NumberFormatException); (parse-double s) returns nil instead of failing`);
    return float(n);
  },
  { examples: [['(Double/parseDouble "2.5")', '2.5']], params: ['[s]'] },
);

const mathFloat = (name: string, f: (x: number) => number, example: readonly [string, string]) =>
  interopFn(`Math/${name}`, 1, `Java Math.${name}, as a float`, (x) => float(f(toJs(num(`Math/${name}`, x)))), { examples: [example], params: ['[x]'] });
mathFloat('sqrt', Math.sqrt, ['(Math/sqrt 16)', '4.0']);
mathFloat('floor', Math.floor, ['(Math/floor 2.7)', '2.0']);
mathFloat('ceil', Math.ceil, ['(Math/ceil 2.1)', '3.0']);
mathFloat('log', Math.log, ['(Math/log 1)', '0.0']);
mathFloat('log10', Math.log10, ['(Math/log10 1000)', '3.0']);
mathFloat('exp', Math.exp, ['(Math/exp 0)', '1.0']);
interopFn('Math/pow', 2, 'Java Math.pow, as a float', (x, y) => float(Math.pow(toJs(num('Math/pow', x)), toJs(num('Math/pow', y)))), {
  examples: [['(Math/pow 2 3)', '8.0']],
  params: ['[x y]'],
});
interopFn(
  'Math/abs',
  1,
  'Absolute value (integers stay integers)',
  (x) => {
    const n = num('Math/abs', x);
    if (isInteger(n)) return numCompare(n, 0) < 0 ? (typeof n === 'bigint' ? -n : -n + 0) : n;
    return float(Math.abs(toJs(n)));
  },
  { examples: [['(Math/abs -7)', '7']], params: ['[x]'] },
);
interopFn(
  'Math/round',
  1,
  'Round to the nearest integer (halves up)',
  (x) => {
    const n = num('Math/round', x);
    if (isInteger(n)) return n;
    const r = Math.round(toJs(n));
    if (!Number.isFinite(r)) throw execError(`Math/round cannot round ${show(x)} to an integer`);
    return Number.isSafeInteger(r) ? r + 0 : BigInt(r);
  },
  { examples: [['(Math/round 2.5)', '3']], params: ['[x]'] },
);
interopFn('Math/max', 2, 'The larger of two numbers', (a, b) => (numCompare(num('Math/max', a), num('Math/max', b)) >= 0 ? a : b), {
  examples: [['(Math/max 3 9)', '9']],
  params: ['[x y]'],
});
interopFn('Math/min', 2, 'The smaller of two numbers', (a, b) => (numCompare(num('Math/min', a), num('Math/min', b)) <= 0 ? a : b), {
  examples: [['(Math/min 3 9)', '3']],
  params: ['[x y]'],
});

// ---- Java string methods (receiver first) ----

function receiver(method: string, s: Value): string {
  if (typeof s === 'string') return s;
  throw typeError(`${method}: expected string, got ${kindOf(s)}`);
}

interopFn(
  '.indexOf',
  [2, 3],
  'Index of the first occurrence of sub in s (from an optional index), or -1',
  (s, sub, from) => findIndex('.indexOf', receiver('.indexOf', s), receiver('.indexOf', sub), from, false),
  {
    examples: [
      ['(.indexOf "hello" "l")', '2'],
      ['(.indexOf "hello" "z")', '-1'],
    ],
    params: ['[s sub]', '[s sub from]'],
  },
);
interopFn(
  '.lastIndexOf',
  [2, 3],
  'Index of the last occurrence of sub in s, or -1',
  (s, sub, from) => findIndex('.lastIndexOf', receiver('.lastIndexOf', s), receiver('.lastIndexOf', sub), from, true),
  { examples: [['(.lastIndexOf "hello" "l")', '3']], params: ['[s sub]', '[s sub from]'] },
);
interopFn('.length', 1, 'Number of characters in s', (s) => cpLength(receiver('.length', s)), { examples: [['(.length "hello")', '5']], params: ['[s]'] });
interopFn(
  '.toUpperCase',
  1,
  'The string in upper case',
  (s) => {
    const text = receiver('.toUpperCase', s);
    return recased(text, text.toUpperCase());
  },
  { examples: [['(.toUpperCase "abc")', '"ABC"']], params: ['[s]'] },
);
interopFn(
  '.toLowerCase',
  1,
  'The string in lower case',
  (s) => {
    const text = receiver('.toLowerCase', s);
    return recased(text, text.toLowerCase());
  },
  { examples: [['(.toLowerCase "ABC")', '"abc"']], params: ['[s]'] },
);
interopFn('.trim', 1, 'The string without surrounding whitespace', (s) => receiver('.trim', s).trim(), {
  examples: [['(.trim "  x  ")', '"x"']],
  params: ['[s]'],
});
interopFn('.isEmpty', 1, 'True when the string has no characters', (s) => receiver('.isEmpty', s).length === 0, {
  examples: [['(.isEmpty "")', 'true']],
  params: ['[s]'],
});
interopFn('.contains', 2, 'True when s contains sub', (s, sub) => receiver('.contains', s).includes(receiver('.contains', sub)), {
  examples: [['(.contains "hello" "ell")', 'true']],
  params: ['[s sub]'],
});
interopFn('.startsWith', 2, 'True when s starts with the prefix', (s, p) => receiver('.startsWith', s).startsWith(receiver('.startsWith', p)), {
  examples: [['(.startsWith "hello" "he")', 'true']],
  params: ['[s prefix]'],
});
interopFn('.endsWith', 2, 'True when s ends with the suffix', (s, p) => receiver('.endsWith', s).endsWith(receiver('.endsWith', p)), {
  examples: [['(.endsWith "hello" "lo")', 'true']],
  params: ['[s suffix]'],
});
interopFn(
  '.substring',
  [2, 3],
  'Substring from begin (inclusive) to end (exclusive)',
  (s, b, e) => substring('.substring', receiver('.substring', s), int('.substring', b), e === undefined ? null : int('.substring', e)),
  { examples: [['(.substring "hello" 1 3)', '"el"']], params: ['[s begin]', '[s begin end]'] },
);
