// The Java time members: LocalDate, Instant and Duration from java.time, the legacy
// java.util.Date, and System/currentTimeMillis. Each method belongs to the classes that have it
// in Java: a method called on another class's value is a type error that names the method to
// use (an Instant has .toEpochMilli, not .getTime; a Date has .before, not .isBefore).
import { typeError } from '../errors.ts';
import { isFloat, isInteger, normBig, toJs } from '../numbers.ts';
import { duration, isLong, legacyDate, LONG_MIN, localDate, parseInstant, parseLocalDate, PDate, PInstant, PLocalDate, type PJava } from '../java-time.ts';
import type { Value } from '../values.ts';
import { kindOf, show } from './coerce.ts';
import { asDate, asDuration, asInstant, asLocalDate, javaException, nullPointer, wrongClass } from './java-surface.ts';
import { parseLegacyDate } from './legacy-date-text.ts';
import { interopFn } from './registry.ts';
import { activeRuntime } from '../runtime.ts';

/** The run's wall clock: a host that runs a program again replays the readings it made. */
const wallClock = (): number => activeRuntime()?.wallClock() ?? Date.now();

// ---- parsing ----

function textArg(fn: string, s: Value): string {
  if (s === null) throw nullPointer(fn, 'the text');
  if (typeof s !== 'string') throw typeError(`${fn} expected a string, got ${kindOf(s)}: ${show(s)}`);
  return s;
}

function localDateParse(fn: string): (s: Value) => Value {
  return (s) => {
    const d = parseLocalDate(textArg(fn, s));
    if (d !== null) return d;
    const hint = /^[+-]?\d{4,}-\d{2}-\d{2}[Tt ]/.test(s as string)
      ? 'a date and time is an Instant: (Instant/parse s)'
      : 'write "YYYY-MM-DD", e.g. "2026-01-08"';
    throw javaException(fn, 'DateTimeParseException', `${show(s)} is not an ISO local date`, hint);
  };
}

for (const [symbol, examples] of [
  [
    'LocalDate/parse',
    [
      ['(.toEpochDay (LocalDate/parse "1970-01-11"))', '10'],
      ['(LocalDate/parse "2024-01-02T10:00:00Z")', 'error: runtime_error'],
    ],
  ],
  ['java.time.LocalDate/parse', [['(str (java.time.LocalDate/parse "2023-10-27"))', '"2023-10-27"']]],
] as const) {
  interopFn(symbol, 1, 'A java.time.LocalDate from strict ISO text "YYYY-MM-DD" (years past 9999 take a sign: "+12024-01-01")', localDateParse(symbol), {
    params: ['[text]'],
    examples,
  });
}

function instantParse(fn: string): (s: Value) => Value {
  return (s) => {
    const i = parseInstant(textArg(fn, s));
    if (i !== null) return i;
    const hint = /^[+-]?\d{4,}-\d{2}-\d{2}$/.test(s as string)
      ? 'a date alone is a LocalDate: (LocalDate/parse s)'
      : 'write a date, a time with seconds and a zone: "2026-01-08T14:30:00Z" or "2026-01-08T14:30:00+01:00"';
    throw javaException(fn, 'DateTimeParseException', `${show(s)} is not an ISO instant`, hint);
  };
}

for (const [symbol, examples] of [
  [
    'Instant/parse',
    [
      ['(str (Instant/parse "2024-01-02T03:04:05.120+01:00"))', '"2024-01-02T02:04:05.120Z"'],
      ['(Instant/parse "2024-01-02T03:04")', 'error: runtime_error'],
    ],
  ],
  ['java.time.Instant/parse', [['(.toEpochMilli (java.time.Instant/parse "1970-01-01T00:00:01Z"))', '1000']]],
] as const) {
  interopFn(
    symbol,
    1,
    'A java.time.Instant from strict ISO text with a zone: "2026-01-08T14:30:00Z", "…:00.123456789+02:00" (nanoseconds kept)',
    instantParse(symbol),
    { params: ['[text]'], examples },
  );
}

