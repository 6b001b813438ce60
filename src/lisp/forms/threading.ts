// Threading macros, expanded on forms before analysis: -> ->> some-> some->> as-> cond-> cond->>.
import { analyze, invalid, specialForms } from '../analyzer.ts';
import { sym, type Form } from '../reader.ts';
import { gensym } from './gensym.ts';

type ListForm = Extract<Form, { t: 'list' }>;

/** Put `x` into `step`: as first argument (->) or last (->>); a bare step becomes (step x). */
function thread(x: Form, step: Form, last: boolean): Form {
  if (step.t === 'list' && step.items.length > 0) {
    const [head, ...args] = step.items;
    return { t: 'list', items: last ? [head, ...args, x] : [head, x, ...args], loc: step.loc };
  }
  return { t: 'list', items: [step, x], loc: step.loc };
}

function threadAll(form: ListForm, last: boolean): Form {
  const [, init, ...steps] = form.items;
  if (init === undefined)
    invalid(`${(form.items[0] as { name: string }).name} needs a value to thread, e.g. (->> coll (filter odd?))`, form.loc, 'arity_error');
  let acc = init;
  for (const s of steps) acc = thread(acc, s, last);
  return acc;
}

specialForms.set('->', (form, ctx) => analyze(threadAll(form, false), ctx));
specialForms.set('->>', (form, ctx) => analyze(threadAll(form, true), ctx));

/** some-> / some->>: stop at the first nil. Expands to nested (let [g x] (if (nil? g) nil …)). */
function someThread(form: ListForm, last: boolean): Form {
  const [, init, ...steps] = form.items;
  if (init === undefined) invalid('some-> needs a value to thread', form.loc, 'arity_error');
  const loc = form.loc;
  let acc: Form = init;
  for (const s of steps) {
    const g = gensym('some', loc);
    acc = {
      t: 'list',
      loc,
      items: [
        sym('let', loc),
        { t: 'vec', items: [g, acc], loc },
        { t: 'list', loc, items: [sym('if', loc), { t: 'list', loc, items: [sym('nil?', loc), g] }, { t: 'lit', v: null, loc }, thread(g, s, last)] },
      ],
    };
  }
  return acc;
}

specialForms.set('some->', (form, ctx) => analyze(someThread(form, false), ctx));
specialForms.set('some->>', (form, ctx) => analyze(someThread(form, true), ctx));

specialForms.set('as->', (form, ctx) => {
  const [, init, name, ...steps] = form.items;
  if (init === undefined || name === undefined || name.t !== 'sym') invalid('as-> expects (as-> value name step ...)', form.loc, 'arity_error');
  const loc = form.loc;
  const bindings: Form[] = [name, init];
  for (const s of steps) bindings.push(name, s);
  return analyze({ t: 'list', loc, items: [sym('let', loc), { t: 'vec', items: bindings, loc }, name] }, ctx);
});

function condThread(form: ListForm, last: boolean): Form {
  const [head, init, ...clauses] = form.items;
  if (init === undefined || clauses.length % 2 !== 0)
    invalid(`${(head as { name: string }).name} expects a value then test/step pairs`, form.loc, 'arity_error');
  const loc = form.loc;
  const g = gensym('cond', loc);
  const bindings: Form[] = [g, init];
  for (let i = 0; i < clauses.length; i += 2) {
    bindings.push(g, { t: 'list', loc, items: [sym('if', loc), clauses[i], thread(g, clauses[i + 1], last), g] });
  }
  return { t: 'list', loc, items: [sym('let', loc), { t: 'vec', items: bindings, loc }, g] };
}

specialForms.set('cond->', (form, ctx) => analyze(condThread(form, false), ctx));
specialForms.set('cond->>', (form, ctx) => analyze(condThread(form, true), ctx));
