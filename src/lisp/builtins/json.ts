// Builtins: json/parse-string, json/parse-lines and json/generate-string, reachable only with
// the json/ prefix.
//
// The two directions fail differently. Parsing reads text from outside the program, so text that
// is not JSON gives nil (the program checks for it); generating encodes a value the program built,
// so a value JSON cannot hold is the program's mistake: a type_error that says where it is.
// Parsing keeps integers exact at any size (BigInt past 2^53) and floats as floats ("1.0" stays
// 1.0), so (json/parse-string (json/generate-string v)) gives v back for the values JSON holds,
// with string keys where v had keywords. Map keys read as strings, as the reference has them.
import { PtcError, typeError } from '../errors.ts';
import { JsonNumber, readJson, type JsonInput } from '../json-reader.ts';
import { float } from '../numbers.ts';
import { formatFloat } from '../printer.ts';
import { rt } from '../runtime.ts';
import { Keyword, MapBuilder, PFloat, PJava, PList, PMap, PRegex, PSet, PVar, type Value } from '../values.ts';
import { Budget } from '../walk.ts';
import { normBig, sized } from './coerce.ts';
import { builtin, builtinArea, type BuiltinOptions } from './registry.ts';

const NS = 'json';

function jfn(name: string, doc: string, impl: (v: Value) => Value, opts: BuiltinOptions): void {
  builtin(name, 1, doc, impl, { ...opts, ns: NS, bare: false });
}

// ---- parsing ----

/** The PTC value of what the reader read: keys stay strings; sizes are checked as the value is built. */
function toValue(x: JsonInput): Value {
  if (x === null || typeof x === 'boolean') return x;
  if (typeof x === 'string') {
    rt().checkText(x.length);
    return x;
  }
  if (typeof x === 'number') return Number.isInteger(x) ? x + 0 : x;
  if (x instanceof JsonNumber) return x.integer ? normBig(BigInt(x.text)) : float(Number(x.text));
  if (Array.isArray(x)) {
    rt().checkSize(x.length, 'vector');
    return x.map(toValue);
  }
  const keys = Object.keys(x);
  rt().checkSize(2 * keys.length, 'map');
  const b = new MapBuilder();
  for (const k of keys) b.set(k, toValue(x[k]));
  return b.build();
}

/** The value of JSON text; nil when it is not JSON. Nesting past the reader's cap is an error, not nil. */
function parseText(text: string): Value {
  rt().charge(text.length >> 4);
  const r = readJson(text);
  if (r.ok) return toValue(r.value);
  if (r.cap === 'depth') throw new PtcError('depth_limit_exceeded', `json/parse-string: ${r.message}`);
  if (r.cap === 'digits') throw new PtcError('memory_exceeded', `json/parse-string: ${r.message}`);
  return null;
}

// The reference area of the builtins below (registry.ts).
builtinArea('json');

jfn(
  'parse-string',
  'The value of JSON text: objects become maps with string keys, arrays vectors, null nil; nil when the text is not JSON (or not a string)',
  (s) => (typeof s === 'string' ? parseText(s) : null),
  {
    params: ['[s]'],
    examples: [
      ['(json/parse-string "{\\"a\\": 1, \\"b\\": [2.0, null]}")', '{"a" 1 "b" [2.0 nil]}'],
      ['(json/parse-string "12345678901234567890")', '12345678901234567890'],
      ['(json/parse-string "{bad")', 'nil'],
      ['(json/parse-string nil)', 'nil'],
    ],
  },
);

jfn(
  'parse-lines',
  'The values of JSON text with one value per line (JSON Lines), blank lines skipped; a line that is not JSON gives nil, as does a non-string',
  (s) => {
    if (typeof s !== 'string') return null;
    const lines = s.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
    return sized(lines.map(parseText));
  },
  {
    params: ['[s]'],
    examples: [
      ['(json/parse-lines "{\\"a\\":1}\\n[2,3]\\n")', '[{"a" 1} [2 3]]'],
      ['(json/parse-lines "{\\"a\\":1}\\n\\nnull\\nnot json")', '[{"a" 1} nil nil]'],
    ],
  },
);

// ---- generating ----

/** One step of the way to a place in a value: a map's key or a vector's index. */
type Step = Value;

const MAX_STEPS = 8;
const MAX_STEP_CHARS = 48;

function clip(s: string): string {
  return s.length > MAX_STEP_CHARS ? s.slice(0, MAX_STEP_CHARS) + '…' : s;
}

/** Where a refused part is: `at ["config" 0 :port]`, at most eight steps, each cut short. */
function position(path: readonly Step[]): string {
  if (path.length === 0) return ' at the top level';
  const shown = path.slice(0, MAX_STEPS).map((step) => {
    if (typeof step === 'string') return JSON.stringify(clip(step));
    if (step instanceof Keyword) return ':' + clip(step.name);
    if (typeof step === 'number' || typeof step === 'bigint') return clip(String(step));
    return clip(formatFloat(step instanceof PFloat ? step.v : NaN));
  });
  return ` at [${shown.join(' ')}${path.length > MAX_STEPS ? ' …' : ''}]`;
}