// ---- Duration ----

function between(fn: string): (a: Value, b: Value) => Value {
  return (a, b) => {
    const hint = 'Duration/between takes two Instants; for dates count days with (- (.toEpochDay b) (.toEpochDay a))';
    const start = asInstant(fn, a, 'start', hint);
    const end = asInstant(fn, b, 'end', hint);
    let seconds = end.seconds - start.seconds;
    let nanos = end.nanos - start.nanos;
    if (nanos < 0) {
      seconds -= 1n;
      nanos += 1_000_000_000;
    }
    const d = duration(seconds, nanos);
    if (d === null) throw javaException(fn, 'ArithmeticException', 'the duration is past Java long seconds');
    return d;
  };
}

for (const [symbol, examples] of [
  [
    'Duration/between',
    [
      ['(str (Duration/between (Instant/parse "2024-01-01T00:00:00Z") (Instant/parse "2024-01-01T01:30:00.5Z")))', '"PT1H30M0.5S"'],
      ['(Duration/between (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))', 'error: type_error'],
    ],
  ],
  [
    'java.time.Duration/between',
    [['(.toMillis (java.time.Duration/between (Instant/parse "2024-01-01T00:00:00Z") (Instant/parse "2024-01-01T00:00:01Z")))', '1000']],
  ],
] as const) {
  interopFn(symbol, 2, 'The java.time.Duration from one Instant to another (negative when the end comes first)', between(symbol), {
    params: ['[start end]'],
    examples,
  });
}

const NANOS_PER_MILLI = 1_000_000n;

interopFn(
  '.toMillis',
  1,
  'The length of a Duration in whole milliseconds (truncated toward zero)',
  (d) => {
    const x = asDuration('.toMillis', d, 'receiver');
    const ms = (x.seconds * 1_000_000_000n + BigInt(x.nanos)) / NANOS_PER_MILLI;
    if (!isLong(ms)) throw javaException('.toMillis', 'ArithmeticException', 'the milliseconds are past Java long');
    return normBig(ms);
  },
  {
    params: ['[duration]'],
    examples: [['(.toMillis (Duration/between (Instant/parse "2024-01-01T00:00:00Z") (Instant/parse "2024-01-01T00:00:01.5Z")))', '1500']],
  },
);

interopFn(
  '.toDays',
  1,
  'The length of a Duration in whole days (truncated toward zero)',
  (d) => normBig(asDuration('.toDays', d, 'receiver').seconds / 86_400n),
  {
    params: ['[duration]'],
    examples: [['(.toDays (Duration/between (Instant/parse "1970-01-01T00:00:00Z") (Instant/parse "1970-01-02T12:00:00Z")))', '1']],
  },
);

// ---- Instant ----

interopFn(
  '.toEpochMilli',
  1,
  'Milliseconds from 1970-01-01T00:00:00Z to an Instant (finer digits dropped)',
  (i) => {
    const x = asInstant('.toEpochMilli', i, 'receiver', i instanceof PDate ? 'for a java.util.Date use (.getTime d)' : '');
    const ms = x.seconds * 1000n + BigInt(Math.floor(x.nanos / 1_000_000));
    if (!isLong(ms)) throw javaException('.toEpochMilli', 'ArithmeticException', 'the milliseconds are past Java long');
    return normBig(ms);
  },
  { params: ['[instant]'], examples: [['(.toEpochMilli (Instant/parse "2024-01-02T03:04:05.123456789Z"))', '1704164645123']] },
);

// ---- LocalDate ----

interopFn('.toEpochDay', 1, 'Days from 1970-01-01 to a LocalDate', (d) => asLocalDate('.toEpochDay', d, 'receiver').epochDay, {
  params: ['[date]'],
  examples: [['(.toEpochDay (LocalDate/parse "1970-01-11"))', '10']],
});

