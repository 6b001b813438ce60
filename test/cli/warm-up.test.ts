// The code cache of the prebuilt command is made after warmUp(): it must run every builtin's
// examples (so their code is in the cache) and leave no trace of itself behind.
import { describe, expect, test } from 'vitest';
import { warmUp } from '../../src/cli/warm-up.ts';
import { allBuiltins } from '../../src/lisp/builtins/registry.ts';
import { run } from '../../src/lisp/run.ts';

describe('warmUp', () => {
  test('runs every builtin example and its extra forms, and leaves later runs as they were', () => {
    const examples = allBuiltins().reduce((n, b) => n + b.examples.length, 0);
    expect(examples).toBeGreaterThan(300);
    const before = run({ program: '(def x 1) [x (* x 2) (str :k)]' });
    expect(warmUp()).toBe(examples + 4);
    const after = run({ program: '(def x 1) [x (* x 2) (str :k)]' });
    expect(after.ok && before.ok).toBe(true);
    if (after.ok && before.ok) expect(after.value).toEqual(before.value);
  });
});
