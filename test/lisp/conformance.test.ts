// Runs every example of the PTC-Lisp specification (../shared/conformance/spec-examples.jsonl) and
// compares results as values, not as text (the order of a map's or a set's entries does not matter).
// Skipped with a notice when the file is absent.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { equals } from '../../src/lisp/equality.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { readProgram, formToValue, type Form } from '../../src/lisp/reader.ts';
import { run } from '../../src/lisp/run.ts';
import { PVar, type Value } from '../../src/lisp/values.ts';

const file = join(__dirname, '..', '..', '..', 'shared', 'conformance', 'spec-examples.jsonl');
const cases: { id: string; section: string; program: string; expected: string }[] = existsSync(file)
  ? readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];

/** Expected results are Clojure notation; #'x reads as (var x) and means a var. */
function expectedValue(text: string): Value {
  const [form] = readProgram(text);
  const toValue = (f: Form): Value =>
    f.t === 'list' && f.items.length === 2 && f.items[0].t === 'sym' && f.items[0].name === 'var' && f.items[1].t === 'sym'
      ? new PVar(f.items[1].name)
      : formToValue(f);
  return toValue(form);
}

function sameValue(a: Value, b: Value): boolean {
  if (a instanceof PVar || b instanceof PVar) return a instanceof PVar && b instanceof PVar && a.name === b.name;
  return equals(a, b);
}

describe.skipIf(cases.length === 0)('specification examples', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = run({ program: c.program });
    const got = r.ok ? printValue(r.value) : `error ${r.error.type}: ${r.error.message}`;
    expect(r.ok && sameValue(r.value, expectedValue(c.expected)), `${c.program}\n  expected ${c.expected}\n  got      ${got}`).toBe(true);
  });
});

describe.skipIf(cases.length > 0)('specification examples (absent)', () => {
  it('are skipped because ../shared/conformance/spec-examples.jsonl is not there', () => {
    console.warn('notice: ../shared/conformance/spec-examples.jsonl not found; conformance cases skipped');
  });
});
