// The worker's diagnostics of a program being typed: the open session's tools and data, the
// definitions of the turns so far and of the REPL count as known; nothing runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';
import { MAX_DIAGNOSED_CHARS } from '../../src/worker/editor-help.ts';

function opened(): Engine {
  const engine = new Engine();
  const r = engine.open(readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8'));
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return engine;
}

const messages = (engine: Engine, program: string) => engine.diagnose(program).map((p) => `${p.severity}: ${p.message}`);

describe('Engine.diagnose', () => {
  it("checks names against the session's tools and data", () => {
    const engine = opened();
    expect(messages(engine, '(tool/get-inventory) (count data/products) (tool/search-reviews "x")')).toEqual([]);
    expect(messages(engine, '(tool/get-inventry)\ndata/product\nproducs')).toEqual([
      'warning: Unknown tool tool/get-inventry.',
      'warning: data/product does not exist.',
      'warning: Unable to resolve symbol: producs in this context.',
    ]);
    // The hint a run of it gives.
    const ran = engine.repl('producs');
    expect(engine.diagnose('producs')[0].hint).toBe(ran.error?.hint);
  });

  it('knows the definitions of earlier turns and of the REPL, and runs nothing', () => {
    const engine = opened();
    expect(messages(engine, 'mine')).toEqual(['warning: Unable to resolve symbol: mine in this context.']);
    expect(engine.repl('(def mine 1)').ok).toBe(true);
    expect(messages(engine, '(inc mine)')).toEqual([]);
    const before = engine.view().turns.length;
    engine.diagnose('(def other (tool/get-inventory))');
    expect(engine.view().turns.length).toBe(before);
    expect(messages(engine, 'other')).toHaveLength(1);
  });

  it('reports a parse error, and nothing for a program past the limit; the host passes it through', () => {
    const host = new PageApi(opened());
    expect(host.diagnose('(map inc')[0]).toMatchObject({ severity: 'error', code: 'parse_error', range: { line: 1, column: 1 } });
    expect(host.diagnose('x '.repeat(MAX_DIAGNOSED_CHARS))).toEqual([]);
    expect(new Engine().diagnose('(tool/x)')).toHaveLength(1);
  });
});