function kindName(v: Value): string {
  if (v === null) return 'nil';
  if (typeof v === 'boolean') return 'a boolean';
  if (typeof v === 'number' || typeof v === 'bigint' || v instanceof PFloat) return 'a number';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'function') return 'a function';
  if (v instanceof Keyword) return 'a keyword';
  if (v instanceof PSet) return 'a set';
  if (v instanceof PRegex) return 'a regex';
  if (v instanceof PVar) return 'a var';
  if (v instanceof PJava) return 'a ' + v.className;
  if (v instanceof PMap) return 'a map';
  return 'a vector';
}

function refuseValue(v: Value, path: readonly Step[]): never {
  const prefix = 'json/generate-string: ';
  if (typeof v === 'number' && !Number.isFinite(v)) {
    throw typeError(`${prefix}cannot encode ${formatFloat(v)} as a JSON value${position(path)}. JSON has no infinity or NaN literal.`);
  }
  let hint = 'It has no JSON representation.';
  if (v instanceof Keyword) hint = 'JSON has no keyword type — convert it first with (name x) or (str x).';
  else if (v instanceof PSet) hint = 'Convert it first with (vec x).';
  else if (v instanceof PJava) hint = 'Convert it first with (str x), which gives its ISO text.';
  throw typeError(`${prefix}cannot encode ${kindName(v)} as a JSON value${position(path)}. ${hint}`);
}

/** The JSON key a map key encodes to: a string as it is, an integer's digits, a keyword's name. */
function keyText(k: Value, path: readonly Step[]): string {
  if (typeof k === 'string') return k;
  if (k instanceof Keyword) return k.name;
  if (typeof k === 'bigint' || (typeof k === 'number' && Number.isInteger(k))) return String(k);
  const what = typeof k === 'number' && !Number.isFinite(k) ? formatFloat(k) : kindName(k);
  throw typeError(
    `json/generate-string: cannot encode ${what} as a JSON object key${position(path)}. JSON object keys must be strings — use a string, an integer, or a keyword.`,
  );
}

/** A collection being written: its parts still to go, and the path to it. */
interface Open {
  readonly close: string;
  readonly items: readonly Value[];
  /** For a map: the keys, beside `items` holding the values. */
  readonly keys: readonly Value[] | null;
  i: number;
}

/** JSON text for v, written on an explicit stack so any nesting is fine; refuses what JSON cannot hold. */
function generate(v: Value): string {
  const out: string[] = [];
  const budget = new Budget('encode as JSON');
  const stack: Open[] = [];
  const path: Step[] = [];
  let length = 0;
  const emit = (s: string): void => {
    out.push(s);
    length += s.length;
    if (length > rt().limits.maxValueSize) rt().checkText(length);
  };
  const open = (x: Value): boolean => {
    if (Array.isArray(x) || x instanceof PList) {
      const items = Array.isArray(x) ? x : x.items;
      budget.spend(items.length);
      emit('[');
      stack.push({ close: ']', items, keys: null, i: 0 });
      return true;
    }
    if (x instanceof PMap) {
      budget.spend(2 * x.size);
      const keys = x.keys();
      const seen = new Set<string>();
      for (const k of keys) {
        const text = keyText(k, path);
        if (seen.has(text)) {
          throw typeError(
            `json/generate-string: two keys${position(path)} both encode to the JSON key ${JSON.stringify(clip(text))}, which would emit a duplicate JSON object key.`,
          );
        }
        seen.add(text);
      }
      emit('{');
      stack.push({ close: '}', items: x.values(), keys, i: 0 });
      return true;
    }
    return false;
  };
  const scalar = (x: Value): void => {
    if (x === null) emit('null');
    else if (typeof x === 'boolean') emit(x ? 'true' : 'false');
    else if (typeof x === 'string') emit(JSON.stringify(x));
    else if (typeof x === 'bigint' || (typeof x === 'number' && Number.isInteger(x))) emit(String(x));
    else if ((typeof x === 'number' && Number.isFinite(x)) || x instanceof PFloat) emit(formatFloat(typeof x === 'number' ? x : x.v));
    else refuseValue(x, path);
  };
  if (!open(v)) scalar(v);
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.i >= top.items.length) {
      emit(top.close);
      stack.pop();
      path.pop();
      continue;
    }
    const i = top.i++;
    if (i > 0) emit(',');
    let step: Step = i;
    if (top.keys !== null) {
      step = top.keys[i];
      emit(JSON.stringify(keyText(step, path)) + ':');
    }
    path.push(step);
    const x = top.items[i];
    if (!open(x)) {
      scalar(x);
      path.pop();
    }
  }
  return out.join('');
}

jfn(
  'generate-string',
  'JSON text for a value: maps (keyword, string or integer keys), vectors, lists, strings, numbers, booleans, nil; anything else is a type_error naming where it is',
  generate,
  {
    params: ['[v]'],
    examples: [
      [
        '(json/generate-string {:max-turns 3 :tags ["a" "b"] :ok true :none nil})',
        '"{\\"max-turns\\":3,\\"tags\\":[\\"a\\",\\"b\\"],\\"ok\\":true,\\"none\\":null}"',
      ],
      ['(json/generate-string [1 2.0 1e21])', '"[1,2.0,1.0E21]"'],
      ['(json/generate-string {1 "a"})', '"{\\"1\\":\\"a\\"}"'],
      ['(json/generate-string {"config" [{:port :http}]})', 'error: type_error'],
      ['(json/generate-string {:a 1 "a" 2})', 'error: type_error'],
    ],
  },
);
