// The text (java.util.Date. s) reads: a bounded, deterministic part of the grammar of Java's
// deprecated Date(String), in English. Dates as people and Java's Date.toString write them:
//
//   "Jan 8 2026", "January 8, 2026 14:30", "8 Jan 2026 14:30:00 GMT", "Wed, 8 Jan 2026 14:30 UTC",
//   "1/8/2026" (month first), "Thu Jan 08 14:30:00 UTC 2026"
//
// with an optional weekday first, comments in parentheses ignored, an optional time h:mm[:ss], and
// a zone (UTC when there is none): GMT, UT, UTC, the US zones EST EDT CST CDT MST MDT PST PDT, or an
// offset such as +0100 or -5. The year is written in full (four digits or more) and the date is no
// earlier than 1582-10-15, where Java's own parser switches to the Julian calendar.
import { daysInMonth, epochDayOf } from '../java-time.ts';

const MONTHS: ReadonlyMap<string, number> = new Map(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].flatMap((m, i) => [[m, i + 1] as const]),
);
const LONG_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAYS = new Set(['sun', 'sunday', 'mon', 'monday', 'tue', 'tuesday', 'wed', 'wednesday', 'thu', 'thursday', 'fri', 'friday', 'sat', 'saturday']);
const ZONES: ReadonlyMap<string, number> = new Map([
  ['gmt', 0],
  ['ut', 0],
  ['utc', 0],
  ['est', -5],
  ['edt', -4],
  ['cst', -6],
  ['cdt', -5],
  ['mst', -7],
  ['mdt', -6],
  ['pst', -8],
  ['pdt', -7],
]);

function month(word: string): number | null {
  const w = word.toLowerCase();
  const short = MONTHS.get(w);
  if (short !== undefined) return short;
  const i = LONG_MONTHS.indexOf(w);
  return i < 0 ? null : i + 1;
}

/** The text without its parenthesized comments (nested ones too); null when a comment is never closed. */
function withoutComments(text: string): string | null {
  let out = '';
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (depth === 0) out += c;
  }
  return depth === 0 ? out : null;
}

type Parsed = { year: number; month: number; day: number; rest: string };

/** The date at the start of the text (after any weekday), and what follows it. */
function readDate(text: string): Parsed | null {
  const words = text.split(' ');
  if (words.length > 1 && WEEKDAYS.has(words[0].toLowerCase())) text = words.slice(1).join(' ');
  let m = /^([A-Za-z]+) (\d{1,2}) (\d{4,9}) ?(.*)$/.exec(text);
  if (m !== null) {
    const mo = month(m[1]);
    return mo === null ? null : { year: Number(m[3]), month: mo, day: Number(m[2]), rest: m[4] };
  }
  // Date.toString's order: month, day, time, zone, then the year.
  m = /^([A-Za-z]+) (\d{1,2}) (\d{2}:\d{2}(?::\d{2})?)(?: ([A-Za-z]+|[+-]\d{1,4}))? (\d{4,9})$/.exec(text);
  if (m !== null) {
    const mo = month(m[1]);
    return mo === null ? null : { year: Number(m[5]), month: mo, day: Number(m[2]), rest: `${m[3]} ${m[4] ?? ''}` };
  }
  m = /^(\d{1,2}) ([A-Za-z]+) (\d{4,9}) ?(.*)$/.exec(text);
  if (m !== null) {
    const mo = month(m[2]);
    return mo === null ? null : { year: Number(m[3]), month: mo, day: Number(m[1]), rest: m[4] };
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4,9}) ?(.*)$/.exec(text);
  if (m !== null) return { year: Number(m[3]), month: Number(m[1]), day: Number(m[2]), rest: m[4] };
  return null;
}

/** Seconds east of UTC for a zone word or offset; 0 for none; null when it is neither. */
function zoneOffset(text: string): number | null {
  const z = text.trim().toLowerCase();
  if (z === '') return 0;
  const named = ZONES.get(z);
  if (named !== undefined) return named * 3600;
  const m = /^([+-])(\d{1,4})$/.exec(z);
  if (m === null) return null;
  const n = Number(m[2]);
  // Up to 23 is hours; more is hhmm.
  const hours = n < 24 ? n : Math.floor(n / 100);
  const minutes = n < 24 ? 0 : n % 100;
  if (hours > 23 || minutes > 59) return null;
  return (m[1] === '+' ? 1 : -1) * (hours * 3600 + minutes * 60);
}

/** Epoch milliseconds of legacy date text, or null when it is not in the grammar above or names no real date. */
export function parseLegacyDate(text: string): bigint | null {
  if (text.length > 200) return null;
  const uncommented = withoutComments(text);
  if (uncommented === null) return null;
  const cleaned = uncommented.trim().replaceAll(',', ' ').replace(/\s+/g, ' ').trim();
  const d = readDate(cleaned);
  if (d === null) return null;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let rest = d.rest.trim();
  const t = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))? ?(.*)$/.exec(rest);
  if (t !== null) {
    hour = Number(t[1]);
    minute = Number(t[2]);
    second = Number(t[3] ?? 0);
    rest = t[4];
  }
  const offset = zoneOffset(rest);
  if (offset === null) return null;
  const { year, month: mo, day } = d;
  const beforeCutover = year < 1582 || (year === 1582 && (mo < 10 || (mo === 10 && day < 15)));
  if (beforeCutover || mo < 1 || mo > 12 || day < 1 || day > daysInMonth(year, mo)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const seconds = BigInt(epochDayOf(year, mo, day)) * 86_400n + BigInt(hour * 3600 + minute * 60 + second - offset);
  return seconds * 1000n;
}
