// Builtins: parsing numbers and booleans from strings. The whole string must match (no surrounding
// whitespace, no trailing junk); failure or a non-string argument gives nil (PTC semantics).
import { float } from '../numbers.ts';
import { MAX_INT_DIGITS, normBig, tooBig } from './coerce.ts';
import type { Value } from '../values.ts';
import { builtin, builtinArea } from './registry.ts';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The integer a string spells exactly (BigInt past 2^53), or null. */
export function parseLongText(s: string): number | bigint | null {
  if (!INTEGER.test(s)) return null;
  if (s.length < 16) return Number(s) + 0;
  // Reading decimal digits into a BigInt is quadratic: refuse past the integer cap before trying.
  if (s.length > MAX_INT_DIGITS + 1) tooBig();
  return normBig(BigInt(s[0] === '+' ? s.slice(1) : s));
}

/** The float a string spells exactly (NaN and Infinity included), or null. */
export function parseDoubleText(s: string): number | null {
  if (DECIMAL.test(s)) return Number(s);
  switch (s) {
    case 'NaN':
      return NaN;
    case 'Infinity':
    case '+Infinity':
      return Infinity;
    case '-Infinity':
      return -Infinity;
  }
  return null;
}

const parseLong = (v: Value): Value => (typeof v === 'string' ? parseLongText(v) : null);

// The reference area of the builtins below (registry.ts).
builtinArea('strings');

builtin('parse-long', 1, 'The integer a string spells exactly, or nil ("42abc", " 42" and non-strings give nil)', parseLong, {
  params: ['[s]'],
  examples: [
    ['(parse-long "-17")', '-17'],
    ['(parse-long "42abc")', 'nil'],
  ],
});

builtin('parse-int', 1, 'Same as parse-long: the integer a string spells exactly, or nil', parseLong, {
  params: ['[s]'],
  examples: [['(parse-int "42")', '42']],
});

builtin(
  'parse-double',
  1,
  'The float a string spells exactly ("3.14", "1e3", "-0.5", "NaN"), or nil',
  (v) => {
    if (typeof v !== 'string') return null;
    const n = parseDoubleText(v);
    return n === null ? null : float(n);
  },
  {
    params: ['[s]'],
    examples: [
      ['(parse-double "3.14")', '3.14'],
      ['(parse-double "42")', '42.0'],
    ],
  },
);

builtin('parse-boolean', 1, 'true for "true", false for "false", nil for anything else', (v) => (v === 'true' ? true : v === 'false' ? false : null), {
  params: ['[s]'],
  examples: [['(parse-boolean "true")', 'true']],
});
