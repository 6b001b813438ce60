// Special forms for control flow and binding: quote, var, do, if/if-not, when/when-not, cond, condp,
// case, and/or, let, if-let/when-let/if-some/when-some/when-first, comment.
import { documentForm } from '../reference/form-docs.ts';
import { analyze, analyzeArg, analyzeBody, analyzeSymbol, builtinAt, builtinCallNode, invalid, specialForms } from '../analyzer.ts';
import { argOf, constArg, NODE, type Arg } from '../args.ts';
import { items } from '../builtins/coerce.ts';
import { compilePattern, type Binder } from '../destructure.ts';
import { formToValue, type Form } from '../reader.ts';
import { locate } from '../locate.ts';
import { withIr } from '../node-facts.ts';
import { HOT_BINARY, HOT_UNARY, hotBuiltin } from '../hot-builtins.ts';
import { ifNode as ifArgs } from '../operands.ts';
import { invoke } from '../runtime.ts';
import type { Ctx, Node } from '../scope.ts';
import { hashKey, truthy, type PtcFn, type Value } from '../values.ts';

type ListForm = Extract<Form, { t: 'list' }>;

function nargs(form: ListForm, min: number, max: number, usage: string): Form[] {
  const args = form.items.slice(1);
  if (args.length < min || args.length > max) {
    const head = form.items[0] as Extract<Form, { t: 'sym' }>;
    invalid(`${head.name} expects ${usage}, got ${args.length} argument${args.length === 1 ? '' : 's'}`, form.loc, 'invalid_arity');
  }
  return args;
}

documentForm('quote', {
  kind: 'special-form',
  arities: ['[form]'],
  doc: 'The form itself, unevaluated: a list stays a list instead of being called.',
  details: "'x is read as (quote x). There is no symbol type: a quoted symbol gives its name as a string.",
  area: 'control',
  examples: [
    ['(quote (1 2 3))', '(1 2 3)'],
    ["'(inc x)", '("inc" "x")'],
  ],
});
specialForms.set('quote', (form) => {
  const [x] = nargs(form, 1, 1, '(quote form)');
  const v = formToValue(x);
  return () => v;
});

documentForm('var', {
  kind: 'special-form',
  arities: ['[name]'],
  doc: "#'name, read as (var name), gives the name's value, as the plain name would.",
  details:
    "Definitions give a var that prints as #'name; the spelling #'name in code is kept for programs written for Clojure and looks the name up like any other.",
  area: 'definitions',
  examples: [
    ["(do (def x 42) #'x)", '42'],
    ["(do (def x 42) [#'x x])", '[42 42]'],
    ['(def total 3)', "#'total"],
  ],
});
specialForms.set('var', (form, ctx) => {
  const [x] = nargs(form, 1, 1, "(var name) or #'name");
  if (x.t !== 'sym') invalid("var expects a name: #'name", x.loc);
  return analyzeSymbol(x, ctx);
});

documentForm('do', {
  kind: 'special-form',
  arities: ['[& exprs]'],
  doc: 'Evaluate the expressions in order and give the value of the last one; (do) is nil.',
  details: 'Every expression runs, none is skipped (unlike and/or). A program, let, fn and when bodies are already an implicit do.',
  area: 'control',
  examples: [
    ['(do 1 2 3)', '3'],
    ['(do)', 'nil'],
    ['(do (println "step") :done)', ':done'],
  ],
});
specialForms.set('do', (form, ctx) => analyzeBody(form.items.slice(1), ctx));
documentForm('comment', {
  kind: 'macro',
  arities: ['[& forms]'],
  doc: 'Ignore the forms (they are read but never analyzed or run); gives nil.',
  area: 'control',
  examples: [['(comment (this is never run))', 'nil']],
});
specialForms.set('comment', () => () => null);

function ifNode(test: Node, then: Node, otherwise: Node | null): Node {
  if (otherwise === null) return (f) => (truthy(test(f)) ? then(f) : null);
  return (f) => (truthy(test(f)) ? then(f) : otherwise(f));
}

