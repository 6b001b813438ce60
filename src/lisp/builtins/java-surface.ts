// The bounded Java surface as a whole: the classes a program may name (Math/, LocalDate/,
// java.time.Instant/ …), the errors Java's exceptions become, and what to write instead of the
// members PTC-Lisp does not admit (those the reference removed, and the Java methods LLMs reach for
// that it never had). The members themselves are registered by interop-numbers.ts,
// interop-time.ts and java-strings.ts.
import { execError, typeError, type PtcError } from '../errors.ts';
import { printBrief } from '../printer.ts';
import { PDate, PDuration, PInstant, PJava, PLocalDate, type Value } from '../values.ts';
import { isBuiltinName, lookupConstant, lookupInterop } from './registry.ts';

/** The class spellings a program may write before `/`, and the class each names. */
const CLASSES: ReadonlyMap<string, string> = new Map([
  ['Boolean', 'java.lang.Boolean'],
  ['Double', 'java.lang.Double'],
  ['Float', 'java.lang.Float'],
  ['Integer', 'java.lang.Integer'],
  ['Long', 'java.lang.Long'],
  ['Math', 'java.lang.Math'],
  ['System', 'java.lang.System'],
  ['LocalDate', 'java.time.LocalDate'],
  ['java.time.LocalDate', 'java.time.LocalDate'],
  ['Instant', 'java.time.Instant'],
  ['java.time.Instant', 'java.time.Instant'],
  ['Duration', 'java.time.Duration'],
  ['java.time.Duration', 'java.time.Duration'],
]);

/** The class prefixes, for the message about an unknown namespace. */
export const JAVA_CLASS_PREFIXES = 'Math/, Double/, Float/, Integer/, Long/, Boolean/, System/, LocalDate/, Instant/, Duration/';

/**
 * A Java failure: the exception Java would throw, named in an runtime_error, so the message
 * reads as Java's would (`Integer/parseInt: NumberFormatException: …`).
 */
export function javaException(fn: string, exception: string, detail: string, hint = ''): PtcError {
  return execError(`${fn}: ${exception}: ${detail}${hint === '' ? '' : '; ' + hint}`);
}

/** Java's NullPointerException for a nil receiver or argument. */
export function nullPointer(fn: string, what: string): PtcError {
  return javaException(fn, 'NullPointerException', `${what} is nil`);
}

/** The class a value has as a Java receiver, for messages. */
export function javaClassOf(v: Value): string {
  if (v instanceof PJava) return v.className;
  if (typeof v === 'string') return 'java.lang.String';
  return 'no admitted class';
}

/** A wrong receiver or argument class: a type error that names the classes involved. */
export function wrongClass(fn: string, expected: string, got: Value, hint = ''): PtcError {
  const kind = got instanceof PJava || typeof got === 'string' ? javaClassOf(got) : 'a value of no admitted class';
  return typeError(`${fn} expected ${expected}, got ${kind}: ${printBrief(got)}${hint === '' ? '' : '; ' + hint}`);
}

export function asLocalDate(fn: string, v: Value, what: string): PLocalDate {
  if (v instanceof PLocalDate) return v;
  if (v === null) throw nullPointer(fn, what);
  throw wrongClass(fn, `a java.time.LocalDate as the ${what}`, v);
}

export function asInstant(fn: string, v: Value, what: string, hint = ''): PInstant {
  if (v instanceof PInstant) return v;
  if (v === null) throw nullPointer(fn, what);
  throw wrongClass(fn, `a java.time.Instant as the ${what}`, v, hint);
}

export function asDuration(fn: string, v: Value, what: string): PDuration {
  if (v instanceof PDuration) return v;
  if (v === null) throw nullPointer(fn, what);
  throw wrongClass(fn, `a java.time.Duration as the ${what}`, v);
}

export function asDate(fn: string, v: Value, what: string, hint = ''): PDate {
  if (v instanceof PDate) return v;
  if (v === null) throw nullPointer(fn, what);
  throw wrongClass(fn, `a java.util.Date as the ${what}`, v, hint);
}

/** What to write instead of `Class/member` spellings PTC-Lisp does not admit. */
const STATIC_INSTEAD: Readonly<Record<string, string>> = {
  'Math/PI': 'write the number 3.141592653589793',
  'Math/E': 'write the number 2.718281828459045',
  'Double/MAX_VALUE': 'write 1.7976931348623157E308, or ##Inf for a bound nothing exceeds',
  'Double/MIN_VALUE': 'write 4.9E-324',
  'Long/MAX_VALUE': 'write 9223372036854775807',
  'Long/MIN_VALUE': 'write -9223372036854775808',
  'Integer/MAX_VALUE': 'write 2147483647',
  'Integer/MIN_VALUE': 'write -2147483648',
  'LocalDate/now': 'there is no clock for dates; (System/currentTimeMillis) gives the time in milliseconds',
  'LocalDate/of': 'write (LocalDate/parse "2024-01-31")',
  'Instant/now': 'write (java.util.Date.) for now, or (System/currentTimeMillis)',
  'Instant/ofEpochMilli': 'write (java.util.Date. ms) for a date from epoch milliseconds',
  'Instant/ofEpochSecond': 'write (java.util.Date. (* s 1000)) for a date from epoch seconds',
  'Duration/ofDays': 'durations come only from (Duration/between start end); count days as integers',
  'Integer/valueOf': 'write (Integer/parseInt s), or (parse-long s) to get nil instead of an error',
  'Long/valueOf': 'write (Long/parseLong s), or (parse-long s) to get nil instead of an error',
  'Double/valueOf': 'write (Double/parseDouble s), or (parse-double s) to get nil instead of an error',
  'Boolean/valueOf': 'write (Boolean/parseBoolean s)',
  'String/valueOf': 'write (str x)',
  'System/nanoTime': 'write (System/currentTimeMillis)',
};

