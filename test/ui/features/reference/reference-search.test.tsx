// The reference search on its own (pure): aliases beside their entry, every word of the query must
// appear, exact name matches and their area first, the areas' order otherwise.
import { describe, expect, it } from 'vitest';
import type { RefEntry } from '../../../../src/lisp/reference/index.ts';
import { referenceEntries } from '../../../../src/lisp/reference/index.ts';
import { callShape } from '../../../../src/ui/features/reference/ReferenceEntry.tsx';
import { AREAS, indexReference, searchReference } from '../../../../src/ui/features/reference/reference-search.ts';

const entry = (name: string, area: RefEntry['area'], doc: string, more: Partial<RefEntry> = {}): RefEntry => ({
  name,
  kind: 'function',
  arities: ['[x]'],
  doc,
  area,
  examples: [{ code: `(${name} 1)`, result: '1' }],
  ...more,
});

const ENTRIES: RefEntry[] = [
  entry('count', 'collections', 'How many items a collection holds'),
  entry('join', 'strings', 'Join the items into a string, with an optional separator'),
  entry('str/join', 'strings', 'Join the items into a string, with an optional separator', {
    aliasOf: 'join',
    examples: [{ code: '(str/join 1)', result: '1' }],
  }),
  entry('clojure.string/join', 'strings', 'Join the items into a string, with an optional separator', { aliasOf: 'join' }),
  entry('keys', 'maps', 'The keys of a map'),
  entry('orphan/x', 'math', 'An alias of a name the reference lacks', { aliasOf: 'nowhere' }),
];

const names = (query: string) => searchReference(indexReference(ENTRIES), query).map((g) => [g.area, g.hits.map((h) => h.entry.name)]);

describe('searchReference', () => {
  it('lists every entry for an empty query, aliases beside their entry, in the areas order', () => {
    expect(names('')).toEqual([
      ['collections', ['count']],
      ['maps', ['keys']],
      ['strings', ['join']],
      ['math', ['orphan/x']],
    ]);
    const join = searchReference(indexReference(ENTRIES), '')[2].hits[0];
    expect(join.aliases).toEqual(['str/join', 'clojure.string/join']);
    expect(join.via).toBeNull();
  });

  it('finds an alias, says which, and shows its example first', () => {
    const [group] = searchReference(indexReference(ENTRIES), '  STR/JOIN ');
    expect(group.area).toBe('strings');
    const [hit] = group.hits;
    expect(hit.entry.name).toBe('join');
    expect(hit.via?.name).toBe('str/join');
    expect(hit.exact).toBe(true);
    expect(hit.examples.map((e) => e.code)).toEqual(['(str/join 1)']);
    // The entry's own name matches as well as any alias: no alias is named.
    expect(searchReference(indexReference(ENTRIES), 'join')[0].hits[0].via).toBeNull();
  });

  it('needs every word, in any case, in the name, aliases, doc or details', () => {
    expect(names('items OPTIONAL')).toEqual([['strings', ['join']]]);
    expect(names('items')).toEqual([
      ['collections', ['count']],
      ['strings', ['join']],
    ]);
    expect(names('items nothing-like-it')).toEqual([]);
  });

  it('puts the area of an exact match first, and the exact match first in it', () => {
    const items = indexReference([...ENTRIES, entry('keyset', 'collections', 'keys as a set'), entry('key', 'maps', 'The key of a map entry')]);
    expect(searchReference(items, 'key').map((g) => [g.area, g.hits.map((h) => h.entry.name)])).toEqual([
      ['maps', ['key', 'keys']],
      ['collections', ['keyset']],
    ]);
  });

  it('has every area of the real reference, each entry once', () => {
    const all = referenceEntries();
    const groups = searchReference(indexReference(all), '');
    expect(groups.map((g) => g.area).sort()).toEqual([...new Set(all.map((e) => e.area))].sort());
    expect(AREAS.length).toBe(new Set(AREAS.map(([a]) => a)).size);
    expect(groups.reduce((n, g) => n + g.hits.length, 0)).toBe(all.filter((e) => e.aliasOf === undefined).length);
  });
});

describe('callShape', () => {
  it('writes a parameter vector as a call', () => {
    expect(callShape('join', '[sep coll]')).toBe('(join sep coll)');
    expect(callShape('rand', '[]')).toBe('(rand)');
    expect(callShape('->>', '[x & forms]')).toBe('(->> x & forms)');
  });
});
