// (where field) and (where field op value): build a predicate over maps. The field is a key or a
// vector path; keys match keyword and string keys both ways. Ordering against nil or a value of
// another kind is false rather than an error, so filters over incomplete data are safe.
import { documentForm } from '../reference/form-docs.ts';
import { analyzeArg, invalid, specialForms } from '../analyzer.ts';
import { equals } from '../equality.ts';
import { isNumber, numCompare } from '../numbers.ts';
import type { Form } from '../reader.ts';
import { getFlex } from '../runtime.ts';
import { Keyword, makeFn, PList, PMap, PSet, truthy, type Value } from '../values.ts';

const OPERATORS = ['=', 'not=', '>', '<', '>=', '<=', 'includes', 'in'] as const;
type Operator = (typeof OPERATORS)[number];

function fieldValue(item: Value, path: readonly Value[]): Value {
  let v = item;
  for (const k of path) {
    if (!(v instanceof PMap)) return null;
    v = getFlex(v, k) ?? null;
  }
  return v;
}

/** Equality that lets a keyword stand for the string of its name (:active matches "active"). */
function looseEquals(a: Value, b: Value): boolean {
  if (a instanceof Keyword && typeof b === 'string') return a.name === b;
  if (b instanceof Keyword && typeof a === 'string') return b.name === a;
  return equals(a, b);
}

function order(a: Value, b: Value): number | null {
  if (isNumber(a) && isNumber(b)) {
    const c = numCompare(a, b);
    return Number.isNaN(c) ? null : c;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function includes(field: Value, v: Value): boolean {
  if (typeof field === 'string') {
    const needle = v instanceof Keyword ? v.name : v;
    return typeof needle === 'string' && field.includes(needle);
  }
  const xs = Array.isArray(field) ? field : field instanceof PList ? field.items : field instanceof PSet ? field.values() : null;
  if (xs !== null) return xs.some((x) => looseEquals(x, v));
  if (field instanceof PMap) return getFlex(field, v) !== undefined;
  return false;
}

function test(op: Operator, field: Value, v: Value): boolean {
  switch (op) {
    case '=':
      return looseEquals(field, v);
    case 'not=':
      return !looseEquals(field, v);
    case '>': {
      const c = order(field, v);
      return c !== null && c > 0;
    }
    case '<': {
      const c = order(field, v);
      return c !== null && c < 0;
    }
    case '>=': {
      const c = order(field, v);
      return c !== null && c >= 0;
    }
    case '<=': {
      const c = order(field, v);
      return c !== null && c <= 0;
    }
    case 'includes':
      return includes(field, v);
    case 'in': {
      const xs = Array.isArray(v) ? v : v instanceof PList ? v.items : v instanceof PSet ? v.values() : null;
      return xs !== null && xs.some((x) => looseEquals(field, x));
    }
  }
}

function toPath(field: Value): readonly Value[] {
  if (Array.isArray(field)) return field;
  return [field];
}

documentForm('where', {
  kind: 'macro',
  arities: ['[field]', '[field op value]'],
  doc: 'A predicate on maps that tests a field (a key, or a vector path) with an operator, or for truthiness.',
  details:
    'The operators are = not= > < >= <= includes in. A keyword key also matches a string key. Ordering a nil or missing field is false, not an error, so filters over incomplete data are safe. For = not= in and includes, a keyword value matches the string of its name.',
  area: 'predicates',
  examples: [
    ['(count (filter (where :x > 1) [{:x 1} {:x 2} {:x 3}]))', '2'],
    ['(count (filter (where [:a :b] = 1) [{:a {:b 1}} {:a {:b 2}}]))', '1'],
    ['(count (filter (where :a) [{:a 1} {:a nil} {:a false}]))', '1'],
    ['(count (filter (where :s in [:a :b]) [{:s "a"} {:s "c"}]))', '1'],
    ['(filter (where :age > 18) [{:age 20} {:name "no age"}])', '[{:age 20}]'],
    ['(where :status "active")', 'error: validation_error'],
  ],
});
specialForms.set('where', (form, ctx) => {
  const args = form.items.slice(1);
  if (args.length !== 1 && args.length !== 3) {
    invalid(
      args.length === 2
        ? 'where is missing its operator. Use (where :field = value) (operators: = not= > < >= <= includes in), or (where :field) to test truthiness'
        : `where expects (where :field) or (where :field op value), got ${args.length} arguments`,
      form.loc,
    );
  }
  const fieldNode = analyzeArg(args[0], ctx);
  if (args.length === 1) {
    return (f) => {
      const path = toPath(fieldNode(f));
      return makeFn((item: Value) => truthy(fieldValue(item, path)), { name: 'where', kind: 'builtin', minArity: 1, maxArity: 1, params: ['[item]'] });
    };
  }
  const opForm: Form = args[1];
  const op = opForm.t === 'sym' && opForm.ns === null ? opForm.name : null;
  if (op === null || !(OPERATORS as readonly string[]).includes(op)) {
    invalid(`Unknown where operator ${opForm.t === 'sym' ? opForm.name : 'form'}: use one of ${OPERATORS.join(' ')}`, opForm.loc);
  }
  const valueNode = analyzeArg(args[2], ctx);
  const operator = op as Operator;
  return (f) => {
    const path = toPath(fieldNode(f));
    const v = valueNode(f);
    return makeFn((item: Value) => test(operator, fieldValue(item, path), v), { name: 'where', kind: 'builtin', minArity: 1, maxArity: 1, params: ['[item]'] });
  };
});