/** A day count as Java's long: an integer in range, or a float truncated toward zero (NaN is 0). */
function daysArg(fn: string, n: Value): bigint {
  if (isInteger(n)) {
    const b = BigInt(n);
    if (isLong(b)) return b;
  } else if (isFloat(n)) {
    const x = toJs(n);
    if (Number.isNaN(x)) return 0n;
    if (Number.isFinite(x) && Math.abs(x) < 2 ** 63) return BigInt(Math.trunc(x));
  } else if (n === null) throw nullPointer(fn, 'the number of days');
  throw typeError(`${fn} expected a number of days within Java's long range, got ${kindOf(n)}: ${show(n)}`);
}

function shifted(fn: string, d: PLocalDate, days: bigint): PLocalDate {
  const day = BigInt(d.epochDay) + days;
  if (!isLong(day)) throw javaException(fn, 'ArithmeticException', 'the epoch day is past Java long');
  const out = localDate(Number(day));
  if (out === null) throw javaException(fn, 'DateTimeException', "the date is past LocalDate's range (years -999999999 to 999999999)");
  return out;
}

interopFn(
  '.plusDays',
  2,
  'The LocalDate n days later (a float n is truncated)',
  (d, n) => shifted('.plusDays', asLocalDate('.plusDays', d, 'receiver'), daysArg('.plusDays', n)),
  {
    params: ['[date n]'],
    examples: [['(str (.plusDays (LocalDate/parse "2026-01-31") 1))', '"2026-02-01"']],
  },
);

interopFn(
  '.minusDays',
  2,
  'The LocalDate n days earlier (a float n is truncated)',
  (d, n) => {
    const date = asLocalDate('.minusDays', d, 'receiver');
    const days = daysArg('.minusDays', n);
    // Java subtracts its minimum as two steps (negating it overflows): the first can overflow.
    if (days === LONG_MIN) return shifted('.minusDays', shifted('.minusDays', date, -(LONG_MIN + 1n)), 1n);
    return shifted('.minusDays', date, -days);
  },
  { params: ['[date n]'], examples: [['(str (.minusDays (LocalDate/parse "2024-03-01") 1))', '"2024-02-29"']] },
);

// ---- comparisons, owned by their class ----

/** .isBefore / .isAfter: a LocalDate with a LocalDate, an Instant with an Instant. */
function temporalOrder(fn: string, after: boolean): (a: Value, b: Value) => Value {
  return (a, b) => {
    let x: PJava;
    let y: PJava;
    if (a instanceof PLocalDate) {
      x = a;
      y = asLocalDate(fn, b, 'argument');
    } else if (a instanceof PInstant) {
      x = a;
      y = asInstant(fn, b, 'argument');
    } else if (a === null) throw nullPointer(fn, 'the receiver');
    else
      throw wrongClass(fn, 'a java.time.LocalDate or java.time.Instant', a, a instanceof PDate ? `a java.util.Date has ${after ? '.after' : '.before'}` : '');
    const c = x.compareSame(y as never);
    return after ? c > 0 : c < 0;
  };
}

interopFn('.isBefore', 2, 'True when a LocalDate (or Instant) comes strictly before another of its class', temporalOrder('.isBefore', false), {
  params: ['[a b]'],
  examples: [
    ['(.isBefore (LocalDate/parse "2026-01-01") (LocalDate/parse "2026-02-01"))', 'true'],
    ['(.isBefore (LocalDate/parse "2026-01-01") (Instant/parse "2026-02-01T00:00:00Z"))', 'error: type_error'],
  ],
});
interopFn('.isAfter', 2, 'True when a LocalDate (or Instant) comes strictly after another of its class', temporalOrder('.isAfter', true), {
  params: ['[a b]'],
  examples: [['(.isAfter (Instant/parse "2024-03-02T00:00:00Z") (Instant/parse "2024-03-01T00:00:00Z"))', 'true']],
});

// ---- java.util.Date ----

