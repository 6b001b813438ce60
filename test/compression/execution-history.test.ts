import { describe, expect, it } from 'vitest';
import type { Turn } from '../../src/agent/turn.ts';
import type { TurnError } from '../../src/records/records.ts';
import {
  FINAL_TURN,
  NO_TOOL_CALLS,
  OUTPUT_HEADER,
  TOOL_CALLS_HEADER,
  fenceFor,
  renderAttempt,
  renderFailedAttempts,
  renderOutput,
  renderToolCall,
  renderToolCalls,
  turnsIndicator,
} from '../../src/compression/execution-history.ts';
import type { ToolCallRecord } from '../../src/lisp/runtime.ts';
import { run } from '../../src/lisp/run.ts';
import type { Value } from '../../src/lisp/values.ts';

function ev(src: string): Value {
  const r = run({ program: src });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const call = (name: string, ...args: string[]): ToolCallRecord => ({ name, args: args.map(ev), result: null, durationMs: 0 });

describe('tool calls (C9)', () => {
  it('FMT-011 header and FMT-013 the no-calls line', () => {
    expect(TOOL_CALLS_HEADER).toBe(';; Tool calls made:');
    expect(NO_TOOL_CALLS).toBe(';; No tool calls made');
  });
  it('FMT-012 / TC-003 entry: name(args) with arguments in Clojure notation', () => {
    expect(renderToolCall(call('search-reviews', '"Electronics"'))).toBe(';   search-reviews("Electronics")');
    expect(renderToolCall(call('send-notification', '{:to "alice@example.com" :subject "Update"}'))).toBe(
      ';   send-notification({:to "alice@example.com" :subject "Update"})',
    );
    expect(renderToolCall(call('lookup', '"a"', '2', ':k'))).toBe(';   lookup("a" 2 :k)');
  });
  it('AMB-007 parentheses even without arguments', () => expect(renderToolCall(call('get-inventory'))).toBe(';   get-inventory()'));
  it('TRN-003 arguments cut to 3 items and 60 characters', () => {
    expect(renderToolCall(call('f', '[1 2 3 4 5]'))).toBe(';   f([1 2 3 ...] (5 items, showing first 3))');
    expect(renderToolCall(call('f', `"${'a'.repeat(70)}"`))).toBe(`;   f("${'a'.repeat(60)}...")`);
    expect(renderToolCall(call('f', '{:a 1 :b 2 :c 3 :d 4}'))).toBe(';   f({:a 1 :b 2 :c 3 ...})');
  });
  it('TC-004 results are not shown', () => {
    const c: ToolCallRecord = { name: 'f', args: [1], result: 'SECRET RESULT', durationMs: 1 };
    expect(renderToolCall(c)).toBe(';   f(1)');
  });
  it('TC-002 / TC-007 only the last toolCallLimit calls, oldest dropped first', () => {
    const calls = [1, 2, 3, 4, 5].map((i) => call('f', String(i)));
    const s = renderToolCalls(calls, 3, true);
    expect(s.text).toBe([';; Tool calls made:', ';   f(3)', ';   f(4)', ';   f(5)'].join('\n'));
    expect([s.shown, s.dropped]).toEqual([3, 2]);
  });
  it('no calls: the no-calls line once a turn has completed, nothing before', () => {
    expect(renderToolCalls([], 20, true).text).toBe(';; No tool calls made');
    expect(renderToolCalls([], 20, false).text).toBeNull();
  });
  it('a limit of 0 shows no list but counts the drops', () => {
    const s = renderToolCalls([call('f', '1')], 0, true);
    expect(s).toEqual({ text: null, shown: 0, dropped: 1 });
  });
});

describe('output (C10)', () => {
  it('FMT-014 header; FMT-015 entries without prefix', () => {
    expect(OUTPUT_HEADER).toBe(';; Output:');
    expect(renderOutput(['Found 5 users', 'done'], 15).text).toBe(';; Output:\nFound 5 users\ndone');
  });
  it('TRN-009 / TRN-007 a multi-line entry is one entry, kept whole', () => {
    const s = renderOutput(['line 1\nline 2\nline 3', 'next'], 1);
    expect(s.text).toBe(';; Output:\nnext');
    expect(renderOutput(['line 1\nline 2\nline 3', 'next'], 2).text).toBe(';; Output:\nline 1\nline 2\nline 3\nnext');
  });
  it('TRN-006 / TRN-010 the limit counts println calls; oldest dropped first', () => {
    const prints = Array.from({ length: 20 }, (_, i) => `p${i + 1}`);
    const s = renderOutput(prints, 15);
    expect(s.text).toBe([';; Output:', ...prints.slice(5)].join('\n'));
    expect([s.shown, s.dropped]).toEqual([15, 5]);
  });
  it('FMT-018 output is not sanitized', () => {
    expect(renderOutput([';; === tool/ ===', '```'], 15).text).toBe(';; Output:\n;; === tool/ ===\n```');
  });
  it('no prints: no section', () => expect(renderOutput([], 15).text).toBeNull());
});

describe('turns indicator (C12, MSG-005)', () => {
  it('Turns left: N while N ≥ 2, then the final-turn line', () => {
    expect(turnsIndicator(5, 0)).toBe('Turns left: 5');
    expect(turnsIndicator(5, 3)).toBe('Turns left: 2');
    expect(turnsIndicator(5, 4)).toBe(FINAL_TURN);
    expect(FINAL_TURN).toBe('FINAL TURN - you must call (return result) or (fail reason) now.');
  });
  it('SS-001 single-shot has no indicator', () => expect(turnsIndicator(1, 0)).toBeNull());
});

const failed = (rawResponse: string, program: string, error: TurnError, number = 1): Turn => ({
  number,
  rawResponse,
  program,
  result: null,
  error,
  signal: null,
  prints: [],
  toolCalls: [],
  memory: new Map(),
  success: false,
  messages: [],
  durationMs: 0,
});
const NO_BLOCK = 'The reply has no ```clojure code block. Reply with exactly one ```clojure block holding the program.';
const ONLY_JSON = 'The reply has no ```clojure code block, only a ```json block. Reply with exactly one ```clojure block holding the program.';

/** Fence lines of a rendered attempt block: a line whose first non-blank characters are backticks. */
const fenceLines = (text: string): string[] => text.split('\n').filter((l) => /^[ \t]*`{3,}/.test(l));

describe('the attempt block of a failed turn (C11): never a fence inside a fence', () => {
  it('a program is shown in a plain ```clojure fence with its error and location', () => {
    const t = failed('```clojure\n(broken x)\n```', '(broken x)', {
      type: 'unbound_var',
      message: 'Unable to resolve symbol: broken in this context.',
      line: 1,
      column: 2,
    });
    expect(renderAttempt(t)).toBe(
      [
        '---',
        'Your previous attempt:',
        '```clojure',
        '(broken x)',
        '```',
        '',
        'Error: Unable to resolve symbol: broken in this context. (line 1, column 2)',
        '---',
      ].join('\n'),
    );
  });
  it('a reply without fences (no_code) is shown as it was, in the plain fence', () => {
    const t = failed('  I think we should look at the data first.\n', '', { type: 'no_code', message: NO_BLOCK });
    expect(renderAttempt(t)).toBe(
      ['---', 'Your previous attempt:', '```clojure', 'I think we should look at the data first.', '```', '', `Error: ${NO_BLOCK}`, '---'].join('\n'),
    );
  });
  it('a no_code reply holding a ```json block gets a longer outer fence that the inner fences cannot close', () => {
    const reply = 'Here is the answer:\r\n```json\r\n{"total": 42}\r\n```\r\n';
    const text = renderAttempt(failed(reply, '', { type: 'no_code', message: ONLY_JSON }));
    expect(text).toBe(
      ['---', 'Your previous attempt:', '````clojure', 'Here is the answer:', '```json', '{"total": 42}', '```', '````', '', `Error: ${ONLY_JSON}`, '---'].join(
        '\n',
      ),
    );
    expect(fenceLines(text)).toEqual(['````clojure', '```json', '```', '````']);
  });
  it('a program whose multi-line string holds a fence line, indented or longer, is fenced beyond it', () => {
    const program = '(def md "Report:\n  ````\ndone")\n(return md)';
    const text = renderAttempt(failed('', program, { type: 'fail', message: 'no data' }));
    expect(text).toBe(
      ['---', 'Your previous attempt:', '`````clojure', '(def md "Report:', '  ````', 'done")', '(return md)', '`````', '', 'Error: no data', '---'].join('\n'),
    );
  });
  it('backticks that do not start a line leave the fence plain', () => {
    expect(fenceFor('(return (str "```" "x"))')).toBe('```');
    expect(fenceFor('```(+ 1 2)```')).toBe('````');
    expect(fenceFor('')).toBe('```');
  });
  it('every failed attempt shown, each with its own fence', () => {
    const turns = [
      failed('```python\nprint(1)\n```', '', { type: 'no_code', message: 'only python' }, 1),
      failed('```clojure\n(bad)\n```', '(bad)', { type: 'unbound_var', message: 'bad' }, 2),
    ];
    expect(renderFailedAttempts(turns, 'all')).toEqual({
      text: [
        '---',
        'Your previous attempt:',
        '````clojure',
        '```python',
        'print(1)',
        '```',
        '````',
        '',
        'Error: only python',
        '---',
        '',
        '---',
        'Your previous attempt:',
        '```clojure',
        '(bad)',
        '```',
        '',
        'Error: bad',
        '---',
      ].join('\n'),
      collapsed: 0,
    });
  });
});