const NIL: Arg = constArg(null);

/** The Arg of a node analyzed from `form` (see args.ts). */
function arg(form: Form | undefined, node: Node | null, ctx: Ctx): Arg {
  return form === undefined || node === null ? NIL : argOf(form, node, ctx);
}

documentForm('if', {
  kind: 'special-form',
  arities: ['[test then]', '[test then else]'],
  doc: 'Evaluate then when test is truthy (anything but nil and false), else the else branch (nil when absent).',
  details: 'Only the chosen branch runs. Zero, "", [] and {} are truthy.',
  area: 'control',
  examples: [
    ['(if true "yes" "no")', '"yes"'],
    ['(if (> 5 3) "bigger" "smaller")', '"bigger"'],
    ['(if 0 "truthy" "falsy")', '"truthy"'],
    ['(if nil "truthy" "falsy")', '"falsy"'],
    ['(if false "yes")', 'nil'],
    ['(if)', 'error: invalid_arity'],
  ],
});
specialForms.set('if', (form, ctx) => {
  const [c, t, e] = nargs(form, 2, 3, '(if test then else), with else optional');
  // Analysis order stays test, then, else (slots and the first error reported depend on it).
  const fused = fusableTest(c, ctx);
  const test = fused === null ? argOf(c, analyzeArg(c, ctx), ctx) : fused.args.map((a) => argOf(a, analyzeArg(a, ctx), ctx));
  const then = argOf(t, analyze(t, ctx), ctx);
  const otherwise = e === undefined ? constArg(null) : argOf(e, analyze(e, ctx), ctx);
  if (fused === null || !Array.isArray(test)) return withIr(ifArgs(test as Arg, then, otherwise), { k: 'if', test: test as Arg, then, else: otherwise });
  const [a, b] = test;
  const f = fused.fn;
  // For the compiler and a fused loop, the test as the call it fuses (never run by this node).
  const ir = { k: 'if', test: { k: NODE, i: 0, c: null, n: builtinCallNode(fused.name, f, test, c.loc) }, then, else: otherwise, fused: true } as const;
  if (b === undefined) return withIr(HOT_UNARY.get(fused.name)!.branch!(f, a, then, otherwise, c.loc), ir);
  const g = f.ptc.binary ?? f;
  return withIr(HOT_BINARY.get(fused.name)!.branch!(g, a, b, then, otherwise, c.loc), ir);
});

/** A test calling a comparison or predicate builtin that `if` can fuse with (a `branch` in hot-builtins.ts). */
function fusableTest(c: Form, ctx: Ctx): { name: string; fn: PtcFn; args: Form[] } | null {
  if (c.t !== 'list' || c.items.length < 2 || c.items.length > 3) return null;
  const head = c.items[0];
  if (head.t !== 'sym' || head.ns !== null) return null;
  const args = c.items.slice(1);
  if (hotBuiltin(head.name, args.length)?.branch === undefined) return null;
  const info = builtinAt(head.name, ctx);
  if (info === undefined || args.length < info.fn.ptc.minArity || args.length > info.fn.ptc.maxArity) return null;
  return { name: info.name, fn: info.fn, args };
}

documentForm('if-not', {
  kind: 'macro',
  arities: ['[test then]', '[test then else]'],
  doc: 'if with the branches swapped: then runs when test is falsy.',
  area: 'control',
  examples: [
    ['(if-not true "yes" "no")', '"no"'],
    ['(if-not (> 3 5) "smaller" "bigger")', '"smaller"'],
    ['(if-not true "yes")', 'nil'],
  ],
});
specialForms.set('if-not', (form, ctx) => {
  const [c, t, e] = nargs(form, 2, 3, '(if-not test then else), with else optional');
  const test = analyzeArg(c, ctx);
  const then = analyze(t, ctx);
  const otherwise = e === undefined ? null : analyze(e, ctx);
  return withIr((f) => (truthy(test(f)) ? (otherwise === null ? null : otherwise(f)) : then(f)), {
    k: 'if',
    test: arg(c, test, ctx),
    then: arg(e, otherwise, ctx),
    else: arg(t, then, ctx),
  });
});

