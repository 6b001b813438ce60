// The java.lang.String methods. Unlike PTC-Lisp's own string functions, which count characters as
// a reader does (graphemes), these count what Java counts: UTF-16 code units, so (.length "😀a") is
// 3 and (.substring "😀a" 2) is "a". A PTC string never holds half of a surrogate pair, so a
// substring that would cut one is the error invalid_java_string.
import { PtcError, typeError } from '../errors.ts';
import { isInteger } from '../numbers.ts';
import type { Value } from '../values.ts';
import { kindOf, show } from './coerce.ts';
import { javaTrim } from './java-number-text.ts';
import { javaException, nullPointer, wrongClass } from './java-surface.ts';
import { interopFn } from './registry.ts';

/** The receiver: a string (nil is Java's NullPointerException; other values are of no admitted class). */
function receiver(fn: string, s: Value): string {
  if (typeof s === 'string') return s;
  if (s === null) throw nullPointer(fn, 'the receiver');
  throw wrongClass(fn, 'a string as the receiver', s);
}

/** A string argument: nil is Java's NullPointerException. */
function stringArg(fn: string, s: Value): string {
  if (typeof s === 'string') return s;
  if (s === null) throw nullPointer(fn, 'the argument');
  throw typeError(`${fn} expected a string argument, got ${kindOf(s)}: ${show(s)}`);
}

/** A UTF-16 index: an integer (Java int arguments; larger ones are simply out of every range). */
function indexArg(fn: string, v: Value): number {
  if (isInteger(v)) return typeof v === 'bigint' ? (v < 0n ? -Infinity : Infinity) : v;
  throw typeError(`${fn} expected an integer index, got ${kindOf(v)}: ${show(v)}`);
}

interopFn('.length', 1, 'The length of s in UTF-16 code units, as Java counts (an emoji is 2; count gives characters)', (s) => receiver('.length', s).length, {
  params: ['[s]'],
  examples: [
    ['(.length "hello")', '5'],
    ['(.length "😀a")', '3'],
  ],
});

/** Whether position i of s falls between the two halves of a surrogate pair. */
function splitsPair(s: string, i: number): boolean {
  return i > 0 && i < s.length && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800 && (s.charCodeAt(i) & 0xfc00) === 0xdc00;
}

interopFn(
  '.substring',
  [2, 3],
  'The part of s from begin (inclusive) to end (exclusive, default the end), by UTF-16 code unit as Java counts',
  (s, b, e) => {
    const fn = '.substring';
    const text = receiver(fn, s);
    const begin = indexArg(fn, b);
    const end = e === undefined ? text.length : indexArg(fn, e);
    if (begin < 0 || end > text.length || begin > end) {
      throw javaException(
        fn,
        'StringIndexOutOfBoundsException',
        `begin ${show(b)}, end ${e === undefined ? text.length : show(e)}, length ${text.length}`,
        'to cut safely by characters use (subs s start (min end (count s)))',
      );
    }
    if (splitsPair(text, begin) || splitsPair(text, end)) {
      throw new PtcError(
        'invalid_java_string',
        `${fn}: the range ${begin}–${end} cuts a character made of two UTF-16 units (a surrogate pair) in half; a PTC string cannot hold half of one. Use subs, which counts whole characters`,
      );
    }
    return text.slice(begin, end);
  },
  {
    params: ['[s begin]', '[s begin end]'],
    examples: [
      ['(.substring "hello" 1 3)', '"el"'],
      ['(.substring "😀a" 2)', '"a"'],
      ['(.substring "😀a" 1)', 'error: invalid_java_string'],
      ['(.substring "hello" 2 9)', 'error: runtime_error'],
    ],
  },
);

interopFn(
  '.indexOf',
  [2, 3],
  'The UTF-16 index of the first occurrence of sub in s (from an optional index), or -1',
  (s, sub, from) => {
    const text = receiver('.indexOf', s);
    const needle = stringArg('.indexOf', sub);
    // JavaScript's indexOf clamps the start as Java's does (below 0 is 0; past the end finds only "").
    return text.indexOf(needle, from === undefined ? 0 : indexArg('.indexOf', from));
  },
  {
    params: ['[s sub]', '[s sub from]'],
    examples: [
      ['(.indexOf "hello" "l")', '2'],
      ['(.indexOf "hello" "l" 3)', '3'],
      ['(.indexOf "😀a" "a")', '2'],
      ['(.indexOf "hello" "z")', '-1'],
    ],
  },
);

interopFn(
  '.lastIndexOf',
  2,
  'The UTF-16 index of the last occurrence of sub in s, or -1',
  (s, sub) => receiver('.lastIndexOf', s).lastIndexOf(stringArg('.lastIndexOf', sub)),
  {
    params: ['[s sub]'],
    examples: [
      ['(.lastIndexOf "hello" "l")', '3'],
      ['(.lastIndexOf "hello" "")', '5'],
    ],
  },
);

interopFn('.contains', 2, 'True when s contains sub', (s, sub) => receiver('.contains', s).includes(stringArg('.contains', sub)), {
  params: ['[s sub]'],
  examples: [['(.contains "hello" "ell")', 'true']],
});
interopFn('.startsWith', 2, 'True when s starts with the prefix', (s, p) => receiver('.startsWith', s).startsWith(stringArg('.startsWith', p)), {
  params: ['[s prefix]'],
  examples: [['(.startsWith "hello" "he")', 'true']],
});
interopFn('.endsWith', 2, 'True when s ends with the suffix', (s, p) => receiver('.endsWith', s).endsWith(stringArg('.endsWith', p)), {
  params: ['[s suffix]'],
  examples: [['(.endsWith "hello" "lo")', 'true']],
});

interopFn(
  '.trim',
  1,
  "Java's trim: removes code units up to U+0020 (space, tab, newline, other controls) from both ends, but not other spaces such as U+00A0 (trim removes those)",
  (s) => javaTrim(receiver('.trim', s)),
  {
    params: ['[s]'],
    examples: [
      ['(.trim "  Ada \\n")', '"Ada"'],
      ['(count (.trim "\\u00a0x\\t"))', '2'],
    ],
  },
);
