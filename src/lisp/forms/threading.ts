// Threading macros, expanded on forms before analysis: -> ->> some-> some->> as-> cond-> cond->>.
import { documentForm } from '../reference/form-docs.ts';
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
    invalid(`${(form.items[0] as { name: string }).name} needs a value to thread, e.g. (->> coll (filter odd?))`, form.loc, 'invalid_arity');
  let acc = init;
  for (const s of steps) acc = thread(acc, s, last);
  return acc;
}

documentForm('->', {
  kind: 'macro',
  arities: ['[x & forms]'],
  doc: 'Thread a value through the forms as their first argument: (-> x (f a)) is (f x a).',
  details: 'A bare symbol or keyword as a form is called with the value: (-> m :a) is (:a m).',
  area: 'threading',
  examples: [
    ['(-> {:a 1} (assoc :b 2))', '{:a 1 :b 2}'],
    ['(-> {:a {:b 1}} (get-in [:a :b]))', '1'],
    ['(-> {:a 1} (update :a inc) :a)', '2'],
  ],
});
specialForms.set('->', (form, ctx) => analyze(threadAll(form, false), ctx));
documentForm('->>', {
  kind: 'macro',
  arities: ['[x & forms]'],
  doc: 'Thread a value through the forms as their last argument: (->> x (f a)) is (f a x).',
  details: 'The usual shape of a collection pipeline: filter, map, sort-by and reduce take the collection last.',
  area: 'threading',
  examples: [
    ['(->> [1 2 3] (map inc) (filter even?))', '[2 4]'],
    ['(->> [1 2 3 4 5] (filter odd?) (take 2))', '[1 3]'],
    ['(->> (range 10) (filter odd?) (reduce +))', '25'],
  ],
});
specialForms.set('->>', (form, ctx) => analyze(threadAll(form, true), ctx));

/** some-> / some->>: stop at the first nil. Expands to nested (let [g x] (if (nil? g) nil …)). */
function someThread(form: ListForm, last: boolean): Form {
  const [, init, ...steps] = form.items;
  if (init === undefined) invalid('some-> needs a value to thread', form.loc, 'invalid_arity');
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

documentForm('some->', {
  kind: 'macro',
  arities: ['[x & forms]'],
  doc: 'Like -> but stop and give nil as soon as a step gives nil.',
  area: 'threading',
  examples: [
    ['(some-> {:a {:b 5}} :a :b inc)', '6'],
    ['(some-> {:a nil} :a inc)', 'nil'],
  ],
});
specialForms.set('some->', (form, ctx) => analyze(someThread(form, false), ctx));
documentForm('some->>', {
  kind: 'macro',
  arities: ['[x & forms]'],
  doc: 'Like ->> but stop and give nil as soon as a step gives nil.',
  area: 'threading',
  examples: [
    ['(some->> [1 2 3] (map inc) (reduce +))', '9'],
    ['(some->> nil (map inc))', 'nil'],
  ],
});
specialForms.set('some->>', (form, ctx) => analyze(someThread(form, true), ctx));

documentForm('as->', {
  kind: 'macro',
  arities: ['[x name & forms]'],
  doc: 'Bind the value to name and thread it through forms that use name wherever it belongs.',
  area: 'threading',
  examples: [['(as-> [1 2 3] v (map inc v) (nth v 1))', '3']],
});
specialForms.set('as->', (form, ctx) => {
  const [, init, name, ...steps] = form.items;
  if (init === undefined || name === undefined || name.t !== 'sym') invalid('as-> expects (as-> value name step ...)', form.loc, 'invalid_arity');
  const loc = form.loc;
  const bindings: Form[] = [name, init];
  for (const s of steps) bindings.push(name, s);
  return analyze({ t: 'list', loc, items: [sym('let', loc), { t: 'vec', items: bindings, loc }, name] }, ctx);
});

function condThread(form: ListForm, last: boolean): Form {
  const [head, init, ...clauses] = form.items;
  if (init === undefined || clauses.length % 2 !== 0)
    invalid(`${(head as { name: string }).name} expects a value then test/step pairs`, form.loc, 'invalid_arity');
  const loc = form.loc;
  const g = gensym('cond', loc);
  const bindings: Form[] = [g, init];
  for (let i = 0; i < clauses.length; i += 2) {
    bindings.push(g, { t: 'list', loc, items: [sym('if', loc), clauses[i], thread(g, clauses[i + 1], last), g] });
  }
  return { t: 'list', loc, items: [sym('let', loc), { t: 'vec', items: bindings, loc }, g] };
}

documentForm('cond->', {
  kind: 'macro',
  arities: ['[x & test-form-pairs]'],
  doc: 'Thread a value as first argument through each form whose test is truthy, skipping the others.',
  area: 'threading',
  examples: [['(cond-> {:n 1} true (assoc :a 1) false (assoc :b 2))', '{:n 1 :a 1}']],
});
specialForms.set('cond->', (form, ctx) => analyze(condThread(form, false), ctx));
documentForm('cond->>', {
  kind: 'macro',
  arities: ['[x & test-form-pairs]'],
  doc: 'Thread a value as last argument through each form whose test is truthy, skipping the others.',
  area: 'threading',
  examples: [['(cond->> [1 2 3 4] true (filter even?) false (map inc))', '[2 4]']],
});
specialForms.set('cond->>', (form, ctx) => analyze(condThread(form, true), ctx));
