// JSON ⇄ PTC values (DECISIONS L9): object → map with keyword keys, array → vector,
// integral number → integer, other number → float, null → nil.
import { float, normBig } from './numbers.ts';
import { Keyword, MapBuilder, type Value } from './values.ts';

export function fromJson(x: unknown): Value {
  if (x === null || x === undefined) return null;
  switch (typeof x) {
    case 'boolean':
    case 'string':
      return x;
    case 'number':
      if (Number.isSafeInteger(x)) return x + 0;
      return Number.isInteger(x) ? normBig(BigInt(x)) : float(x);
    case 'object': {
      if (Array.isArray(x)) return x.map(fromJson);
      const b = new MapBuilder();
      for (const [k, v] of Object.entries(x as Record<string, unknown>)) b.set(Keyword.of(k), fromJson(v));
      return b.build();
    }
  }
  return null;
}

export function dataFromJson(obj: Record<string, unknown>): Map<string, Value> {
  const m = new Map<string, Value>();
  for (const [k, v] of Object.entries(obj)) m.set(k, fromJson(v));
  return m;
}
