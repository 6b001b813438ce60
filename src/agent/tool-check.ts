// Holding tools to their declared signatures: an implementation whose arity cannot take
// the declared parameters is a warning when the agent is prepared, and a call whose arguments
// contradict the declared types fails before the implementation runs, quoting the signature, so
// the LLM sees what it should have written. Return types are not checked: the implementation is
// the author's, and the LLM only reads its result.
import { kindOf, show } from '../lisp/builtins/coerce.ts';
import { PtcError } from '../lisp/errors.ts';
import { isNumber } from '../lisp/numbers.ts';
import { getFlex, invoke } from '../lisp/runtime.ts';
import { Keyword, makeFn, PList, PMap, PSet, type PtcFn, type Value } from '../lisp/values.ts';
import { parseType, type SignatureParam, type TypeNode } from '../records/signature.ts';

function arityText(min: number, max: number): string {
  if (max === Infinity) return `at least ${min}`;
  return min === max ? String(min) : `${min} to ${max}`;
}

function plural(n: number | string, word: string): string {
  return `${n} ${word}${n === 1 || n === '1' ? '' : 's'}`;
}

/** Why `fn` cannot be called with the signature's parameters, or null when it can. */
export function arityMismatch(params: readonly SignatureParam[], fn: PtcFn): string | null {
  const n = params.length;
  const { minArity, maxArity } = fn.ptc;
  if (n >= minArity && n <= maxArity) return null;
  const declared = n === 0 ? 'no arguments' : `${plural(n, 'argument')} (${params.map((p) => p.name).join(', ')})`;
  return `the signature takes ${declared} but the implementation takes ${arityText(minArity, maxArity)}`;
}

/** Whether `v` fits `type`. Lenient where the syntax is: `:any`, absent map fields, extra keys. */
export function fits(v: Value, type: TypeNode): boolean {
  switch (type.kind) {
    case 'nil':
      return v === null;
    case 'vector':
      return (Array.isArray(v) || v instanceof PList) && (Array.isArray(v) ? v : v.items).every((x: Value) => fits(x, type.of));
    case 'map':
      // A declared field is checked when present; an absent one may be optional, so it is not required.
      return (
        v instanceof PMap &&
        type.fields.every((f) => {
          const x = getFlex(v, Keyword.of(f.name));
          return x === undefined || fits(x, f.type);
        })
      );
    case 'keyword':
      if (v === null && (type.optional || type.name === 'any' || type.name === 'nil')) return true;
      return fitsKeyword(v, type.name);
  }
}

function fitsKeyword(v: Value, name: string): boolean {
  const kind = kindOf(v);
  switch (name) {
    case 'any':
      return true;
    case 'nil':
      return v === null;
    case 'string':
      return typeof v === 'string';
    case 'int':
      return kind === 'integer';
    // An integer is a fine float: 2 where 2.0 was declared contradicts nothing.
    case 'float':
    case 'number':
      return isNumber(v);
    case 'bool':
    case 'boolean':
      return typeof v === 'boolean';
    case 'keyword':
      return v instanceof Keyword;
    case 'map':
      return v instanceof PMap;
    case 'list':
    case 'vector':
      return Array.isArray(v) || v instanceof PList;
    case 'set':
      return v instanceof PSet;
    default:
      return true; // not a known type: parseSignature refuses these, so nothing to hold the value to
  }
}

/**
 * `impl` behind a check of its arguments against the signature. The check takes any number of
 * arguments so that a wrong count is reported here, with the signature, rather than as the
 * implementation's own arity error; errors are PtcErrors so the call's location is attached.
 */
export function checkedTool(name: string, signatureText: string, params: readonly SignatureParam[], impl: PtcFn): PtcFn {
  const types = params.map((p) => parseType(p.type));
  const quoted = signatureText.trim().replace(/\s+/g, ' ');
  return makeFn(
    (...args: Value[]) => {
      if (args.length !== params.length) {
        const expected = params.length === 0 ? 'no arguments' : `${plural(params.length, 'argument')} (${params.map((p) => p.name).join(', ')})`;
        throw new PtcError('arity_error', `tool/${name}: takes ${expected}, got ${args.length}; the signature is ${quoted}`);
      }
      args.forEach((arg, i) => {
        if (!fits(arg, types[i])) {
          throw new PtcError(
            'type_error',
            `tool/${name}: argument ${i + 1} (${params[i].name}) should be ${params[i].type}, got ${arg === null ? 'nil' : `${kindOf(arg)} ${show(arg)}`}; the signature is ${quoted}`,
          );
        }
      });
      return invoke(impl, args);
    },
    { name: impl.ptc.name, kind: impl.ptc.kind, minArity: 0, maxArity: Infinity, params: impl.ptc.params },
  );
}