/** What to write instead of `.method` spellings PTC-Lisp does not admit. */
const METHOD_INSTEAD: Readonly<Record<string, string>> = {
  '.toUpperCase': 'write (upper-case s): the Java method depends on a locale, so PTC-Lisp does not admit it',
  '.toLowerCase': 'write (lower-case s): the Java method depends on a locale, so PTC-Lisp does not admit it',
  '.isEmpty': 'write (empty? s)',
  '.isBlank': 'write (blank? s)',
  '.strip': 'write (trim s)',
  '.split': 'write (split s #"regex")',
  '.replace': 'write (replace s match replacement)',
  '.replaceAll': 'write (replace s #"regex" replacement)',
  '.charAt': 'write (nth s i) for a character, or (.substring s i (inc i)) for one UTF-16 unit',
  '.equals': 'write (= a b)',
  '.equalsIgnoreCase': 'write (= (lower-case a) (lower-case b))',
  '.matches': 'write (re-matches #"regex" s)',
  '.concat': 'write (str a b)',
  '.toString': 'write (str x)',
  '.repeat': 'write (apply str (repeat n s))',
  '.compareTo': 'write (compare a b)',
  '.format': 'write (format fmt args…)',
  '.toInstant': 'there is no conversion between the date classes; parse the text you need with Instant/parse',
  '.getEpochSecond': 'write (quot (.toEpochMilli instant) 1000)',
  '.toSeconds': 'write (quot (.toMillis duration) 1000)',
  '.getSeconds': 'write (quot (.toMillis duration) 1000)',
  '.toHours': 'write (quot (.toMillis duration) 3600000)',
  '.toMinutes': 'write (quot (.toMillis duration) 60000)',
  '.plusSeconds': 'there is no Instant arithmetic; compute with (.toEpochMilli instant) and (java.util.Date. ms)',
  '.minusSeconds': 'there is no Instant arithmetic; compute with (.toEpochMilli instant) and (java.util.Date. ms)',
  '.getYear': 'write (parse-long (subs (str date) 0 4))',
  '.getMonthValue': 'write (parse-long (subs (str date) 5 7))',
  '.getDayOfMonth': 'write (parse-long (subs (str date) 8 10))',
  '.plusMonths': 'only days move a LocalDate: write (.plusDays date n)',
  '.plusWeeks': 'write (.plusDays date (* 7 n))',
  '.minusWeeks': 'write (.minusDays date (* 7 n))',
};

/** What to write instead of a bare name the reference dropped (it was an alias of a Java member). */
const BARE_INSTEAD: Readonly<Record<string, string>> = {
  parse: 'There is no bare parse: write (LocalDate/parse s) for a date or (Instant/parse s) for an instant (java.time. prefixes work too).',
  between: 'There is no bare between: write (Duration/between start end) with two Instants.',
};

/** The admitted members of a class spelling, for messages: "abs, ceil, floor …". */
function membersOf(prefix: string, names: readonly string[]): string[] {
  return names.filter((n) => n.startsWith(prefix + '/')).map((n) => n.slice(prefix.length + 1));
}

/**
 * The problem with `ns/name` when ns is a Java class PTC-Lisp knows but the member is not one it
 * admits (the caller has found no admitted member): a message and what to write instead. Null
 * when ns is not a Java class.
 */
export function javaMemberProblem(ns: string, name: string, known: readonly string[]): { message: string; hint: string } | null {
  const cls = CLASSES.get(ns);
  if (cls === undefined) {
    const short = /^java\.(?:lang|time|util)\.(\w+)$/.exec(ns)?.[1];
    if (short !== undefined && CLASSES.has(short) && (lookupInterop(`${short}/${name}`) !== undefined || lookupConstant(`${short}/${name}`) !== undefined))
      return { message: `${ns}/${name} is not how PTC-Lisp spells it.`, hint: `Write ${short}/${name}.` };
    return null;
  }
  const symbol = `${ns}/${name}`;
  const message = `${symbol} is not a member of ${cls} that PTC-Lisp admits.`;
  const instead = STATIC_INSTEAD[symbol] ?? STATIC_INSTEAD[`${ns.replace(/^java\.time\./, '')}/${name}`];
  if (instead !== undefined) return { message, hint: instead[0].toUpperCase() + instead.slice(1) + '.' };
  const members = membersOf(ns, known).sort();
  const list = members.length > 0 ? `${cls} members: ${members.join(', ')}.` : '';
  const bare = ns === 'Math' && isBuiltinName(name) ? `For the PTC function write (${name} …). ` : '';
  return { message, hint: bare + list };
}

/**
 * What to say of a bare name nothing defines when it is a Java method PTC-Lisp does not admit, or
 * an alias the reference removed; null for other names.
 */
export function javaNameHint(name: string, known: readonly string[]): string | null {
  if (Object.hasOwn(BARE_INSTEAD, name)) return BARE_INSTEAD[name];
  if (!/^\.[A-Za-z]\w*$/.test(name)) return null;
  const methods = known.filter((n) => n.startsWith('.')).sort();
  const instead = Object.hasOwn(METHOD_INSTEAD, name) ? METHOD_INSTEAD[name] : null;
  const list = `Java methods PTC-Lisp admits: ${methods.join(' ')}.`;
  return instead !== null ? `${name} is not admitted: ${instead}. ${list}` : `${name} is not a Java method PTC-Lisp admits. ${list}`;
}