/** The hint for a Date method called on a java.time value. */
function dateOnlyHint(v: Value, instead: string): string {
  if (v instanceof PInstant) return `a java.time.Instant has ${instead}`;
  if (v instanceof PLocalDate) return `a java.time.LocalDate has ${instead === '.toEpochMilli' ? '.toEpochDay' : instead}`;
  return '';
}

interopFn(
  'java.util.Date.',
  [0, 1],
  'A java.util.Date: now; from epoch milliseconds (an integer, always milliseconds); or from English date text such as "Jan 8 2026 14:30 UTC"',
  (x) => {
    const fn = 'java.util.Date.';
    if (x === undefined) return legacyDate(BigInt(wallClock())) as PDate;
    if (isInteger(x)) {
      const d = legacyDate(BigInt(x));
      if (d !== null) return d;
      throw typeError(`${fn} takes epoch milliseconds within Java's long range, got ${show(x)}`);
    }
    if (x === null) throw javaException(fn, 'IllegalArgumentException', 'the date text is nil');
    if (typeof x === 'string') {
      const ms = parseLegacyDate(x);
      const d = ms === null ? null : legacyDate(ms);
      if (d !== null) return d;
      const hint = /^[+-]?\d{4,}-\d{2}-\d{2}/.test(x)
        ? 'ISO-8601 text is not a Date: use (Instant/parse s) or (LocalDate/parse s)'
        : 'write an English date with a four-digit year, such as "Jan 8 2026", "8 Jan 2026 14:30 UTC" or "1/8/2026"';
      throw javaException(fn, 'IllegalArgumentException', `cannot read ${show(x)} as a date`, hint);
    }
    const hint = isFloat(x) ? 'epoch milliseconds are an integer: (java.util.Date. (long ms))' : '';
    throw typeError(`${fn} expected epoch milliseconds (an integer) or date text, got ${kindOf(x)}: ${show(x)}${hint === '' ? '' : '; ' + hint}`);
  },
  {
    params: ['[]', '[epoch-ms]', '[text]'],
    examples: [
      ['(.getTime (java.util.Date. 1700000000000))', '1700000000000'],
      ['(str (java.util.Date. "Wed, 8 Jan 2026 14:30:00 UTC"))', '"2026-01-08T14:30:00Z"'],
      ['(java.util.Date. "2026-01-08T14:30:00Z")', 'error: runtime_error'],
    ],
  },
);

interopFn(
  '.getTime',
  1,
  'Milliseconds from 1970-01-01T00:00:00Z to a java.util.Date',
  (d) => normBig(asDate('.getTime', d, 'receiver', dateOnlyHint(d, '.toEpochMilli')).ms),
  {
    params: ['[date]'],
    examples: [
      ['(.getTime (java.util.Date. "Jan 8 2026 00:00 UTC"))', '1767830400000'],
      ['(.getTime (Instant/parse "2026-01-08T00:00:00Z"))', 'error: type_error'],
    ],
  },
);

function dateOrder(fn: string, after: boolean): (a: Value, b: Value) => Value {
  return (a, b) => {
    const x = asDate(fn, a, 'receiver', dateOnlyHint(a, after ? '.isAfter' : '.isBefore'));
    const y = asDate(fn, b, 'argument');
    return after ? x.ms > y.ms : x.ms < y.ms;
  };
}

interopFn('.before', 2, 'True when a java.util.Date comes strictly before another', dateOrder('.before', false), {
  params: ['[date other]'],
  examples: [['(.before (java.util.Date. 1) (java.util.Date. 2))', 'true']],
});
interopFn('.after', 2, 'True when a java.util.Date comes strictly after another', dateOrder('.after', true), {
  params: ['[date other]'],
  examples: [['(.after (java.util.Date. 1) (java.util.Date. 2))', 'false']],
});

interopFn('System/currentTimeMillis', 0, 'The current time in milliseconds since 1970-01-01T00:00:00Z', () => wallClock(), {
  params: ['[]'],
  examples: [['(pos? (System/currentTimeMillis))', 'true']],
});
