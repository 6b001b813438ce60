// "Did you mean" hints name only near misses: similar length and letters, or nothing at all.
import { describe, expect, it } from 'vitest';
import { allBuiltins } from '../../src/lisp/builtins/registry.ts';
import { suggest } from '../../src/lisp/errors.ts';
import '../../src/lisp/builtins/index.ts';
import { run } from '../../src/lisp/run.ts';

const names = allBuiltins().map((b) => b.name);

describe('suggest', () => {
  it('offers nothing for a one-letter name that shares no letter with any builtin of its length', () => {
    expect(suggest('y', names)).toEqual([]);
    expect(suggest('q', names)).toEqual([]);
  });

  it('offers a near miss of the same letters, and prefixes', () => {
    expect(suggest('fliter', names)).toContain('filter');
    expect(suggest('mapp', names)).toContain('map');
    expect(suggest('frist', names)).toContain('first');
  });

  it('a program with an unknown short name gets no hint of unrelated operators', () => {
    const r = run({ program: '(+ y 1)' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe('Unable to resolve symbol: y in this context.');
  });
});
