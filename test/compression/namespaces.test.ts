import { describe, expect, it } from 'vitest';
import type { MemoryEntry } from '../../src/records/records.ts';
import { padToComment } from '../../src/compression/layout.ts';
import { DATA_HEADER, renderDataLine, renderDataNamespace } from '../../src/compression/namespaces/data.ts';
import { TOOL_HEADER, renderToolLine, renderToolNamespace } from '../../src/compression/namespaces/tool.ts';
import { USER_HEADER, renderFunctionLine, renderUserNamespace, renderValueLine } from '../../src/compression/namespaces/user.ts';
import { dataFromJson } from '../../src/lisp/json.ts';
import { run } from '../../src/lisp/run.ts';
import type { Value } from '../../src/lisp/values.ts';

const LIMITS = { sampleLimit: 3, samplePrintableLimit: 80 };

function ev(src: string): Value {
  const r = run({ program: src });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Memory as the loop builds it: run definitions and keep their values and docstrings. */
function memoryOf(program: string): Map<string, MemoryEntry> {
  const r = run({ program });
  if (!r.ok) throw new Error(r.error.message);
  return new Map(r.defined.map((d) => [d.name, d]));
}

describe('comment alignment', () => {
  it('pads to 30 columns, always at least one space', () => {
    expect(padToComment('data/x')).toBe('data/x' + ' '.repeat(24));
    expect(padToComment('x'.repeat(29))).toHaveLength(30);
    expect(padToComment('x'.repeat(30))).toBe('x'.repeat(30) + ' ');
    expect(padToComment('x'.repeat(45))).toBe('x'.repeat(45) + ' ');
  });
});

describe('tool/ section (C4)', () => {
  it('FMT-001 header', () => expect(TOOL_HEADER).toBe(';; === tool/ ==='));
  it('FMT-004 entry: call form padded to 30, then the signature as declared and the description', () => {
    expect(renderToolLine({ name: 'search', signature: '(query :string) -> [:map]' })).toBe('(tool/search query)           ; (query :string) -> [:map]');
    expect(renderToolLine({ name: 'search-reviews', signature: '(category :string) -> :string', description: 'Review summary' })).toBe(
      '(tool/search-reviews category) ; (category :string) -> :string -- Review summary',
    );
  });
  it('a tool without parameters shows (tool/NAME)', () => {
    expect(renderToolLine({ name: 'get-inventory', signature: '() -> :string' })).toBe('(tool/get-inventory)          ; () -> :string');
  });
  it('the output-only shorthand shows (tool/NAME) and the signature as declared', () => {
    expect(renderToolLine({ name: 'get-inventory', signature: '{count :int}' })).toBe('(tool/get-inventory)          ; {count :int}');
    expect(renderToolLine({ name: 'list-all', signature: '[:string]' })).toBe('(tool/list-all)               ; [:string]');
  });
  it('several parameters, in signature order', () => {
    expect(renderToolLine({ name: 'send-email', signature: '(to :string, subject :string, body :string) -> nil' })).toBe(
      '(tool/send-email to subject body) ; (to :string, subject :string, body :string) -> nil',
    );
  });
  it('descriptions and signatures stay on one line', () => {
    expect(renderToolLine({ name: 'f', signature: '(x :int)\n-> :int', description: 'Adds\n one' })).toBe(
      '(tool/f x)                    ; (x :int) -> :int -- Adds one',
    );
  });
  it('NS-012 the section lists tools in session order and is absent without tools', () => {
    expect(renderToolNamespace([])).toBeNull();
    expect(
      renderToolNamespace([
        { name: 'b', signature: '() -> :int' },
        { name: 'a', signature: '() -> :int' },
      ]),
    ).toBe([';; === tool/ ===', '(tool/b)                      ; () -> :int', '(tool/a)                      ; () -> :int'].join('\n'));
  });
});

describe('data/ section (C5)', () => {
  it('FMT-002 header', () => expect(DATA_HEADER).toBe(';; === data/ ==='));
  it('FMT-005 entry: data/NAME padded to 30, type and sample', () => {
    expect(renderDataLine('products', ev('[{:name "Laptop" :price 1200} {:name "Mouse" :price 25}]'), LIMITS)).toBe(
      'data/products                 ; list[2], sample: [{:name "Laptop" :price 1200} {:name "Mouse" :price 25}]',
    );
    expect(renderDataLine('limit', ev('10'), LIMITS)).toBe('data/limit                    ; integer, sample: 10');
  });
  it('nil and empty collections have no sample', () => {
    expect(renderDataLine('x', ev('nil'), LIMITS)).toBe('data/x                        ; nil');
    expect(renderDataLine('xs', ev('[]'), LIMITS)).toBe('data/xs                       ; list[0]');
    expect(renderDataLine('m', ev('{}'), LIMITS)).toBe('data/m                        ; map[0]');
  });
  it('NS-008 / TRN-001 / TRN-002 every input key appears in session order, samples cut by the printer with limit 3 and 80 characters', () => {
    const data = dataFromJson({ users: [1, 2, 3, 4, 5], config: { a: 1, b: 2, c: 3, d: 4 }, note: 'x'.repeat(100) });
    expect(renderDataNamespace(data, LIMITS)).toBe(
      [
        ';; === data/ ===',
        'data/users                    ; list[5], sample: [1 2 3 ...] (5 items, showing first 3)',
        'data/config                   ; map[4], sample: {:a 1 :b 2 :c 3 ...}',
        `data/note                     ; string, sample: "${'x'.repeat(80)}..."`,
      ].join('\n'),
    );
    expect(renderDataNamespace(new Map(), LIMITS)).toBeNull();
  });
});

describe('user/ section (C6)', () => {
  it('FMT-003 header', () => expect(USER_HEADER).toBe(';; === user/ (your prelude) ==='));
  it('FMT-008 function without docstring or return type', () => {
    const m = memoryOf('(defn add [a b] (+ a b))');
    expect(renderFunctionLine(m.get('add') as MemoryEntry)).toBe('(add [a b])');
  });
  it('FMT-007 function with docstring', () => {
    const m = memoryOf('(defn fetch-users "Fetches users by category" [category] [])');
    expect(renderFunctionLine(m.get('fetch-users') as MemoryEntry)).toBe('(fetch-users [category])      ; "Fetches users by category"');
  });
  it('FMT-006 function with docstring and return type', () => {
    const m = memoryOf('(defn fetch-users "Fetches users" [category] [])');
    const entry = { ...(m.get('fetch-users') as MemoryEntry), returnType: 'list[0]' };
    expect(renderFunctionLine(entry)).toBe('(fetch-users [category])      ; "Fetches users" -> list[0]');
  });
  it('return type without docstring: (NAME [PARAMS]) -> TYPE', () => {
    const m = memoryOf('(defn total [xs] (reduce + xs))');
    expect(renderFunctionLine({ ...(m.get('total') as MemoryEntry), returnType: 'integer' })).toBe('(total [xs]) -> integer');
  });
  it('variadic, multi-arity and parameterless functions', () => {
    const m = memoryOf('(defn v [a & more] a) (defn multi ([x] x) ([x y] y)) (defn none [] 1) (def g (fn [q] q))');
    expect(renderFunctionLine(m.get('v') as MemoryEntry)).toBe('(v [a & more])');
    expect(renderFunctionLine(m.get('multi') as MemoryEntry)).toBe('(multi [x] [x y])');
    expect(renderFunctionLine(m.get('none') as MemoryEntry)).toBe('(none [])');
    expect(renderFunctionLine(m.get('g') as MemoryEntry)).toBe('(g [q])');
  });
  it('FMT-009 value with sample', () => {
    const m = memoryOf('(def users [{:name "Alice" :email "a@x.io"} {:name "Bob"}])');
    expect(renderValueLine(m.get('users') as MemoryEntry, true, LIMITS)).toBe(
      'users                         ; = list[2], sample: [{:name "Alice" :email "a@x.io"} {:name "Bob"}]',
    );
  });
  it('FMT-010 value without sample (samples off)', () => {
    const m = memoryOf('(def users [1 2])');
    expect(renderValueLine(m.get('users') as MemoryEntry, false, LIMITS)).toBe('users                         ; = list[2]');
  });
  it('DEF-003 (def x nil) shows the type only', () => {
    expect(renderValueLine(memoryOf('(def x nil)').get('x') as MemoryEntry, true, LIMITS)).toBe('x                             ; = nil');
  });
  it('DEF-004 (def x []) shows list[0] without a sample', () => {
    expect(renderValueLine(memoryOf('(def x [])').get('x') as MemoryEntry, true, LIMITS)).toBe('x                             ; = list[0]');
  });
  it('DEF-005 def docstrings: "DOC" = TYPE, sample', () => {
    const m = memoryOf('(def users "Active users from API" [{:name "Alice"}])');
    expect(renderValueLine(m.get('users') as MemoryEntry, true, LIMITS)).toBe(
      'users                         ; "Active users from API" = list[1], sample: [{:name "Alice"}]',
    );
    expect(renderValueLine(m.get('users') as MemoryEntry, false, LIMITS)).toBe('users                         ; "Active users from API" = list[1]');
  });
  it('DEF-007 semicolons are removed from docstrings', () => {
    const m = memoryOf('(defn f "first; second;; third" [] 1) (def v "a;b" 1)');
    expect(renderFunctionLine(m.get('f') as MemoryEntry)).toBe('(f [])                        ; "first second third"');
    expect(renderValueLine(m.get('v') as MemoryEntry, true, LIMITS)).toBe('v                             ; "ab" = integer, sample: 1');
  });
  it('functions first, then values, each in order of first definition (DEF-009)', () => {
    const m = memoryOf('(def b 2) (defn g [] 1) (def a 1) (defn f [] 2)');
    expect(renderUserNamespace(m, true, LIMITS)).toBe(
      [
        ';; === user/ (your prelude) ===',
        '(g [])',
        '(f [])',
        'b                             ; = integer, sample: 2',
        'a                             ; = integer, sample: 1',
      ].join('\n'),
    );
  });
  it('NS-010 nothing defined: no section', () => expect(renderUserNamespace(new Map(), true, LIMITS)).toBeNull());
});
