// The gallery fields of a session file: `description` and `tags`, read, written after the
// title, kept through share links and the worker's definition, refused by path when malformed, and a
// tag outside the vocabulary warned about, never refused.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink } from '../../src/session/link-codec.ts';
import { KNOWN_TAGS, TAG_VOCABULARY, unknownTagWarnings } from '../../src/session/gallery-fields.ts';
import { parseSession, serializeSession, type Session } from '../../src/session/session-file.ts';
import { Engine } from '../../src/worker/engine.ts';

const BASE = {
  version: 2,
  title: 'Gallery test',
  description: 'Shows a tool call and a println; look at the Whole run tab.',
  tags: ['tools', 'println'],
  mission: 'Find {{what}}',
  maxTurns: 5,
  compression: true,
  data: { what: 'laptops' },
  tools: [{ name: 'search', signature: '(q :string) -> :string', impl: '(fn [q] (str "found " q))' }],
  llm: { provider: 'mock', replies: ['```clojure\n(println (tool/search "x"))\n```'] },
  turns: [],
};

function opened(input: unknown): { session: Session; warnings: readonly string[] } {
  const r = parseSession(input);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r;
}

function errorsOf(patch: Record<string, unknown>): string[] {
  const r = parseSession({ ...BASE, ...patch });
  if (r.ok) throw new Error('expected the session to be refused');
  return r.errors;
}

describe('description and tags', () => {
  it('are read, and written right after the title', () => {
    const { session, warnings } = opened(BASE);
    expect(warnings).toEqual([]);
    expect(session.description).toBe(BASE.description);
    expect(session.tags).toEqual(['tools', 'println']);
    const text = serializeSession(session);
    expect(Object.keys(JSON.parse(text) as object).slice(0, 6)).toEqual(['version', 'language', 'title', 'description', 'tags', 'mission']);
    expect(text).toContain('"title": "Gallery test",\n  "description": "Shows a tool call');
    // Round trip: the text read back writes the same text.
    expect(serializeSession(opened(text).session)).toBe(text);
  });

  it('are optional: a session without them writes neither (no empty description, no empty list)', () => {
    const { description: _d, tags: _t, ...rest } = BASE;
    const { session } = opened(rest);
    expect(session.description).toBeUndefined();
    expect(session.tags).toBeUndefined();
    const json = JSON.parse(serializeSession(session)) as Record<string, unknown>;
    expect('description' in json || 'tags' in json).toBe(false);
    // An empty list is kept as given.
    expect(JSON.parse(serializeSession(opened({ ...BASE, tags: [] }).session)).tags).toEqual([]);
  });

  it('are not kept as unknown fields (extra)', () => {
    expect([...(opened(BASE).session.extra?.keys() ?? [])]).toEqual([]);
  });

  it('refuse bad types, each by its path', () => {
    expect(errorsOf({ description: 3 })).toEqual(['description: expected a string, got number 3']);
    expect(errorsOf({ tags: 'tools' })).toEqual(['tags: expected an array, got string "tools"']);
    expect(errorsOf({ tags: ['tools', 7] })).toEqual(['tags[1]: expected a string, got number 7']);
    expect(errorsOf({ tags: ['tools', 'Long Run'] })).toEqual([
      'tags[1]: not a tag: tags are lowercase words joined by hyphens, such as long-run (got "Long Run")',
    ]);
    expect(errorsOf({ tags: ['tools', 'println', 'tools'] })).toEqual(['tags[2]: duplicate tag "tools" (also tags[0])']);
    // Every problem at once, with the other fields'.
    expect(errorsOf({ description: null, tags: [''], maxTurns: 0 })).toEqual([
      'description: expected a string, got null',
      expect.stringMatching(/^tags\[0\]: not a tag/),
      'maxTurns: must be at least 1, got number 0',
    ]);
  });

  it('warn about a tag outside the vocabulary, and keep it', () => {
    const { session, warnings } = opened({ ...BASE, tags: ['tools', 'quantum'] });
    expect(session.tags).toEqual(['tools', 'quantum']);
    expect(warnings).toEqual([`tags[1]: unknown tag "quantum", kept (known tags: ${KNOWN_TAGS.join(', ')})`]);
    expect(JSON.parse(serializeSession(session)).tags).toEqual(['tools', 'quantum']);
  });

  it("have a vocabulary of lowercase words with a meaning each, the issue's five among them", () => {
    for (const t of ['tools', 'println', 'errors', 'limits', 'strategies', 'data', 'recovery', 'long-run']) expect(KNOWN_TAGS).toContain(t);
    for (const [t, meaning] of Object.entries(TAG_VOCABULARY)) {
      expect(t).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(meaning.length).toBeGreaterThan(10);
    }
    expect(unknownTagWarnings(undefined)).toEqual([]);
    expect(unknownTagWarnings(['constructor', 'toString'])).toHaveLength(2);
  });

  it('are kept through a share link, and a link warns about an unknown tag', () => {
    const { session } = opened({ ...BASE, tags: ['tools', 'quantum'] });
    const r = decodeLink(encodeLink(session));
    if (!r.ok) throw new Error(r.error);
    expect(r.session.description).toBe(BASE.description);
    expect(r.session.tags).toEqual(['tools', 'quantum']);
    expect(r.warnings).toEqual([expect.stringMatching(/^tags\[1\]: unknown tag "quantum"/)]);
    expect(serializeSession(r.session)).toBe(serializeSession(session));
  });

  it("are in the worker's definition and survive an edit made through it", () => {
    const engine = new Engine();
    const r = engine.open(JSON.stringify(BASE));
    if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
    expect(r.view.setup.definition.description).toBe(BASE.description);
    expect(r.view.setup.definition.tags).toEqual(BASE.tags);
    const edited = engine.setDefinition({ ...r.view.setup.definition, mission: 'Find {{what}} now' });
    if (!edited.ok) throw new Error(edited.problems.map((p) => p.text).join('\n'));
    expect(edited.view.setup.definition.tags).toEqual(BASE.tags);
    expect(edited.view.setup.definition.description).toBe(BASE.description);
    expect(engine.setDefinition({ ...r.view.setup.definition, tags: ['a b'] }).ok).toBe(false);
  });
});

describe('the bundled sessions', () => {
  const root = join(__dirname, '..', '..');
  const files = [
    ...readdirSync(join(root, 'examples')).map((f) => join('examples', f)),
    ...readdirSync(join(root, 'bench', 'sessions')).map((f) => join('bench', 'sessions', f)),
  ].filter((f) => f.endsWith('.json'));

  it.each(files)('%s has a title, a description paragraph and known tags', (file) => {
    const { session, warnings } = opened(readFileSync(join(root, file), 'utf8'));
    expect(warnings).toEqual([]);
    expect(session.title.trim()).not.toBe('');
    expect(session.description?.length ?? 0).toBeGreaterThan(80);
    expect(session.tags?.length ?? 0).toBeGreaterThanOrEqual(2);
  });
});