documentForm('when', {
  kind: 'macro',
  arities: ['[test & body]'],
  doc: 'Evaluate the body (an implicit do) when test is truthy; otherwise nil.',
  area: 'control',
  examples: [
    ['(when true "yes")', '"yes"'],
    ['(when (< 5 3) "smaller")', 'nil'],
    ['(when (> 5 3) (println "checked") "bigger")', '"bigger"'],
  ],
});
specialForms.set('when', (form, ctx) => {
  const [c] = nargs(form, 1, Infinity, '(when test body...)');
  const test = analyzeArg(c, ctx);
  const body = analyzeBody(form.items.slice(2), ctx);
  return withIr(ifNode(test, body, null), { k: 'if', test: arg(c, test, ctx), then: bodyArg(form.items.slice(2), body, ctx), else: NIL });
});

/** The Arg of a body analyzed by analyzeBody. */
function bodyArg(forms: Form[], body: Node, ctx: Ctx): Arg {
  return forms.length === 1 ? argOf(forms[0], body, ctx) : forms.length === 0 ? NIL : { k: NODE, i: 0, c: null, n: body };
}

documentForm('when-not', {
  kind: 'macro',
  arities: ['[test & body]'],
  doc: 'Evaluate the body when test is falsy; otherwise nil.',
  area: 'control',
  examples: [
    ['(when-not false "yes")', '"yes"'],
    ['(when-not true "yes")', 'nil'],
  ],
});
specialForms.set('when-not', (form, ctx) => {
  const [c] = nargs(form, 1, Infinity, '(when-not test body...)');
  const test = analyzeArg(c, ctx);
  const body = analyzeBody(form.items.slice(2), ctx);
  return withIr((f) => (truthy(test(f)) ? null : body(f)), { k: 'if', test: arg(c, test, ctx), then: NIL, else: bodyArg(form.items.slice(2), body, ctx) });
});

documentForm('cond', {
  kind: 'macro',
  arities: ['[& test-expr-pairs]'],
  doc: 'Try the tests in order and give the expression after the first truthy one; nil when none is.',
  details: ':else is the usual last test: a keyword is always truthy. The forms must come in pairs.',
  area: 'control',
  examples: [
    ['(cond false "a" false "b" :else "c")', '"c"'],
    ['(let [total 250] (cond (> total 1000) "high" (> total 100) "medium" :else "low"))', '"medium"'],
    ['(cond false "only")', 'nil'],
    ['(cond true)', 'error: invalid_form'],
  ],
});
specialForms.set('cond', (form, ctx) => {
  const clauses = form.items.slice(1);
  if (clauses.length % 2 !== 0) invalid('cond requires an even number of forms: test/result pairs, with :else for the default', form.loc);
  const tests: Node[] = [];
  const results: Node[] = [];
  for (let i = 0; i < clauses.length; i += 2) {
    tests.push(analyzeArg(clauses[i], ctx));
    results.push(analyze(clauses[i + 1], ctx));
  }
  const n = tests.length;
  // For the compiler: nested ifs, the last one's else nil.
  let ir: Arg = NIL;
  for (let i = n - 1; i >= 0; i--) {
    const node = withIr(() => null, { k: 'if', test: arg(clauses[2 * i], tests[i], ctx), then: arg(clauses[2 * i + 1], results[i], ctx), else: ir });
    ir = { k: NODE, i: 0, c: null, n: node };
  }
  const node: Node = (f) => {
    for (let i = 0; i < n; i++) if (truthy(tests[i](f))) return results[i](f);
    return null;
  };
  return ir.k === NODE ? withIr(node, { k: 'do', items: [ir] }) : node;
});

