// `ptc doc NAME` and `ptc doc --json`, in process: the same entries (doc name) prints in a program.
import { describe, expect, it } from 'vitest';
import { formatEntry, referenceEntries, referenceEntry } from '../../src/lisp/reference/index.ts';
import { ptcIn } from './harness.ts';

interface JsonEntry {
  name: string;
  kind: string;
  arities: string[];
  doc: string;
  examples: { code: string; result: string }[];
  aliasOf?: string;
}

describe('ptc doc', () => {
  it.each(['map', 'str/join', 'if', 'clojure.set/union', '.getTime', 'Double/NaN'])('ptc doc %s prints the entry (doc NAME) prints', async (name) => {
    const r = await ptcIn(['doc', name]);
    expect(r).toEqual({ code: 0, out: formatEntry(referenceEntry(name)!) + '\n', err: '' });
  });

  it('takes names that look like options: ->>, ->, -', async () => {
    for (const name of ['->>', '->', '-', 'some->']) {
      const r = await ptcIn(['doc', name]);
      expect(r.code, name).toBe(0);
      expect(r.out.startsWith(`${name} — `), name).toBe(true);
    }
  });

  it('prints the same text as (doc NAME) in ptc eval (on stderr with the other println output)', async () => {
    const viaDoc = await ptcIn(['doc', 'filter']);
    const viaEval = await ptcIn(['eval', '-e', '(doc filter)']);
    expect(viaEval.code).toBe(0);
    expect(viaEval.out).toBe('nil\n');
    expect(viaEval.err).toBe(viaDoc.out);
  });

  it('exits 1 on an unknown name, with the closest names on stderr', async () => {
    const r = await ptcIn(['doc', 'mapp']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe('ptc doc: no entry for mapp; did you mean map, map?, mapv?\n');
  });

  it('prints in ptc eval that nothing documents an unknown name, with the closest, and gives nil', async () => {
    const r = await ptcIn(['eval', '-e', '(doc str/jion)']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('No documentation for str/jion. Did you mean: str/join');
    expect(r.out).toBe('nil\n');
  });

  it('refuses neither or both of NAME and --json (exit 2)', async () => {
    expect((await ptcIn(['doc'])).code).toBe(2);
    expect((await ptcIn(['doc', 'map', '--json'])).code).toBe(2);
    expect((await ptcIn(['doc', '--jsn'])).err).toContain('did you mean --json?');
  });

  it('--json prints every entry and nothing else on stdout', async () => {
    const r = await ptcIn(['doc', '--json']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const entries = JSON.parse(r.out) as JsonEntry[];
    expect(entries).toHaveLength(referenceEntries().length);
    for (const e of entries) {
      expect(typeof e.name).toBe('string');
      expect(['special-form', 'macro', 'function', 'constant']).toContain(e.kind);
      expect(Array.isArray(e.arities)).toBe(true);
      expect(e.doc).not.toMatch(/\n/);
      expect(e.examples.length).toBeGreaterThan(0);
      for (const x of e.examples) expect(Object.keys(x)).toEqual(['code', 'result']);
    }
    const byName = new Map(entries.map((e) => [e.name, e]));
    expect(byName.get('map')).toMatchObject({ kind: 'function', arities: ['[f coll]', '[f c1 c2 & colls]'] });
    expect(byName.get('map')).not.toHaveProperty('aliasOf');
    expect(byName.get('str/join')).toMatchObject({ aliasOf: 'join' });
    expect(byName.get('let')).toMatchObject({ kind: 'special-form' });
    expect(byName.get('->>')).toMatchObject({ kind: 'macro' });
    expect(byName.get('if')!.examples).toContainEqual({ code: '(if)', result: 'error: invalid_arity' });
  });

  it('is listed by ptc --help', async () => {
    const r = await ptcIn(['--help']);
    expect(r.out).toMatch(/\n\s+doc\s/);
  });
});
