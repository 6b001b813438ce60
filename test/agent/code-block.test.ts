import { describe, expect, it } from 'vitest';
import { extractProgram, type Extraction } from '../../src/agent/code-block.ts';

const NO_BLOCK = 'The reply has no ```clojure code block. Reply with exactly one ```clojure block holding the program.';
const EMPTY = 'The ```clojure code block is empty. Put the program inside it.';
const ok = (program: string): Extraction => ({ ok: true, program });
const fail = (message: string): Extraction => ({ ok: false, message });
const lines = (...ls: string[]): string => ls.join('\n');

// Replies shaped like the ones real models send, each with the exact program (or failure) expected.
const cases: ReadonlyArray<readonly [string, string, Extraction]> = [
  [
    'prose before and after one ```clojure block',
    lines('Let me count the reviews first.', '', '```clojure', '(count (tool/search-reviews "Electronics"))', '```', '', 'This returns the number of reviews.'),
    ok('(count (tool/search-reviews "Electronics"))'),
  ],
  [
    'reasoning steps, then a multi-line program',
    lines(
      'I need to:',
      '1. Fetch the orders',
      '2. Keep the large ones',
      '',
      '```clojure',
      '(def orders (tool/get-orders {:status "open"}))',
      '(return (filter #(> (:total %) 100) orders))',
      '```',
    ),
    ok('(def orders (tool/get-orders {:status "open"}))\n(return (filter #(> (:total %) 100) orders))'),
  ],
  ['```clj tag', lines('```clj', '(inc 1)', '```'), ok('(inc 1)')],
  ['```ptc-lisp tag', lines('Here:', '```ptc-lisp', '(map inc [1 2])', '```'), ok('(map inc [1 2])')],
  ['uppercase tag', lines('```Clojure', '(+ 1 2)', '```'), ok('(+ 1 2)')],
  ['tag followed by attributes', lines('```clojure title="solution.clj" linenums', '(return 42)', '```'), ok('(return 42)')],
  ['pandoc-style attribute tag', lines('``` {.clojure}', '(return 1)', '```'), ok('(return 1)')],
  ['~~~ fence', lines('Program:', '~~~clojure', '(+ 40 2)', '~~~', 'Done.'), ok('(+ 40 2)')],
  [
    'closing fence followed by words on the same line',
    lines('```clojure', '(return (count data/users))', '``` this counts the users', 'Let me know if it fails.'),
    ok('(return (count data/users))'),
  ],
  [
    'closing fence indented differently from the opening one',
    lines('Steps:', '1. Run this:', '   ```clojure', '   (def a 1)', '   (return a)', '```', 'That is all.'),
    ok('(def a 1)\n(return a)'),
  ],
  ['indented closing fence under an unindented opening', lines('```clojure', '(return :ok)', '    ```', 'Bye.'), ok('(return :ok)')],
  [
    'cut-off reply: the block never closes',
    lines('I will sum the totals.', '```clojure', '(def totals (map :total data/orders))', '(return (reduce + totals'),
    ok('(def totals (map :total data/orders))\n(return (reduce + totals'),
  ],
  ['cut-off reply right after the opening fence', lines('Here is the program:', '```clojure', ''), fail(EMPTY)],
  [
    'several ```clojure blocks, prose between them ignored',
    lines('First define the helper:', '```clojure', '(defn double [x] (* 2 x))', '```', 'Then call it:', '```clojure', '(return (double 21))', '```', 'Done.'),
    ok('(defn double [x] (* 2 x))\n\n(return (double 21))'),
  ],
  [
    'a ```clojure block wins over an untagged block',
    lines('Expected output:', '```', '[1 2 3]', '```', 'Program:', '```clojure', '(range 1 4)', '```'),
    ok('(range 1 4)'),
  ],
  ['an untagged block is still the program (regression)', lines('Try this:', '```', '(inc 2)', '```'), ok('(inc 2)')],
  ['several untagged blocks are joined in order', lines('```', '(def x 1)', '```', 'and', '```', '(return x)', '```'), ok('(def x 1)\n\n(return x)')],
  [
    'a ```json block beside the ```clojure block is not part of the program',
    lines('The data looks like:', '```json', '{"users": [{"name": "Ada"}]}', '```', '```clojure', '(return (map :name data/users))', '```'),
    ok('(return (map :name data/users))'),
  ],
  [
    'a ```python block after the program is ignored',
    lines('```clojure', '(return (sort data/xs))', '```', 'In Python this would be:', '```python', 'sorted(xs)', '```'),
    ok('(return (sort data/xs))'),
  ],
  [
    'only a ```json block: the failure names the language',
    lines('Here is the answer:', '```json', '{"total": 42}', '```'),
    fail('The reply has no ```clojure code block, only a ```json block. Reply with exactly one ```clojure block holding the program.'),
  ],
  [
    'only ```python and ```json blocks: the failure names both',
    lines('```python', 'print(sum(xs))', '```', '```json', '42', '```', '```python', 'print(1)', '```'),
    fail('The reply has no ```clojure code block, only ```python and ```json blocks. Reply with exactly one ```clojure block holding the program.'),
  ],
  ['the only fence is inline', 'The answer is ```(+ 1 2)```', ok('(+ 1 2)')],
  ['an inline fence with a tag', '```clojure (return (count data/items))```', ok('(return (count data/items))')],
  ['a fence backticks inside a string on one line', lines('```clojure', '(return (str "```" "clojure"))', '```'), ok('(return (str "```" "clojure"))')],
  [
    'a fence line inside a multi-line string is program text',
    lines('```clojure', '(def md "Report:', '```', 'done")', '(return md)', '```', 'The string holds a fence.'),
    ok('(def md "Report:\n```\ndone")\n(return md)'),
  ],
  [
    'a string with a lone quote in a comment does not hide the closing fence',
    lines('```clojure', '(return 1) ; prints "hi', '```', 'Bye "friend'),
    ok('(return 1) ; prints "hi'),
  ],
  [
    'an unbalanced string (buggy program) does not swallow the rest of the reply',
    lines('```clojure', '(println "hi)', '```', 'It prints "hi".'),
    ok('(println "hi)'),
  ],
  ['CRLF line endings', 'Here it is:\r\n```clojure\r\n(def a 1)\r\n(return a)\r\n```\r\nThanks.\r\n', ok('(def a 1)\n(return a)')],
  [
    'closing fence with prose glued to it, even prose starting with a language name',
    lines('```clojure', '(return (count data/users))', '```Text me if it fails.', '```clojure', '(println 1)', '```That is all.'),
    ok('(return (count data/users))\n\n(println 1)'),
  ],
  [
    'closing fence glued to the last code line',
    lines('```clojure', '(def n 3)', '(return (* n n))````', 'That squares it.'),
    ok('(def n 3)\n(return (* n n))'),
  ],
  [
    'a longer opening fence keeps shorter fence lines inside',
    lines('````clojure', '(def s "', '```', '")', '(return s)', '````'),
    ok('(def s "\n```\n")\n(return s)'),
  ],
  [
    'a new ```clojure block opened without closing the previous one',
    lines('```clojure', '(def a 1)', '```clojure', '(return a)', '```'),
    ok('(def a 1)\n\n(return a)'),
  ],
  [
    'reasoning in <think> with a draft, then the answer',
    lines(
      '<think>',
      'Maybe:',
      '```clojure',
      '(return (first data/xs))',
      '```',
      'No, the last one is wanted.',
      '</think>',
      '',
      '```clojure',
      '(return (last data/xs))',
      '```',
    ),
    ok('(return (last data/xs))'),
  ],
  [
    'a program drafted only inside <think> is not the answer',
    lines('<think>', '```clojure', '(return 1)', '```', '</think>', 'The answer is 1.'),
    fail(NO_BLOCK),
  ],
  [
    'blank lines and indentation inside the block are kept, outer blank lines dropped',
    lines('```clojure', '', '(let [x 1]', '  (return x))', '', '', '```'),
    ok('(let [x 1]\n  (return x))'),
  ],
  ['no block: bare code', '(+ 1 2)', fail(NO_BLOCK)],
  ['no block: prose only', 'I think we should look at the data first, then decide.', fail(NO_BLOCK)],
  ['an inline mention of ```clojure``` is not a program', 'I will reply with a ```clojure``` block next turn.', fail(NO_BLOCK)],
  ['an empty ```clojure block', lines('```clojure', '', '```'), fail(EMPTY)],
  ['an empty ```clojure block wins over an untagged one', lines('```', '(+ 1 2)', '```', '```clojure', '```'), fail(EMPTY)],
];

describe('extractProgram on real-looking replies', () => {
  it('has enough cases', () => expect(cases.length).toBeGreaterThanOrEqual(25));
  it.each(cases)('%s', (_name, reply, expected) => {
    expect(extractProgram(reply)).toEqual(expected);
  });
});
