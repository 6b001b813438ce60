// Type labels for namespace rendering (C13, TYP-001…012).
import { isFloat } from '../lisp/numbers.ts';
import { Keyword, PList, PMap, PRegex, PSet, isFn, type Value } from '../lisp/values.ts';

export function typeOf(v: Value): string {
  if (v === null) return 'nil';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'bigint') return 'integer';
  if (typeof v === 'number') return isFloat(v) ? 'float' : 'integer';
  if (Array.isArray(v)) return `list[${v.length}]`;
  if (v instanceof PList) return `list[${v.items.length}]`;
  if (v instanceof PMap) return `map[${v.size}]`;
  if (v instanceof PSet) return `set[${v.size}]`;
  if (v instanceof Keyword) return 'keyword';
  if (isFloat(v)) return 'float';
  if (isFn(v)) return '#fn[...]';
  if (v instanceof PRegex) return 'regex';
  return 'unknown';
}

/** nil and empty collections get no sample (C5, C6, DEF-003/004). */
export function isBlank(v: Value): boolean {
  if (v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof PList) return v.items.length === 0;
  if (v instanceof PMap || v instanceof PSet) return v.size === 0;
  return false;
}
