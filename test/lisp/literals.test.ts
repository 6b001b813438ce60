// Literals as the specification's grammar has them: integer literals of at most 100 digits, no N or M
// suffixes, keywords of letters, digits and + - * < > = ? ! _ (no namespace), and map and set
// literals that keep one entry per key (the later value wins), however many repeats they hold.
// Also (keyword s), which makes keywords of names only.
import { describe, expect, it } from 'vitest';
import { MAX_LITERAL_DIGITS } from '../../src/lisp/reader.ts';
import { errors, ev, parseError, table } from './helpers.ts';

const digits = (n: number): string => '9'.repeat(n);

describe('number literals', () => {
  it('reads integers of up to 100 digits, exactly', () => {
    expect(MAX_LITERAL_DIGITS).toBe(100);
    expect(ev(digits(100))).toBe(digits(100));
    expect(ev('-' + digits(100))).toBe('-' + digits(100));
    expect(ev(`(inc ${digits(100)})`)).toBe('1' + '0'.repeat(100));
  });

  it('refuses an integer literal of 101 digits or more, naming the limit, at read time', () => {
    for (const src of [digits(101), '-' + digits(101), digits(101) + '.5', `(inc ${digits(5000)})`, `[1 2 ${digits(1_000_000)}]`]) {
      const e = parseError(src);
      expect(e.type).toBe('parse_error');
      expect(e.message).toMatch(/digits are more than the 100 a literal may have/);
      // The literal is cut in the message: a million digits must not make a message of a million.
      expect(e.message.length).toBeLessThan(300);
    }
  });

  it('locates the refused literal', () => {
    const e = parseError(`(+ 1\n   ${digits(101)})`);
    expect([e.line, e.column]).toEqual([2, 4]);
  });

  it('reads a computed integer past 100 digits: the limit is on literals only', () => {
    expect(ev(`(* ${digits(100)} ${digits(100)})`).length).toBe(200);
  });
});

errors('literal spellings the specification does not have', [
  ['1N', 'parse_error', /N suffix is not supported.*write 1$/],
  ['[12345678901234567890N]', 'parse_error', /N suffix/],
  ['1.5M', 'parse_error', /BigDecimal/],
  ['2M', 'parse_error', /BigDecimal/],
  ['0x1F', 'parse_error', /hexadecimal/],
  ['1/3', 'parse_error', /ratios/],
  [':foo/bar', 'parse_error', /^Invalid keyword :foo\/bar: namespaced keywords are not supported; write :foo-bar or use a string key/],
  ['{:user/id 1}', 'parse_error', /namespaced/],
  [':a.b', 'parse_error', /letters, digits and \+ - \* < > = \? ! _/],
  [':a%', 'parse_error'],
  [':a&b', 'parse_error'],
  [":a'", 'parse_error'],
  [`:${'x'.repeat(100_000)}/y`, 'parse_error', /^Invalid keyword :x{57}\.\.\.: namespaced keywords are not supported; use a string key/],
]);

table('keyword literals of the grammar', [
  [':name', ':name'],
  [':user-id', ':user-id'],
  [':valid?', ':valid?'],
  [':a_b!', ':a_b!'],
  [':1', ':1'],
  [':+', ':+'],
  [':<=', ':<='],
  [':*x*', ':*x*'],
  [':größe', ':größe'],
]);

errors('a map literal that writes a key twice is refused before the program runs', [
  ['{:a 1 :a 2}', 'duplicate_key', /^Duplicate key :a in a map literal/],
  ['(do (tool/never-called) {:a 1 :b 2 :a 3})', 'duplicate_key'],
  ['{"k" 1 "k" 2}', 'duplicate_key'],
  ['(let [a 1] {a 1 a 2})', 'duplicate_key', /^Duplicate key a /],
  ['{nil 1 nil 2}', 'duplicate_key'],
]);

table('keys computed when the map is built, and set literals, keep one entry per key (the later value wins)', [
  ['#{1 1 2}', '#{1 2}'],
  ['(count #{:a :a :a})', '1'],
  ['(let [a 1 b 1] #{a b})', '#{1}'],
  ['(let [k :a] {k 1 :a 2})', '{:a 2}'],
  ['{1 :int 1.0 :float}', '{1 :int 1.0 :float}'],
  ['(count #{1 1.0})', '2'],
  ['{"a" 1 :a 2}', '{"a" 1 :a 2}'],
  ['{[1 2] :x [1 2] :y}', '{[1 2] :y}'],
]);

table('keyword makes keywords of names: a letter, then letters, digits, - _ ? !', [
  ['(keyword "status")', ':status'],
  ['(keyword "user-id")', ':user-id'],
  ['(keyword "valid?")', ':valid?'],
  ['(keyword "a_1!")', ':a_1!'],
  ['(keyword "größe")', ':größe'],
  ['(keyword :a)', ':a'],
  ['(keyword nil)', 'nil'],
]);

errors('keyword refuses what is not such a name', [
  ['(keyword "a b")', 'type_error', /"a b": a keyword name starts with a letter.*a string can be a map key/],
  ['(keyword "")', 'type_error', /cannot be empty/],
  ['(keyword "a/b")', 'type_error', /namespaced/],
  ['(keyword ":a")', 'type_error', /without its colon/],
  ['(keyword "+")', 'type_error'],
  ['(keyword "a*b")', 'type_error'],
  ['(keyword "a.b")', 'type_error'],
  ['(keyword "1a")', 'type_error'],
  ['(keyword "_x")', 'type_error'],
  ['(keyword ##Inf)', 'type_error'],
  ['(keyword 1)', 'type_error'],
]);
