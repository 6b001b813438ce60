// The pure parts of the editors' help: completion items from the reference and the session's names,
// hover texts, the diagnostics as markers, and which lines of a reply are code.
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../../../src/lisp/diagnose.ts';
import { referenceEntries } from '../../../../src/lisp/reference/index.ts';
import {
  codeLines,
  completionItems,
  hoverMarkdown,
  markersOf,
  replyProgram,
  symbolAt,
  symbolBefore,
  wordItems,
  type HelpNames,
} from '../../../../src/ui/components/monaco/help-items.ts';

const NAMES: HelpNames = {
  reference: referenceEntries(),
  tools: [
    {
      name: 'get-orders',
      signature: '(status :string) -> [:map]',
      description: 'Orders with a status.\nSecond line.',
      impl: '',
      callForm: '(tool/get-orders status)',
    },
  ],
  data: [{ name: 'products', type: 'list[6]', sample: '[{:name "Laptop"}]' }],
  user: [
    { name: 'rated', kind: 'value', type: 'list[3]', params: [], sample: '[1 2 3]' },
    { name: 'score', kind: 'function', type: 'fn', params: ['[p]', '[p w]'], sample: null, doc: 'Scores a product.', returnType: 'int' },
  ],
};

describe('completion items', () => {
  it('offers the language, the session and the user, each with what it is', () => {
    const items = completionItems('fil', NAMES);
    const filter = items.find((i) => i.label === 'filter')!;
    expect(filter).toMatchObject({ kind: 'function', detail: '(filter pred coll)', insertText: 'filter' });
    expect(filter.summary).toBe(referenceEntries().find((e) => e.name === 'filter')!.doc);
    expect(filter.documentation).toContain('**filter** — function');
    expect(filter.documentation).toContain(';=>');
    expect(items.find((i) => i.label === 'let')?.kind).toBe('special-form');
    expect(items.find((i) => i.label === 'tool/get-orders')).toMatchObject({
      kind: 'tool',
      detail: '(status :string) -> [:map]',
      summary: 'Orders with a status.',
    });
    expect(items.find((i) => i.label === 'data/products')).toMatchObject({ kind: 'data', detail: 'list[6]' });
    expect(items.find((i) => i.label === 'score')).toMatchObject({ kind: 'user-function', detail: '(score p)  (score p w)', summary: 'Scores a product.' });
    expect(items.find((i) => i.label === 'rated')).toMatchObject({ kind: 'user-value', detail: 'list[3]' });
    // Prefixed spellings wait for their prefix; the session's names sort first.
    expect(items.some((i) => i.label === 'str/join')).toBe(false);
    const sorted = [...items].sort((a, b) => a.sortText.localeCompare(b.sortText));
    expect(sorted[0].kind).toBe('tool');
  });

  it('after tool/ and data/ offers only the session’s, after another prefix its functions', () => {
    expect(completionItems('tool/', NAMES).map((i) => i.label)).toEqual(['tool/get-orders']);
    expect(completionItems('data/pr', NAMES).map((i) => i.label)).toEqual(['data/products']);
    const str = completionItems('str/', NAMES).map((i) => i.label);
    expect(str).toContain('str/join');
    expect(str.every((l) => l.startsWith('str/'))).toBe(true);
    expect(completionItems(':ke', NAMES)).toEqual([]);
  });

  it("offers the program's own names last: locals and parameters, not keywords, prefixed names or what is offered already", () => {
    const known = completionItems('', NAMES);
    const words = wordItems('(fn [reviews] (let [best (:rating reviews)] (map inc best) tool/get-orders \\a rev))', 'rev', known);
    expect(words.map((w) => w.label)).toEqual(['reviews', 'best']);
    expect(words[0]).toMatchObject({ kind: 'word', sortText: '3reviews' });
  });

  it('finds the symbol before the cursor and under it', () => {
    expect(symbolBefore('(tool/get', 10)).toEqual({ text: 'tool/get', start: 2 });
    expect(symbolBefore('(map ', 6)).toEqual({ text: '', start: 6 });
    expect(symbolAt('(->> data/products (filter even?))', 12)).toEqual({ text: 'data/products', start: 6, end: 19 });
    expect(symbolAt('(a b)', 3)).toEqual({ text: 'a', start: 2, end: 3 });
    expect(symbolAt('( )', 2)).toBeNull();
  });
});

