// JSON ⇄ PTC values (docs/decisions.md L9): object → map with keyword keys, array → vector, a number written
// without fraction or exponent → integer (BigInt past 2^53), one written with them → float,
// null → nil. Text is read by the lossless reader (json-reader.ts), never by JSON.parse.
import { PtcError } from './errors.ts';
import { JsonNumber, MAX_JSON_DEPTH, readJson, type ReadJsonResult } from './json-reader.ts';
import { float, normBig } from './numbers.ts';
import { Keyword, MapBuilder, type Value } from './values.ts';

export { JsonNumber, MAX_INTEGER_DIGITS, MAX_JSON_DEPTH, readJson } from './json-reader.ts';

/**
 * The PTC value of a JSON-like JS value (from the reader, JSON.parse or a host). Nesting is capped as
 * the reader caps it, so data handed over in process cannot overflow the stack (nor loop on a cycle):
 * deeper data is refused with depth_limit_exceeded.
 */
export function fromJson(x: unknown): Value {
  return fromJsonAt(x, 0);
}

function tooDeep(): PtcError {
  return new PtcError('depth_limit_exceeded', `data nested more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} are read`);
}

/** `depth`: arrays and objects around x. */
function fromJsonAt(x: unknown, depth: number): Value {
  if (x === null || x === undefined) return null;
  switch (typeof x) {
    case 'boolean':
    case 'string':
      return x;
    case 'number':
      // A JS number already lost how it was written; integral ones are taken as integers.
      if (Number.isSafeInteger(x)) return x + 0;
      return Number.isInteger(x) ? normBig(BigInt(x)) : float(x);
    case 'bigint':
      return normBig(x);
    case 'object': {
      if (x instanceof JsonNumber) return x.integer ? normBig(BigInt(x.text)) : float(Number(x.text));
      if (depth >= MAX_JSON_DEPTH) throw tooDeep();
      if (Array.isArray(x)) return x.map((item) => fromJsonAt(item, depth + 1));
      const b = new MapBuilder();
      for (const [k, v] of Object.entries(x as Record<string, unknown>)) b.set(Keyword.of(k), fromJsonAt(v, depth + 1));
      return b.build();
    }
  }
  return null;
}

/** `data/` entries from a JSON object's properties (the object is the first level of nesting). */
export function dataFromJson(obj: Record<string, unknown>): Map<string, Value> {
  const m = new Map<string, Value>();
  for (const [k, v] of Object.entries(obj)) m.set(k, fromJsonAt(v, 1));
  return m;
}

export type DataFromTextResult = { readonly ok: true; readonly data: Map<string, Value> } | { readonly ok: false; readonly message: string };

/** `data/` entries from JSON text holding an object (`ptc eval --data`, batch lines). Never throws. */
export function dataFromJsonText(text: string): DataFromTextResult {
  const r: ReadJsonResult = readJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (!r.ok) return { ok: false, message: `${r.kind === 'syntax' ? 'is not valid JSON' : 'is refused'} (line ${r.line}, column ${r.column}: ${r.message})` };
  const v = r.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v) || v instanceof JsonNumber)
    return { ok: false, message: 'must hold a JSON object (its keys become data/ names)' };
  return { ok: true, data: dataFromJson(v) };
}
