// The Java temporal values of the bounded interop: java.time.LocalDate, java.time.Instant,
// java.time.Duration and the legacy java.util.Date. Each keeps what Java keeps (an epoch day;
// epoch seconds and nanoseconds; signed seconds and nanoseconds; epoch milliseconds), exactly, over
// Java's whole range, so no value changes on its way through a program or a saved session.
//
// `text()` is what Java's toString gives: what `str` makes of the value, and how it is saved.
// Values of one class compare with each other; values of different classes never do.
// No imports: the value kinds sit below the collections (collections.ts) like atoms.ts.

/** A Java value: one of the four temporal classes below. */
export abstract class PJava {
  declare private readonly brand: 'java';
  /** The Java class, e.g. "java.time.Instant". */
  abstract readonly className: string;
  /** Java's toString: "2024-01-02", "2024-01-02T03:04:05Z", "PT1.5S". */
  abstract text(): string;
  /** Ordering against a value of the same class. */
  abstract compareSame(other: this): number;
  /** Equal values give equal keys; values of different classes never do. */
  abstract key(): string;
}

export const LONG_MIN = -(2n ** 63n);
export const LONG_MAX = 2n ** 63n - 1n;
export const isLong = (n: bigint): boolean => n >= LONG_MIN && n <= LONG_MAX;

const NANOS = 1_000_000_000;
const DAY_SECONDS = 86_400;

/** LocalDate's range: -999999999-01-01 to +999999999-12-31, as epoch days. */
export const MIN_EPOCH_DAY = -365_243_219_162;
export const MAX_EPOCH_DAY = 365_241_780_471;
/** Instant's range: -1000000000-01-01T00:00Z to +1000000000-12-31T23:59:59.999999999Z, as epoch seconds. */
export const MIN_INSTANT_SECOND = -31_557_014_167_219_200n;
export const MAX_INSTANT_SECOND = 31_556_889_864_403_199n;

const cmp = (a: number | bigint, b: number | bigint): number => (a < b ? -1 : a > b ? 1 : 0);

// ---- the proleptic Gregorian calendar, by era of 400 years (146,097 days) ----

