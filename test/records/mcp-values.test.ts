// How a call of an MCP tool maps to the arguments sent and its result to a value (T3).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJson } from '../../src/lisp/json.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { run } from '../../src/lisp/run.ts';
import type { Value } from '../../src/lisp/values.ts';
import type { JsonSchema } from '../../src/records/mcp-tools.ts';
import { jsonText, mcpArguments, mcpResultValue, MAX_SERVER_MESSAGE } from '../../src/records/mcp-values.ts';

/** A value made by a program (so keywords, sets, floats are the interpreter's own). */
function v(program: string): Value {
  const r = run({ program });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const SUM: JsonSchema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };

describe('arguments sent', () => {
  it('are {} for none, named for one map of properties, positional otherwise', () => {
    expect(mcpArguments('get-sum', [], SUM)).toBe('{}');
    expect(mcpArguments('get-sum', [v('{:a 2 :b 40}')], SUM)).toBe('{"a":2,"b":40}');
    expect(mcpArguments('get-sum', [v('{"b" 1}')], SUM)).toBe('{"b":1}');
    expect(mcpArguments('get-sum', [2, 40], SUM)).toBe('{"a":2,"b":40}');
    expect(mcpArguments('get-sum', [2], SUM)).toBe('{"a":2}');
    // A map with a key that is not a property is a positional argument.
    expect(mcpArguments('get-sum', [v('{:a 1 :c 2}')], SUM)).toBe('{"a":{"a":1,"c":2}}');
  });

  it('refuse more arguments than properties, saying what the tool takes', () => {
    expect(() => mcpArguments('get-sum', [1, 2, 3], SUM)).toThrow('tool/get-sum takes 2 (a b), or one map of them; got 3 arguments');
    expect(() => mcpArguments('read_graph', [1], { type: 'object' })).toThrow('tool/read_graph takes no arguments; got 1 arguments');
  });

  it('write keywords as names, sets as arrays, nil as null, integers exact, floats as floats', () => {
    expect(jsonText('t', v('[:open #{1} nil 123456789012345678901234567890 2.0 0.5 "q\\"x"]'))).toBe(
      '["open",[1],null,123456789012345678901234567890,2.0,0.5,"q\\"x"]',
    );
    expect(jsonText('t', v('{:a {1 [true]}}'))).toBe('{"a":{"1":[true]}}');
  });

  it('refuse what JSON cannot hold, and keys that would collide', () => {
    expect(() => jsonText('t', v('##Inf'))).toThrow(/cannot be sent as JSON/);
    expect(() => jsonText('t', v('{:a 1 "a" 2}'))).toThrow(/two keys of a map would both be sent as "a"/);
    expect(() => jsonText('t', v('{[1] 2}'))).toThrow(/map key sent as JSON must be a keyword/);
    expect(() => jsonText('t', v('(reduce (fn [a _] [a]) 1 (range 300))'))).toThrow(/nested more than 200 levels/);
  });

  it('read back as the data reader reads JSON: the same value but keywords and sets (property)', () => {
    const scalar = fc.oneof(
      fc.integer(),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    const json = fc.letrec<{ j: unknown }>((tie) => ({
      j: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('j'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 5 }), tie('j'), { maxKeys: 4 })),
    })).j;
    fc.assert(
      fc.property(json, (x) => {
        const text = JSON.stringify(x, (_k, val: unknown) => (typeof val === 'bigint' ? `__big${val}` : val)).replace(/"__big(-?\d+)"/g, '$1');
        const read = readJson(text);
        if (!read.ok) return;
        const value = v(`(json/parse-string ${JSON.stringify(text)})`);
        expect(readJson(jsonText('t', value)).ok).toBe(true);
        expect(printValue(v(`(json/parse-string ${JSON.stringify(jsonText('t', value))})`))).toBe(printValue(value));
      }),
      { numRuns: 200 },
    );
  });
});

describe('results read', () => {
  it('take structuredContent as data/ is, else the content blocks', () => {
    expect(printValue(mcpResultValue('t', 's', { structuredContent: { sum: 42, items: [{ id: 1.0 }] }, content: [{ type: 'text', text: 'x' }] }))).toBe(
      '{:sum 42 :items [{:id 1}]}',
    );
    expect(mcpResultValue('t', 's', { content: [{ type: 'text', text: 'The sum is 42.' }] })).toBe('The sum is 42.');
    expect(
      printValue(
        mcpResultValue('t', 's', {
          content: [
            { type: 'text', text: 'a' },
            { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          ],
        }),
      ),
    ).toBe('["a" {:type "image" :mime-type "image/png" :bytes 8}]');
    expect(mcpResultValue('t', 's', { content: [] })).toBe(null);
    expect(mcpResultValue('t', 's', {})).toBe(null);
  });

  it('make isError a tool_error naming the tool and server, the message cut', () => {
    const err = (text: string) => {
      try {
        mcpResultValue('get-sum', 'everything', { isError: true, content: [{ type: 'text', text }] });
      } catch (e) {
        return e as { type: string; message: string };
      }
      throw new Error('no error');
    };
    expect([err('bad input').type, err('bad input').message]).toEqual(['tool_error', 'tool/get-sum (server everything) failed: bad input']);
    expect(err('x'.repeat(5000)).message).toHaveLength('tool/get-sum (server everything) failed: '.length + MAX_SERVER_MESSAGE);
  });

  it('refuse a result too large or too deep before building anything', () => {
    expect(() => mcpResultValue('t', 's', { content: [{ type: 'text', text: 'x'.repeat(2_000_000) }] })).toThrow(/more than the 1000000 a call may return/);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => mcpResultValue('t', 's', { structuredContent: deep })).toThrow(/nested more than 200 levels/);
  });
});