documentForm('condp', {
  kind: 'macro',
  arities: ['[pred expr & clauses]'],
  doc: 'Give the result of the first clause whose test satisfies (pred test expr), else the default.',
  details: 'The clauses are test/result pairs, optionally followed by one default. Without a default, no match gives nil.',
  area: 'control',
  examples: [
    ['(condp = 2 1 "one" 2 "two" "many")', '"two"'],
    ['(condp < 15 100 "huge" 10 "big" "small")', '"big"'],
    ['(condp = :z :a 1 :b 2)', 'nil'],
  ],
});
specialForms.set('condp', (form, ctx) => {
  const [predF, exprF, ...clauses] = nargs(form, 2, Infinity, '(condp pred expr test result ... default?)');
  const pred = analyzeArg(predF, ctx);
  const expr = analyzeArg(exprF, ctx);
  const tests: Node[] = [];
  const results: Node[] = [];
  for (let i = 0; i + 1 < clauses.length; i += 2) {
    tests.push(analyzeArg(clauses[i], ctx));
    results.push(analyze(clauses[i + 1], ctx));
  }
  const fallback = clauses.length % 2 === 1 ? analyze(clauses[clauses.length - 1], ctx) : null;
  return (f) => {
    const p = pred(f);
    const x = expr(f);
    for (let i = 0; i < tests.length; i++) if (truthy(invoke(p, [tests[i](f), x]))) return results[i](f);
    return fallback !== null ? fallback(f) : null;
  };
});

documentForm('case', {
  kind: 'macro',
  arities: ['[expr & clauses]'],
  doc: 'Compare the value with literal constants and give the matching result, else the default.',
  details: 'The constants are not evaluated; a list of constants matches any of them. Without a trailing default, a value that matches nothing gives nil.',
  area: 'control',
  examples: [
    ['(case 2 1 "one" 2 "two" "other")', '"two"'],
    ['(case :b (:a :b) "a or b" "other")', '"a or b"'],
    ['(case :z :a 1)', 'nil'],
  ],
});
specialForms.set('case', (form, ctx) => {
  const [exprF, ...clauses] = nargs(form, 1, Infinity, '(case expr value result ... default?)');
  const expr = analyzeArg(exprF, ctx);
  const table = new Map<unknown, Node>();
  for (let i = 0; i + 1 < clauses.length; i += 2) {
    const test = clauses[i];
    const result = analyze(clauses[i + 1], ctx);
    // A list groups alternatives: (case x (1 2) "low" ...). Symbols match as their names.
    const alternatives = test.t === 'list' ? test.items : [test];
    for (const alt of alternatives) {
      const key = hashKey(formToValue(alt));
      if (!table.has(key)) table.set(key, result);
    }
  }
  const fallback = clauses.length % 2 === 1 ? analyze(clauses[clauses.length - 1], ctx) : null;
  return (f) => {
    const x = expr(f);
    const hit = table.get(hashKey(x));
    if (hit !== undefined) return hit(f);
    return fallback !== null ? fallback(f) : null;
  };
});

documentForm('and', {
  kind: 'macro',
  arities: ['[& exprs]'],
  doc: 'The first falsy value, stopping there, or the last value when all are truthy; (and) is true.',
  details: 'To combine predicate functions use every-pred, not and.',
  area: 'control',
  examples: [
    ['(and true true)', 'true'],
    ['(and nil "x")', 'nil'],
    ['(and 1 2 3)', '3'],
    ['(and)', 'true'],
  ],
});
specialForms.set('and', (form, ctx) => {
  const nodes = form.items.slice(1).map((x) => analyzeArg(x, ctx));
  if (nodes.length === 0) return () => true;
  const items = nodes.map((n, i) => arg(form.items[i + 1], n, ctx));
  return withIr(
    (f) => {
      let v: Value = true;
      for (let i = 0; i < nodes.length; i++) {
        v = nodes[i](f);
        if (!truthy(v)) return v;
      }
      return v;
    },
    { k: 'and', items },
  );
});