/** Days from 1970-01-01 to the given date (month 1–12). Exact for any year a LocalDate can hold. */
export function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const shiftedMonth = month > 2 ? month - 3 : month + 9;
  const dayOfYear = Math.floor((153 * shiftedMonth + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date of an epoch day: [year, month 1–12, day 1–31]. */
export function civilOf(epochDay: number): [number, number, number] {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad = (n: number | bigint, width: number): string => String(n).padStart(width, '0');

/** ISO-8601 as Java writes it: four digits, a sign and more digits past 9999, a minus before year 0. */
function dateText(epochDay: number): string {
  const [y, m, d] = civilOf(epochDay);
  const year = y > 9999 ? '+' + String(y) : y < 0 ? '-' + pad(-y, 4) : pad(y, 4);
  return `${year}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** ".5" style fraction digits in groups of three, as Instant and Date print them; "" for none. */
function fractionText(nanos: number): string {
  if (nanos === 0) return '';
  const digits = pad(nanos, 9);
  return '.' + (nanos % 1_000_000 === 0 ? digits.slice(0, 3) : nanos % 1000 === 0 ? digits.slice(0, 6) : digits);
}

function instantText(seconds: bigint, nanos: number): string {
  const day = seconds >= 0n ? seconds / 86_400n : -((-seconds + 86_399n) / 86_400n);
  const secondOfDay = Number(seconds - day * 86_400n);
  const time = `${pad(Math.floor(secondOfDay / 3600), 2)}:${pad(Math.floor(secondOfDay / 60) % 60, 2)}:${pad(secondOfDay % 60, 2)}`;
  return `${dateText(Number(day))}T${time}${fractionText(nanos)}Z`;
}

// ---- the four classes ----

/** java.time.LocalDate: a date without a time or zone. */
export class PLocalDate extends PJava {
  readonly className = 'java.time.LocalDate';
  constructor(readonly epochDay: number) {
    super();
  }
  text(): string {
    return dateText(this.epochDay);
  }
  compareSame(other: PLocalDate): number {
    return cmp(this.epochDay, other.epochDay);
  }
  key(): string {
    return 'L' + String(this.epochDay);
  }
}

/** java.time.Instant: a point on the UTC time line, to the nanosecond. */
export class PInstant extends PJava {
  readonly className = 'java.time.Instant';
  /** `nanos` is 0 ≤ nanos < 10^9, added to `seconds`. */
  constructor(
    readonly seconds: bigint,
    readonly nanos: number,
  ) {
    super();
  }
  text(): string {
    return instantText(this.seconds, this.nanos);
  }
  compareSame(other: PInstant): number {
    return cmp(this.seconds, other.seconds) || cmp(this.nanos, other.nanos);
  }
  key(): string {
    return 'I' + String(this.seconds) + '.' + String(this.nanos);
  }
}

/** java.time.Duration: signed seconds plus 0 ≤ nanos < 10^9 (so -0.5 s is -1 s + 500,000,000 ns). */
export class PDuration extends PJava {
  readonly className = 'java.time.Duration';
  constructor(
    readonly seconds: bigint,
    readonly nanos: number,
  ) {
    super();
  }
  /** Java's layout: PT8H6M12.345S, PT-0.5S, PT0S; hours are not gathered into days. */
  text(): string {
    if (this.seconds === 0n && this.nanos === 0) return 'PT0S';
    const borrowed = this.seconds < 0n && this.nanos > 0;
    const whole = borrowed ? this.seconds + 1n : this.seconds;
    const hours = whole / 3600n;
    const minutes = (whole % 3600n) / 60n;
    const secs = whole % 60n;
    let out = 'PT';
    if (hours !== 0n) out += String(hours) + 'H';
    if (minutes !== 0n) out += String(minutes) + 'M';
    if (secs === 0n && this.nanos === 0 && out.length > 2) return out;
    out += borrowed && secs === 0n ? '-0' : String(secs);
    if (this.nanos > 0) {
      const frac = borrowed ? NANOS - this.nanos : this.nanos;
      out += '.' + pad(frac, 9).replace(/0+$/, '');
    }
    return out + 'S';
  }
  compareSame(other: PDuration): number {
    return cmp(this.seconds, other.seconds) || cmp(this.nanos, other.nanos);
  }
  key(): string {
    return 'D' + String(this.seconds) + '.' + String(this.nanos);
  }
}

/** java.util.Date: epoch milliseconds, a Java long. Prints as the UTC instant it is. */
export class PDate extends PJava {
  readonly className = 'java.util.Date';
  constructor(readonly ms: bigint) {
    super();
  }
  text(): string {
    const seconds = this.ms >= 0n ? this.ms / 1000n : -((-this.ms + 999n) / 1000n);
    return instantText(seconds, Number(this.ms - seconds * 1000n) * 1_000_000);
  }
  compareSame(other: PDate): number {
    return cmp(this.ms, other.ms);
  }
  key(): string {
    return 'T' + String(this.ms);
  }
}

/** Whether a and b are the same Java value. */
export function javaEquals(a: PJava, b: PJava): boolean {
  return a.className === b.className && a.key() === b.key();
}

// ---- making values (null: out of Java's range) ----

export function localDate(epochDay: number): PLocalDate | null {
  return Number.isInteger(epochDay) && epochDay >= MIN_EPOCH_DAY && epochDay <= MAX_EPOCH_DAY ? new PLocalDate(epochDay) : null;
}

export function instant(seconds: bigint, nanos: number): PInstant | null {
  return seconds >= MIN_INSTANT_SECOND && seconds <= MAX_INSTANT_SECOND ? new PInstant(seconds, nanos) : null;
}

export function duration(seconds: bigint, nanos: number): PDuration | null {
  return isLong(seconds) ? new PDuration(seconds, nanos) : null;
}

export function legacyDate(ms: bigint): PDate | null {
  return isLong(ms) ? new PDate(ms) : null;
}

// ---- reading Java's ISO text (null: not that grammar, or not a real date) ----

/** An ISO local date: "2024-01-02", "+12024-01-02", "-0044-03-15". */
const ISO_DATE = /^([+-]?)(\d{4,10})-(\d{2})-(\d{2})$/;

/** [year, month, day] of strict ISO local-date text whose year lies within ±maxYear. */
function readDate(text: string, maxYear: number): [number, number, number] | null {
  const m = ISO_DATE.exec(text);
  if (m === null) return null;
  const [, sign, digits] = m;
  // Four digits without a sign; more only after one; a minus only before a year past zero.
  if (sign === '' ? digits.length !== 4 : sign === '+' ? digits.length < 5 : Number(digits) === 0) return null;
  const year = sign === '-' ? -Number(digits) : Number(digits);
  const month = Number(m[3]);
  const day = Number(m[4]);
  if (Math.abs(year) > maxYear || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return [year, month, day];
}

export function parseLocalDate(text: string): PLocalDate | null {
  const d = readDate(text, 999_999_999);
  return d === null ? null : localDate(epochDayOf(d[0], d[1], d[2]));
}

const ISO_INSTANT = /^(.+)[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{0,9}))?([Zz]|([+-])(\d{2}):(\d{2})(?::(\d{2}))?)$/;

/**
 * Strict ISO instant text: a date, a time with seconds, up to nine fraction digits and a zone (Z or
 * an offset up to ±18:00). 24:00:00 is the next midnight and a leap second 23:59:60 reads as 23:59:59.
 */
export function parseInstant(text: string): PInstant | null {
  const m = ISO_INSTANT.exec(text);
  if (m === null) return null;
  const d = readDate(m[1], 1_000_000_000);
  if (d === null) return null;
  let hour = Number(m[2]);
  const minute = Number(m[3]);
  let second = Number(m[4]);
  const nanos = Number((m[5] ?? '').padEnd(9, '0'));
  let dayShift = 0;
  if (hour === 24 && minute === 0 && second === 0 && nanos === 0) {
    hour = 0;
    dayShift = 1;
  } else if (hour === 23 && minute === 59 && second === 60) second = 59;
  else if (hour > 23 || minute > 59 || second > 59) return null;
  let offset = 0;
  if (m[7] !== undefined) {
    const oh = Number(m[8]);
    const om = Number(m[9]);
    const os = Number(m[10] ?? 0);
    if (oh > 18 || om > 59 || os > 59 || (oh === 18 && (om !== 0 || os !== 0))) return null;
    offset = (m[7] === '+' ? 1 : -1) * (oh * 3600 + om * 60 + os);
  }
  const day = epochDayOf(d[0], d[1], d[2]) + dayShift;
  const seconds = BigInt(day) * BigInt(DAY_SECONDS) + BigInt(hour * 3600 + minute * 60 + second - offset);
  return instant(seconds, nanos);
}

const ISO_DURATION = /^PT(?:([+-]?\d{1,19})H)?(?:([+-]?\d{1,19})M)?(?:([+-]?\d{1,19})(?:\.(\d{1,9}))?S)?$/;

/** Duration text as `text()` writes it (hours, minutes, seconds, each signed); null for anything else. */
export function parseDuration(text: string): PDuration | null {
  const m = ISO_DURATION.exec(text);
  if (m === null || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return null;
  const part = (s: string | undefined): bigint => (s === undefined ? 0n : BigInt(s));
  let frac = BigInt((m[4] ?? '').padEnd(9, '0'));
  if (m[3]?.startsWith('-')) frac = -frac;
  const total = (part(m[1]) * 3600n + part(m[2]) * 60n + part(m[3])) * BigInt(NANOS) + frac;
  const seconds = total >= 0n ? total / BigInt(NANOS) : -((-total + BigInt(NANOS) - 1n) / BigInt(NANOS));
  return duration(seconds, Number(total - seconds * BigInt(NANOS)));
}

/** The epoch milliseconds of instant text with at most millisecond precision, for saved dates. */
export function parseDateText(text: string): PDate | null {
  const i = parseInstant(text);
  if (i === null || i.nanos % 1_000_000 !== 0) return null;
  return legacyDate(i.seconds * 1000n + BigInt(i.nanos / 1_000_000));
}