describe('hover', () => {
  it('shows a builtin’s arities, doc and first example', () => {
    const text = hoverMarkdown('map', NAMES)!;
    expect(text).toMatch(/^\*\*map\*\* — function/);
    expect(text).toContain('(map f coll)');
    expect(text).toContain(referenceEntries().find((e) => e.name === 'map')!.doc);
    expect(text).toContain(`;=> ${referenceEntries().find((e) => e.name === 'map')!.examples[0].result}`);
  });

  it('shows a tool’s signature and description, data’s type and sample, a definition’s docstring', () => {
    expect(hoverMarkdown('tool/get-orders', NAMES)).toContain('(tool/get-orders status)\n; (status :string) -> [:map]');
    expect(hoverMarkdown('tool/get-orders', NAMES)).toContain('Orders with a status.');
    expect(hoverMarkdown('data/products', NAMES)).toBe('**data/products** — list[6]\n\n```clojure\n[{:name "Laptop"}]\n```');
    expect(hoverMarkdown('score', NAMES)).toContain('Scores a product.');
    expect(hoverMarkdown('score', NAMES)).toContain('your function, fn → int');
    expect(hoverMarkdown('rated', NAMES)).toContain('[1 2 3]');
    expect(hoverMarkdown('products', NAMES)).toContain('**data/products**');
    expect(hoverMarkdown('nothing-here', NAMES)).toBeNull();
    expect(hoverMarkdown(':map', NAMES)).toBeNull();
    expect(hoverMarkdown('tool/missing', NAMES)).toBeNull();
  });

  it("shows the user's definition of a builtin's name, and completion offers it instead of the builtin", () => {
    const names: HelpNames = {
      ...NAMES,
      user: [...NAMES.user, { name: 'count', kind: 'function', type: 'fn', params: ['[x]'], sample: null, doc: 'Counts my way.' }],
    };
    expect(hoverMarkdown('count', names)).toContain('Counts my way.');
    expect(hoverMarkdown('count', NAMES)).toContain('**count** — function');
    const offered = completionItems('cou', names).filter((i) => i.label === 'count');
    expect(offered.map((i) => i.kind)).toEqual(['user-function']);
    expect(
      completionItems('cou', NAMES)
        .filter((i) => i.label === 'count')
        .map((i) => i.kind),
    ).toEqual(['function']);
  });

  it('keeps code with backticks inside its block', () => {
    const names: HelpNames = { ...NAMES, data: [{ name: 'md', type: 'string', sample: '"```x```"' }] };
    expect(hoverMarkdown('data/md', names)).toContain('````clojure\n"```x```"\n````');
  });
});

describe('diagnostics as markers', () => {
  it('marks a warning over its symbol and an error at its place, message and hint together', () => {
    const program = '(let [x 1]\n  (fiter odd? x))\n(map inc';
    const lines = program.split('\n');
    const problems = diagnose('(fiter odd? [1])\n(tool/nope)', { memory: [], tools: [], data: [] });
    const [fiter, nope] = markersOf(problems, ['(fiter odd? [1])', '(tool/nope)']);
    expect(fiter).toEqual({
      severity: 'warning',
      code: 'unbound_var',
      message: 'Unable to resolve symbol: fiter in this context. Did you mean: filter, filterv?',
      startLineNumber: 1,
      startColumn: 2,
      endLineNumber: 1,
      endColumn: 7,
    });
    expect(nope).toMatchObject({ startLineNumber: 2, startColumn: 2, endColumn: 11 });
    const [parse] = markersOf(diagnose(program, { memory: [], tools: [], data: [] }), lines);
    expect(parse).toMatchObject({ severity: 'error', code: 'parse_error', startLineNumber: 3, startColumn: 1, endColumn: 2 });
  });

  it('keeps a marker inside the text: past the end of a line it marks the last character', () => {
    const m = markersOf(
      [{ severity: 'error', code: 'parse_error', message: 'm', path: '', origin: 'program', text: 'm', range: { line: 9, column: 40 } }],
      ['(a', '(bc'],
    );
    expect(m[0]).toMatchObject({ startLineNumber: 2, startColumn: 3, endColumn: 4 });
    const none = markersOf([{ severity: 'warning', code: 'x', message: 'm', hint: 'h', path: '', origin: 'program', text: 'm' }], ['']);
    expect(none[0]).toMatchObject({ message: 'm h', startLineNumber: 1, startColumn: 1, endColumn: 1 });
  });
});

describe('reply code', () => {
  const reply = ['Let me look.', '', '```clojure', '(count data/products)', '```', '```json', '{"a": 1}', '```', '```', '(foo)', '```'].join('\n');

  it('takes the lines of Clojure and untagged blocks, not prose or other languages', () => {
    expect(codeLines(reply.split('\n'))).toEqual([false, false, false, true, false, false, false, false, false, true, false]);
    expect(replyProgram(reply)).toBe('\n\n\n(count data/products)\n\n\n\n\n\n(foo)\n');
    expect(replyProgram('No code here.')).toBeNull();
    // An unclosed block runs to the end (a reply being typed).
    expect(codeLines(['~~~clj', '(a', 'b)'])).toEqual([false, true, true]);
  });

  it('diagnoses a reply’s code at the reply’s own lines', () => {
    const [p] = diagnose(replyProgram(reply)!, { memory: [], tools: [], data: ['products'] });
    expect(p).toMatchObject({ message: 'Unable to resolve symbol: foo in this context.', range: { line: 10, column: 2 } });
  });
});
