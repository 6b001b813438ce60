import { describe, expect, it } from 'vitest';
import { typeOf, isBlank } from '../../src/compression/type-vocabulary.ts';
import { run } from '../../src/lisp/run.ts';
import type { Value } from '../../src/lisp/values.ts';

function ev(src: string): Value {
  const r = run({ program: src });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const label = (src: string): string => typeOf(ev(src));

describe('type vocabulary (C13)', () => {
  it('TYP-001 empty vector and list → list[0]', () => {
    expect(label('[]')).toBe('list[0]');
    expect(label("'()")).toBe('list[0]');
  });
  it('TYP-002 non-empty vector and list → list[N]', () => {
    expect(label('[1 2 3]')).toBe('list[3]');
    expect(label('(list 1 2)')).toBe('list[2]');
    expect(label('(map inc [1 2 3 4])')).toBe('list[4]');
  });
  it('TYP-003 empty map → map[0]', () => expect(label('{}')).toBe('map[0]'));
  it('TYP-004 map → map[N] with N keys', () => expect(label('{:a 1 "b" 2 [1] 3}')).toBe('map[3]'));
  it('TYP-005 string', () => {
    expect(label('"hello"')).toBe('string');
    expect(label('\\a')).toBe('string');
  });
  it('TYP-006 integer, including big integers', () => {
    expect(label('42')).toBe('integer');
    expect(label('(* 9007199254740993 10)')).toBe('integer');
  });
  it('TYP-007 float, including integral floats and the IEEE specials', () => {
    expect(label('3.14')).toBe('float');
    expect(label('2.0')).toBe('float');
    expect(label('##Inf')).toBe('float');
    expect(label('##NaN')).toBe('float');
    expect(label('(/ 10 4)')).toBe('float');
  });
  it('TYP-008 boolean', () => {
    expect(label('true')).toBe('boolean');
    expect(label('false')).toBe('boolean');
  });
  it('TYP-009 keyword', () => expect(label(':active')).toBe('keyword'));
  it('TYP-010 nil', () => expect(label('nil')).toBe('nil'));
  it('TYP-011 functions → #fn[...]', () => {
    expect(label('(fn [x] x)')).toBe('#fn[...]');
    expect(label('inc')).toBe('#fn[...]');
    expect(label('#(+ % 1)')).toBe('#fn[...]');
  });
  it('TYP-012 set → set[N]', () => {
    expect(label('#{1 2 3}')).toBe('set[3]');
    expect(label('#{}')).toBe('set[0]');
  });
  it('regex and anything else', () => {
    expect(label('#"a+"')).toBe('regex');
  });
  it('nil and empty collections are blank (no sample)', () => {
    for (const src of ['nil', '[]', '{}', '#{}', "'()"]) expect(isBlank(ev(src))).toBe(true);
    for (const src of ['0', '""', 'false', '[nil]', '{:a nil}']) expect(isBlank(ev(src))).toBe(false);
  });
});
