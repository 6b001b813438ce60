// (take n (range …)) written as such: the first n numbers of the range, computed without the rest.
// There are no lazy sequences, so the shape is recognised where the call is analyzed. It lets a
// zero-step range, which never ends, be taken from, as in Clojure: (take 3 (range 1 5 0)) is
// [1 1 1]. A range used any other way is built whole (a zero step there is an error), and so is
// one reached through a local: (let [r (range 1 5 0)] (take 3 r)) fails at the range.
import { analyzeArg, builtinAt, builtinCallNode, shapedCalls } from '../analyzer.ts';
import { argOf } from '../args.ts';
import { rangeItems } from '../builtins/build.ts';
import { countArg } from '../builtins/callers.ts';
import type { Form } from '../reader.ts';
import type { Ctx } from '../scope.ts';
import { makeFn, type Value } from '../values.ts';

type ListForm = Extract<Form, { t: 'list' }>;

/** Whether `form` calls the builtin `name`: the bare name, not taken by a local or a definition. */
function callsBuiltin(form: Form, name: string, ctx: Ctx): form is ListForm {
  if (form.t !== 'list') return false;
  const head = form.items[0];
  return head !== undefined && head.t === 'sym' && head.ns === null && head.name === name && builtinAt(name, ctx) !== undefined;
}

/** (take n (range …args)): take's count check, then range's own checks and numbers. */
const takeOfRange = makeFn((n: Value, ...rangeArgs: Value[]) => rangeItems(rangeArgs, Math.max(0, countArg('take', n))), {
  name: 'take',
  kind: 'builtin',
  minArity: 2,
  maxArity: 4,
  params: [],
});

shapedCalls.set('take', (form, ctx) => {
  const [, nForm, collForm, ...more] = form.items;
  if (nForm === undefined || collForm === undefined || more.length > 0 || !callsBuiltin(collForm, 'range', ctx)) return undefined;
  const rangeForms = collForm.items.slice(1);
  // Any other count is range's arity error, reported by the ordinary call.
  if (rangeForms.length < 1 || rangeForms.length > 3) return undefined;
  const forms = [nForm, ...rangeForms];
  // Named apart from take: a call record named take would be read as take's own two arguments.
  return builtinCallNode(
    'take-of-range',
    takeOfRange,
    forms.map((f) => argOf(f, analyzeArg(f, ctx), ctx)),
    form.loc,
  );
});