documentForm('or', {
  kind: 'macro',
  arities: ['[& exprs]'],
  doc: 'The first truthy value, stopping there, or the last value when none is; (or) is nil.',
  details: 'Common for defaults: (or x 0). To combine predicate functions use some-fn.',
  area: 'control',
  examples: [
    ['(or false true)', 'true'],
    ['(or nil false "x")', '"x"'],
    ['(or nil false)', 'false'],
    ['(or)', 'nil'],
  ],
});
specialForms.set('or', (form, ctx) => {
  const nodes = form.items.slice(1).map((x) => analyzeArg(x, ctx));
  const items = nodes.map((n, i) => arg(form.items[i + 1], n, ctx));
  const node: Node = (f) => {
    let v: Value = null;
    for (let i = 0; i < nodes.length; i++) {
      v = nodes[i](f);
      if (truthy(v)) return v;
    }
    return v;
  };
  return items.length === 0 ? node : withIr(node, { k: 'or', items });
});

/** Plain-name bindings of a let: slots in binding order and each value as an Arg (read inline when a local or constant). */
export interface PlainBindings {
  readonly slots: number[];
  readonly values: Arg[];
}

/** Analyze a binding vector sequentially; returns the context inside it, a node that binds, and the bindings when all are plain names. */
export function analyzeBindings(bindings: Form | undefined, ctx: Ctx, what: string): [Ctx, (f: Value[]) => void, PlainBindings | null] {
  if (bindings === undefined || bindings.t !== 'vec') invalid(`${what} bindings must be a vector, e.g. (${what} [x 1 y 2] ...)`, bindings?.loc ?? ctx.loc);
  if (bindings.items.length % 2 !== 0) invalid(`${what} bindings require an even number of forms (name value pairs)`, bindings.loc);
  let c: Ctx = { ...ctx, tail: false };
  const values: Node[] = [];
  const args: Arg[] = [];
  const binders: Binder[] = [];
  for (let i = 0; i < bindings.items.length; i += 2) {
    const valueForm = bindings.items[i + 1];
    const node = analyze(valueForm, c);
    values.push(node);
    args.push(argOf(valueForm, node, c));
    let b: Binder;
    [c, b] = compilePattern(bindings.items[i], c, analyze);
    binders.push(b);
  }
  const n = values.length;
  const inner = { ...c, tail: ctx.tail };
  const plain = binders.every((b) => b.slot !== undefined) ? { slots: binders.map((b) => b.slot!), values: args } : null;
  if (n === 1 && plain !== null) {
    const slot = plain.slots[0];
    const value = values[0];
    return [inner, (f) => void (f[slot] = value(f)), plain];
  }
  return [
    inner,
    (f) => {
      for (let i = 0; i < n; i++) binders[i](f, values[i](f));
    },
    plain,
  ];
}

documentForm('let', {
  kind: 'special-form',
  arities: ['[[bindings*] & body]'],
  doc: 'Bind names to values, left to right, for the body (an implicit do).',
  details:
    'A later binding sees the earlier ones, and an inner let may shadow an outer name. Names may destructure: [a b & more] for sequences, {:keys [k] :or {k default} :as whole} or {local :key} for maps.',
  area: 'definitions',
  examples: [
    ['(let [x 10 y (+ x 5)] (* x y))', '150'],
    ['(let [x 1] (let [x 2] x))', '2'],
    ['(let [[a b & more] [1 2 3 4 5]] [a b more])', '[1 2 [3 4 5]]'],
    ['(let [{:keys [name age] :or {age 0}} {:name "Bob"}] [name age])', '["Bob" 0]'],
    ['(let [x] x)', 'error: invalid_form'],
  ],
});
specialForms.set('let', (form, ctx) => {
  const [inner, bind, plain] = analyzeBindings(form.items[1], ctx, 'let');
  const body = analyzeBody(form.items.slice(2), inner);
  let node: Node = (f) => {
    bind(f);
    return body(f);
  };
  if (plain !== null && plain.slots.length === 1) {
    // One plain name: store and continue without the binder call.
    const slot = plain.slots[0];
    const value = plain.values[0].n;
    node = (f) => {
      f[slot] = value(f);
      return body(f);
    };
  }
  if (plain === null) return node;
  return withIr(node, { k: 'let', slots: plain.slots, values: plain.values, body: bodyArg(form.items.slice(2), body, inner) });
});

