// The Java temporal values: the calendar, Java's text for each class, and reading it back.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  civilOf,
  epochDayOf,
  javaEquals,
  MAX_EPOCH_DAY,
  MAX_INSTANT_SECOND,
  MIN_EPOCH_DAY,
  MIN_INSTANT_SECOND,
  parseDateText,
  parseDuration,
  parseInstant,
  parseLocalDate,
  PDate,
  PDuration,
  PInstant,
  PLocalDate,
} from '../../src/lisp/java-time.ts';

const nanos = fc.oneof(fc.integer({ min: 0, max: 999_999_999 }), fc.constantFrom(0, 1, 1_000, 1_000_000, 500_000_000, 999_999_999));
const long = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });

describe('the calendar', () => {
  test('agrees with JavaScript dates where both reach', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (day) => {
        const d = new Date(day * 86_400_000);
        expect(civilOf(day)).toEqual([d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]);
      }),
    );
  });

  test('epochDayOf and civilOf undo each other over the whole LocalDate range', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_EPOCH_DAY, max: MAX_EPOCH_DAY }), (day) => {
        const [y, m, d] = civilOf(day);
        expect(epochDayOf(y, m, d)).toBe(day);
      }),
    );
    expect(civilOf(MIN_EPOCH_DAY)).toEqual([-999_999_999, 1, 1]);
    expect(civilOf(MAX_EPOCH_DAY)).toEqual([999_999_999, 12, 31]);
  });
});

describe("Java's text", () => {
  test.each([
    [new PLocalDate(0), '1970-01-01'],
    [new PLocalDate(-719_528), '0000-01-01'],
    [new PLocalDate(-719_529), '-0001-12-31'],
    [new PLocalDate(2_932_897), '+10000-01-01'],
    [new PInstant(0n, 0), '1970-01-01T00:00:00Z'],
    [new PInstant(-1n, 999_000_000), '1969-12-31T23:59:59.999Z'],
    [new PInstant(0n, 1_000), '1970-01-01T00:00:00.000001Z'],
    [new PInstant(0n, 1), '1970-01-01T00:00:00.000000001Z'],
    [new PDuration(0n, 0), 'PT0S'],
    [new PDuration(0n, 1), 'PT0.000000001S'],
    [new PDuration(-1n, 500_000_000), 'PT-0.5S'],
    [new PDuration(-60n, 500_000_000), 'PT-59.5S'],
    [new PDuration(-3600n, 500_000_000), 'PT-59M-59.5S'],
    [new PDuration(5400n, 0), 'PT1H30M'],
    [new PDuration(90_061n, 0), 'PT25H1M1S'],
    [new PDuration(-(2n ** 63n), 0), 'PT-2562047788015215H-30M-8S'],
    [new PDate(-1n), '1969-12-31T23:59:59.999Z'],
  ])('%s', (v, text) => {
    expect(v.text()).toBe(text);
  });

  test('every value reads back from its text, over its whole range', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_EPOCH_DAY, max: MAX_EPOCH_DAY }), (day) => {
        const v = new PLocalDate(day);
        expect(parseLocalDate(v.text())?.epochDay).toBe(day);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_INSTANT_SECOND, max: MAX_INSTANT_SECOND }), nanos, (s, n) => {
        const v = new PInstant(s, n);
        const back = parseInstant(v.text());
        expect(back !== null && javaEquals(back, v)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(long, nanos, (s, n) => {
        const v = new PDuration(s, n);
        const back = parseDuration(v.text());
        expect(back !== null && javaEquals(back, v)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(long, (ms) => {
        expect(parseDateText(new PDate(ms).text())?.ms).toBe(ms);
      }),
    );
  });

  test('an Instant with an offset is the same instant in UTC', () => {
    expect(parseInstant('2024-01-01T01:00:00+01:00')?.text()).toBe('2024-01-01T00:00:00Z');
    expect(parseInstant('2024-01-01T00:00:00-00:30:15')?.text()).toBe('2024-01-01T00:30:15Z');
  });
});
