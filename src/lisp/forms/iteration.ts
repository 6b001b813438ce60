// for, doseq and dotimes. Binding clauses nest left to right; :let, :when and :while modify the
// clause before them, as in Clojure.
import { documentForm } from '../reference/form-docs.ts';
import { analyze, analyzeArg, analyzeBody, invalid, specialForms } from '../analyzer.ts';
import { items } from '../builtins/coerce.ts';
import { compilePattern } from '../destructure.ts';
import { expected } from '../builtins/coerce.ts';
import { locate } from '../locate.ts';
import type { Form } from '../reader.ts';
import { rt } from '../runtime.ts';
import type { Ctx, Frame, Node } from '../scope.ts';
import { Keyword, truthy, type Value } from '../values.ts';
import { analyzeBindings } from './control.ts';

/** Runs the remaining clauses; returns false when a :while ended the enclosing iteration. */
type Step = (frame: Frame) => boolean;

function compileClauses(clauses: Form[], i: number, ctx: Ctx, what: string, inner: (c: Ctx) => Step): Step {
  if (i >= clauses.length) return inner(ctx);
  const head = clauses[i];
  const arg = clauses[i + 1];
  if (arg === undefined) invalid(`${what} bindings require pairs: a name and a collection, or a modifier and its form`, head.loc);
  if (head.t === 'lit' && head.v instanceof Keyword) {
    switch (head.v.name) {
      case 'let': {
        const [c, bind] = analyzeBindings(arg, ctx, ':let');
        const next = compileClauses(clauses, i + 2, c, what, inner);
        return (f) => {
          bind(f);
          return next(f);
        };
      }
      case 'when': {
        const test = analyzeArg(arg, ctx);
        const next = compileClauses(clauses, i + 2, ctx, what, inner);
        return (f) => (truthy(test(f)) ? next(f) : true);
      }
      case 'while': {
        const test = analyzeArg(arg, ctx);
        const next = compileClauses(clauses, i + 2, ctx, what, inner);
        return (f) => (truthy(test(f)) ? next(f) : false);
      }
      default:
        invalid(`Unknown ${what} modifier :${head.v.name} (use :let, :when or :while)`, head.loc);
    }
  }
  const coll = analyzeArg(arg, ctx);
  const [c, binder] = compilePattern(head, { ...ctx, tail: false }, analyze);
  const next = compileClauses(clauses, i + 2, c, what, inner);
  return (f) => {
    const xs = items(what, coll(f));
    const r = rt();
    for (let k = 0; k < xs.length; k++) {
      r.tick();
      binder(f, xs[k]);
      if (!next(f)) break;
    }
    return true;
  };
}

function bindingClauses(form: Extract<Form, { t: 'list' }>, what: string): Form[] {
  const b = form.items[1];
  if (b === undefined || b.t !== 'vec') invalid(`${what} needs a binding vector, e.g. (${what} [x coll] ...)`, form.loc);
  if (b.items.length === 0) invalid(`${what} needs at least one binding: (${what} [x coll] ...)`, b.loc);
  return b.items;
}

documentForm('for', {
  kind: 'macro',
  arities: ['[[bindings*] body]'],
  doc: 'A vector of the body evaluated for every combination of the bound items (the last binding varies fastest).',
  details: 'After a binding, :let [name value] adds locals, :when test skips items and :while test ends that binding early.',
  area: 'iteration',
  examples: [
    ['(for [x [1 2 3]] (* x x))', '[1 4 9]'],
    ['(for [x [1 2] y [:a :b]] [x y])', '[[1 :a] [1 :b] [2 :a] [2 :b]]'],
    ['(for [x (range 10) :when (odd? x) :let [y (* x 10)] :while (< y 60)] y)', '[10 30 50]'],
  ],
});
specialForms.set('for', (form, ctx) => {
  const clauses = bindingClauses(form, 'for');
  let out: Value[] = [];
  const steps = compileClauses(clauses, 0, { ...ctx, tail: false }, 'for', (c) => {
    const body = analyzeBody(form.items.slice(2), c);
    return (f) => {
      out.push(body(f));
      rt().checkGrowing(out.length);
      return true;
    };
  });
  return (f) => {
    const saved = out;
    out = [];
    try {
      steps(f);
      return out;
    } catch (e) {
      // A timeout or size error between calls has no location yet: the for's own.
      throw locate(e, form.loc);
    } finally {
      out = saved;
    }
  };
});

documentForm('doseq', {
  kind: 'macro',
  arities: ['[[bindings*] & body]'],
  doc: 'Run the body for every combination of the bound items, for what it does (println, def); gives nil.',
  details: 'Takes the same :let, :when and :while modifiers as for.',
  area: 'iteration',
  examples: [['(doseq [x [1 2 3]] (println "item" x))', 'nil']],
});
specialForms.set('doseq', (form, ctx) => {
  const clauses = bindingClauses(form, 'doseq');
  const steps = compileClauses(clauses, 0, { ...ctx, tail: false }, 'doseq', (c) => {
    const body = analyzeBody(form.items.slice(2), c);
    return (f) => {
      body(f);
      return true;
    };
  });
  return (f) => {
    try {
      steps(f);
    } catch (e) {
      throw locate(e, form.loc);
    }
    return null;
  };
});

documentForm('dotimes', {
  kind: 'macro',
  arities: ['[[name n] & body]'],
  doc: 'Run the body n times with name bound to 0, 1, … n-1; gives nil.',
  area: 'iteration',
  examples: [['(dotimes [i 2] (println "pass" i))', 'nil']],
});
specialForms.set('dotimes', (form, ctx) => {
  const b = form.items[1];
  if (b === undefined || b.t !== 'vec' || b.items.length !== 2) invalid('dotimes expects (dotimes [i n] body...)', form.loc);
  const countNode = analyzeArg(b.items[1], ctx);
  const [c, binder] = compilePattern(b.items[0], { ...ctx, tail: false }, analyze);
  const body: Node = analyzeBody(form.items.slice(2), c);
  return (f) => {
    const n = countNode(f);
    if (typeof n !== 'number') throw expected('dotimes', 'an integer count', n);
    const r = rt();
    try {
      for (let i = 0; i < n; i++) {
        r.tick();
        binder(f, i);
        body(f);
      }
    } catch (e) {
      throw locate(e, form.loc);
    }
    return null;
  };
});