/** if-let and friends: one binding; `test` decides on the bound value. */
function conditionalBinding(name: string, test: (v: Value) => boolean, withElse: boolean, first = false): void {
  specialForms.set(name, (form, ctx) => {
    const bindings = form.items[1];
    if (bindings === undefined || bindings.t !== 'vec' || bindings.items.length !== 2) {
      invalid(`${name} requires exactly one binding pair: (${name} [name expr] ...)`, bindings?.loc ?? form.loc);
    }
    const valueNode = analyzeArg(bindings.items[1], ctx);
    const [inner, binder] = compilePattern(bindings.items[0], { ...ctx }, analyze);
    const rest = form.items.slice(2);
    if (withElse && (rest.length < 1 || rest.length > 2)) invalid(`${name} expects (${name} [name expr] then else?)`, form.loc, 'invalid_arity');
    const then = withElse ? analyze(rest[0], inner) : analyzeBody(rest, inner);
    const otherwise = withElse && rest.length === 2 ? analyze(rest[1], ctx) : null;
    return (f) => {
      let v = valueNode(f);
      if (first) {
        // Any collection (a list, string, map or set too), as (first coll) sees it.
        let xs: readonly Value[];
        try {
          xs = items(name, v);
        } catch (e) {
          throw locate(e, form.loc);
        }
        if (xs.length === 0) return otherwise === null ? null : otherwise(f);
        v = xs[0];
      } else if (!test(v)) return otherwise === null ? null : otherwise(f);
      binder(f, v);
      return then(f);
    };
  });
}

documentForm('if-let', {
  kind: 'macro',
  arities: ['[[name expr] then]', '[[name expr] then else]'],
  doc: 'Bind the value of expr and evaluate then when it is truthy, else the else branch.',
  details: 'The name is bound in then only. It may destructure.',
  area: 'control',
  examples: [
    ['(if-let [x 0] "truthy" "falsy")', '"truthy"'],
    ['(if-let [x nil] "yes" "no")', '"no"'],
    ['(if-let [m (first [{:id 7}])] (:id m) :none)', '7'],
  ],
});
conditionalBinding('if-let', truthy, true);
documentForm('when-let', {
  kind: 'macro',
  arities: ['[[name expr] & body]'],
  doc: 'Bind the value of expr and evaluate the body when it is truthy; otherwise nil.',
  area: 'control',
  examples: [
    ['(when-let [x false] "never")', 'nil'],
    ['(when-let [n (parse-long "42")] (inc n))', '43'],
  ],
});
conditionalBinding('when-let', truthy, false);
documentForm('if-some', {
  kind: 'macro',
  arities: ['[[name expr] then]', '[[name expr] then else]'],
  doc: 'Like if-let, but only nil counts as missing (false is bound and then runs).',
  area: 'control',
  examples: [
    ['(if-some [x false] [:some x] :none)', '[:some false]'],
    ['(if-some [x nil] [:some x] :none)', ':none'],
  ],
});
conditionalBinding('if-some', (v) => v !== null, true);
documentForm('when-some', {
  kind: 'macro',
  arities: ['[[name expr] & body]'],
  doc: 'Like when-let, but only nil counts as missing.',
  area: 'control',
  examples: [
    ['(when-some [x false] (str "got " x))', '"got false"'],
    ['(when-some [x nil] "never")', 'nil'],
  ],
});
conditionalBinding('when-some', (v) => v !== null, false);
documentForm('when-first', {
  kind: 'macro',
  arities: ['[[name coll] & body]'],
  doc: 'Bind the first item of a collection and evaluate the body, unless the collection is empty (then nil).',
  area: 'control',
  examples: [
    ['(when-first [x [3 4]] (* x 10))', '30'],
    ['(when-first [x []] "never")', 'nil'],
  ],
});
conditionalBinding('when-first', () => true, false, true);
