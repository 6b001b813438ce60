// Large data leaves the session head the page holds: the page keeps the data once (as the text its
// editor shows, the view definition's `dataText`, never parsed) and writes it back into the file's
// text only when it saves or restarts; the text is then the same characters the engine writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSession, serializeSession } from '../../src/session/session-file.ts';
import { samePieces, sessionTextOf } from '../../src/ui/engine/session-text.ts';
import { Engine } from '../../src/worker/engine.ts';
import { joinFileText } from '../../src/session/file-text.ts';
import { dataRange, dataTextIn, HEAD_DATA_CUT } from '../../src/session/file-text.ts';
import { applyPatch, knownOf, makePatch } from '../../src/worker/view-patch.ts';

function largeSession(): string {
  const file = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8')) as { data: Record<string, unknown> };
  // Strings with quotes, escapes, a newline and non-ASCII; numbers written as floats and integers.
  file.data.big = Array.from({ length: Math.ceil(HEAD_DATA_CUT / 40) }, (_, i) => ({ i, price: i + 0.5, note: `row "${i}"\n\u00e9\u{1F600}\\`, tags: [] }));
  file.data.zero = { a: -0, b: 1e21, c: [] };
  return JSON.stringify(file);
}

describe('the head the page holds', () => {
  it('leaves out large data and gives the same text back, before and after turns and edits', () => {
    const engine = new Engine();
    const r = engine.open(largeSession());
    if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('; '));
    const first = applyPatch(null, makePatch(r.view, engine.savedText(), undefined));
    expect(first.saved?.dataAt).toBeGreaterThan(0);
    expect(first.setup.definition.data).toBeUndefined();
    expect(first.saved?.dataText).toBe(first.setup.definition.dataText);
    expect(first.setup.definition.dataText?.length).toBe(first.setup.dataChars);
    expect(first.saved!.head.length).toBeLessThan(joinFileText(engine.savedText()).length - HEAD_DATA_CUT);
    // The engine keeps the head cut too: the data once, as text.
    expect(engine.savedText().dataText).toBe(first.setup.definition.dataText);
    expect(sessionTextOf(first)).toBe(joinFileText(engine.savedText()));

    // A Step: the head is not sent again; the page's text follows the engine's.
    const s = engine.stepTurn();
    const stepped = applyPatch(first, makePatch(s.view, engine.savedText(), knownOf(first)));
    expect(stepped.saved?.head).toBe(first.saved?.head);
    expect(stepped.saved?.dataText).toBe(first.saved?.dataText);
    expect(sessionTextOf(stepped)).toBe(joinFileText(engine.savedText()));
    expect(samePieces(stepped.saved!, first.saved!)).toBe(false);

    // A data edit: the same head without its data, other data, so other pieces.
    const data = JSON.parse(stepped.setup.definition.dataText ?? '') as Record<string, unknown>;
    const { dataText: _text, ...rest } = stepped.setup.definition;
    const e = engine.setDefinition({ ...rest, data: { ...(data as typeof rest.data), added: 1 } });
    if (!e.ok) throw new Error(e.problems.map((p) => p.text).join('; '));
    const edited = applyPatch(stepped, makePatch(e.view, engine.savedText(), knownOf(stepped)));
    expect(samePieces(edited.saved!, { ...stepped.saved!, turns: edited.saved!.turns })).toBe(false);
    expect(sessionTextOf(edited)).toBe(joinFileText(engine.savedText()));
  });

  it("a definition sent back without its data keeps the data; as text, the text is read as a file's", () => {
    const engine = new Engine();
    const r = engine.open(largeSession());
    if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('; '));
    const exported = engine.exportSession();
    const { dataText, ...withoutData } = r.view.setup.definition;
    expect(dataText).toBeDefined();

    const kept = engine.setDefinition({ ...withoutData, title: 'Renamed' });
    if (!kept.ok) throw new Error(kept.problems.map((p) => p.text).join('; '));
    expect(kept.view.setup.definition.dataText).toBe(dataText);
    expect(engine.exportSession()).toBe(exported.replace(/"title": "[^"]*"/, '"title": "Renamed"'));

    // Integers past 2^53 and floats written as 1.0 stay as written (the lossless reader).
    const edited = `${dataText!.slice(0, -2)},\n  "exact": [9007199254740993, 1.0]\n}`;
    const e = engine.setDefinition({ ...withoutData, dataText: edited });
    if (!e.ok) throw new Error(e.problems.map((p) => p.text).join('; '));
    expect(e.view.setup.definition.dataText).toContain('9007199254740993');
    expect(e.view.setup.data.map((d) => d.name)).toContain('exact');

    const bad = engine.setDefinition({ ...withoutData, dataText: '{"a": [1, }' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems[0]).toMatchObject({ path: 'data', code: 'invalid_json', range: { line: 1, column: 11 } });
    // Nothing changed.
    expect(engine.view().setup.definition.dataText).toBe(e.view.setup.definition.dataText);
  });

  it('keeps small data in the head', () => {
    const engine = new Engine();
    const r = engine.open(readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8'));
    if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('; '));
    const view = applyPatch(null, makePatch(r.view, engine.savedText(), undefined));
    expect(view.saved?.dataAt).toBeUndefined();
    expect(view.saved?.head).toBe(engine.savedText().head);
  });
});

describe('the data cut out of a head as text (property)', () => {
  it('is what its editor shows (JSON with two spaces), and goes back into the head exactly', () => {
    const dataArb = fc.dictionary(
      fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/),
      fc.jsonValue({ maxDepth: 3 }).filter((v) => v !== null),
      { minKeys: 1, maxKeys: 4 },
    );
    fc.assert(
      fc.property(dataArb, fc.string(), (data, mission) => {
        const parsed = parseSession({ version: 2, mission: mission || 'm', llm: { provider: 'mock', replies: [] }, data });
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const head = serializeSession(parsed.session);
        const r = dataRange(head);
        expect(r).not.toBeNull();
        if (r === null) return;
        const text = dataTextIn(head, r);
        expect(text).toBe(JSON.stringify((JSON.parse(head) as { data: unknown }).data, null, 2));
        const cut = { head: head.slice(0, r.start) + head.slice(r.end), dataAt: r.start, dataText: text, turns: [] };
        expect(joinFileText(cut)).toBe(head);
      }),
      { numRuns: 200 },
    );
  });
});
