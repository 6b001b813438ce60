// The session file's text in pieces: joined, the pieces are exactly what serializeSession writes,
// whatever the session holds (strings that look like the file's own lines, large data cut out of
// the head, unknown fields after the turns, branches), both as made from the whole session and as
// the engine makes them one turn at a time.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filePieces } from '../../src/session/file-pieces.ts';
import { cutHead, HEAD_DATA_CUT, joinFileText, turnPiece } from '../../src/session/file-text.ts';
import { parseSession, serializeSession, type Session } from '../../src/session/session-file.ts';
import { SESSION_FIELDS } from '../../src/session/schema.ts';
import { Engine } from '../../src/worker/engine.ts';
import { SavedPieces } from '../../src/worker/saved-text.ts';

/** The default example run to its end, as a session file's JSON (three turns). */
function ranExample(name: string): Record<string, unknown> {
  const engine = new Engine();
  const opened = engine.open(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'));
  if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('\n'));
  while (engine.view().status === 'running') {
    const r = engine.stepTurn(undefined);
    if (!r.ok) throw new Error(r.error);
  }
  return JSON.parse(engine.exportSession()) as Record<string, unknown>;
}

const BASES = ['reviews-and-inventory.json', 'products-exploration.json', 'failed-turn-recovery.json'].map(ranExample);

/** Strings that look like the file's own structure, and others. */
const tricky = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('\n  "turns": []', '"turns": []', '\n  "data": ', '\n}', ',\n  ', '    ', '\\n  "x"', '\u2028\u2029', '💥'),
);

/** Data: small JSON, or one value large enough to be cut out of the head. */
const data = fc.oneof(
  fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
  fc.record({ big: fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(Math.ceil((HEAD_DATA_CUT + 10) / s.length))) }),
);

/** Top-level fields this build does not know (kept, written after the known ones). */
const extra = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !(SESSION_FIELDS as readonly string[]).includes(k) && k !== '__proto__'),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

const session = fc
  .record({
    base: fc.constantFrom(...BASES),
    title: tricky,
    mission: tricky,
    description: fc.option(tricky, { nil: undefined }),
    data,
    extra,
    keepTurns: fc.nat({ max: 3 }),
    // Calls kept from a run before a Reset: a field before the turns, whose text may look like the file's lines too.
    previousRunCalls: fc.array(
      fc.record({
        name: fc.constantFrom('lookup', 'add'),
        args: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 2 }),
        result: tricky,
        durationMs: fc.nat(),
        server: tricky,
      }),
      { maxLength: 2 },
    ),
  })
  .map(({ base, title, mission, description, data, extra, keepTurns, previousRunCalls }): Session | null => {
    const turns = (base.turns as unknown[]).slice(0, keepTurns);
    // Data the example's tools and turns never read: the turns stay valid, their messages may not render the same.
    const file = {
      ...extra,
      ...base,
      title: title || 'untitled',
      mission: mission || 'a mission',
      ...(description !== undefined ? { description } : {}),
      data: { ...(base.data as object), extraData: data },
      ...(previousRunCalls.length > 0 ? { previousRunCalls } : {}),
      turns,
    };
    const r = parseSession(file);
    return r.ok ? r.session : null;
  })
  .filter((s): s is Session => s !== null);

describe('the session file in pieces', () => {
  it('joined, the pieces of any session are the file serializeSession writes', () => {
    fc.assert(
      fc.property(session, (s) => {
        expect(joinFileText(filePieces(s))).toBe(serializeSession(s));
      }),
      { numRuns: 60 },
    );
  });

  it("joined, the engine's pieces, made one turn at a time, are the same file", () => {
    fc.assert(
      fc.property(session, (s) => {
        const pieces = new SavedPieces();
        // Turn by turn, as Steps record them, then the whole run.
        for (let n = 0; n <= s.turns.length; n++) pieces.text(s, s.turns.slice(0, n));
        expect(joinFileText(pieces.text(s, s.turns))).toBe(serializeSession(s));
      }),
      { numRuns: 40 },
    );
  });

  it('large data leaves the head and comes back whole', () => {
    const s = parseSession({ ...BASES[0], data: { big: 'x'.repeat(HEAD_DATA_CUT) } });
    if (!s.ok) throw new Error(s.errors.join('\n'));
    const full = serializeSession(s.session);
    const pieces = filePieces(s.session);
    expect(pieces.dataText).toBe(JSON.stringify({ big: 'x'.repeat(HEAD_DATA_CUT) }, null, 2));
    expect(pieces.head.length).toBeLessThan(full.length - HEAD_DATA_CUT);
    expect(joinFileText(pieces)).toBe(full);
    expect(cutHead(full).dataText).toBe(pieces.dataText);
  });

  it('a turn piece is its JSON two levels in', () => {
    expect(turnPiece({ a: [1, 'two\nlines'] })).toBe('    {\n      "a": [\n        1,\n        "two\\nlines"\n      ]\n    }');
  });
});

it('the generated sessions are varied: most parse, some have large data, some unknown fields, some no turns', () => {
  const sample = fc.sample(session, 200);
  expect(sample.length).toBe(200);
  expect(sample.filter((s) => filePieces(s).dataAt !== undefined).length).toBeGreaterThan(20);
  expect(sample.filter((s) => s.extra !== undefined && s.extra.size > 0).length).toBeGreaterThan(20);
  expect(sample.filter((s) => s.turns.length === 0).length).toBeGreaterThan(10);
});
