// The delta protocol between the worker and the page: the saved text in pieces (the same characters
// serializeSession writes, messages the definition renders again left out), and patches that carry only what changed, rebuilt into the whole view.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { samePieces, sessionTextOf } from '../../src/ui/engine/session-text.ts';
import { SyncedApi, type EngineRemote } from '../../src/ui/engine/synced-api.ts';
import { parseSession, serializeSession } from '../../src/session/session-file.ts';
import { Engine, type View } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';
import { joinFileText } from '../../src/session/file-text.ts';
import { applyPatch, knownOf, type ViewPatch } from '../../src/worker/view-patch.ts';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const exampleNames = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
const example = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');

function opened(text: string): Engine {
  const engine = new Engine();
  const r = engine.open(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('; '));
  return engine;
}

/** The whole view as the page would hold it: the engine's view with its saved pieces. */
function withSaved(engine: Engine, view: View): View {
  return { ...view, saved: engine.savedText() };
}

describe('the saved text in pieces', () => {
  it.each(exampleNames)('%s: joined, it is the exported file, at every turn', (name) => {
    const engine = opened(example(name));
    for (;;) {
      const text = joinFileText(engine.savedText());
      const parsed = parseSession(text);
      if (!parsed.ok) throw new Error(parsed.errors.join('; '));
      expect(text).toBe(engine.exportSession());
      expect(text).toBe(serializeSession(parsed.session));
      expect(opened(text).exportSession()).toBe(engine.exportSession());
      const r = engine.stepTurn();
      if (!r.ok || r.view.status !== 'running') break;
    }
    expect(engine.savedText().turns.length).toBeGreaterThan(0);
  });

  it('keeps unknown top-level fields after the turns, as serializeSession does', () => {
    const json = { ...(JSON.parse(example('long-run-overflow.json')) as Record<string, unknown>), zzExtra: { nested: ['a', 1] } };
    const engine = opened(JSON.stringify(json));
    engine.stepTurn();
    const text = joinFileText(engine.savedText());
    const parsed = parseSession(text);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(text).toBe(serializeSession(parsed.session));
    expect(text).toMatch(/"turns": \[\n[\s\S]*\n {2}\],\n {2}"zzExtra"/);
  });

  it('pieces compare without joining: equal strings are the same text', () => {
    const a = { head: 'h', turns: ['t1', 't2'] };
    expect(samePieces(a, { head: 'h', turns: ['t1', 't2'] })).toBe(true);
    expect(samePieces(a, { head: 'h', turns: ['t1'] })).toBe(false);
    expect(samePieces(a, { head: 'H', turns: ['t1', 't2'] })).toBe(false);
    expect(samePieces(a, null)).toBe(false);
  });

  it('with no turns it is the head itself', () => {
    expect(joinFileText({ head: 'x\n  "turns": []\n}\n', turns: [] })).toBe('x\n  "turns": []\n}\n');
  });
});

describe('view patches', () => {
  const host = () => new PageApi(new Engine());

  it('the first view is whole; a Step sends the new turn and its piece only; a turn switch sends no turn', async () => {
    const h = host();
    const r = h.open(example('long-run-overflow.json'));
    if (!r.ok) throw new Error('not opened');
    expect(r.view.turnsFrom).toBe(0);
    expect(r.view.setup).toBeDefined();
    expect(r.view.saved.head).toBeDefined();
    let page = applyPatch(null, r.view);
    expect(page).toEqual(withSaved(h.engine, h.engine.view()));

    for (let n = 1; n <= 3; n++) {
      const s = await h.stepTurn(undefined, {}, undefined, knownOf(page));
      if (!s.ok) throw new Error(s.error);
      expect([s.view.turnsFrom, s.view.turns.map((t) => t.number)]).toEqual([n - 1, [n]]);
      expect(s.view.setup).toBeUndefined();
      expect(s.view.saved.head).toBeUndefined();
      expect([s.view.saved.turnsFrom, s.view.saved.turns.length]).toEqual([n - 1, 1]);
      const before = page;
      page = applyPatch(page, s.view);
      expect(page).toEqual(withSaved(h.engine, h.engine.view()));
      // What did not change is the page's own object (memoized components keep it).
      expect(page.turns[0]).toBe(before.turns[0] ?? page.turns[0]);
      expect(page.setup.definition).toBe(before.setup.definition);
    }

    const sw = h.view({ selected: 1 }, knownOf(page));
    expect([sw.turnsFrom, sw.turns, sw.saved.turns, sw.setup, sw.saved.head]).toEqual([3, [], [], undefined, undefined]);
    const switched = applyPatch(page, sw);
    expect(switched).toEqual(withSaved(h.engine, h.engine.view({ selected: 1 })));
    expect(switched.turns).toBe(page.turns);
    expect(switched.saved?.turns).toBe(page.saved?.turns);
  });

  it('an edit that renders the same sends the definition and the head again, not the turns', async () => {
    const h = host();
    const r = h.open(example('long-run-overflow.json'));
    if (!r.ok) throw new Error('not opened');
    let page = applyPatch(null, r.view);
    const s = await h.stepTurn(undefined, {}, undefined, knownOf(page));
    page = applyPatch(page, s.view);
    const e = h.setDefinition({ ...page.setup.definition, title: 'Edited' }, knownOf(page));
    if (!e.ok) throw new Error(e.problems.map((p) => p.text).join('; '));
    expect(e.view.setup?.definition.title).toBe('Edited');
    expect(e.view.saved.head).toContain('"title": "Edited"');
    expect([e.view.turns, e.view.saved.turns]).toEqual([[], []]);
    page = applyPatch(page, e.view);
    expect(page).toEqual(withSaved(h.engine, h.engine.view()));
    expect(sessionTextOf(page)).toBe(h.engine.exportSession());
  });

  it('an edit that renders differently sends every piece again: earlier turns keep their messages', async () => {
    const h = host();
    const r = h.open(example('long-run-overflow.json'));
    if (!r.ok) throw new Error('not opened');
    let page = applyPatch(null, r.view);
    for (let n = 0; n < 2; n++) page = applyPatch(page, (await h.stepTurn(undefined, {}, undefined, knownOf(page))).view);
    // Recorded under the first mission, a turn's messages are rendered again and left out.
    expect(page.saved?.turns.every((t) => !t.includes('"messages"') && t.includes('"messagesHash"'))).toBe(true);
    const rev = page.saved?.rev;
    const e = h.setDefinition({ ...page.setup.definition, mission: 'Edited.' }, knownOf(page));
    if (!e.ok) throw new Error(e.problems.map((p) => p.text).join('; '));
    expect([e.view.turns, e.view.saved.turnsFrom, e.view.saved.turns.length]).toEqual([[], 0, 2]);
    expect(e.view.saved.rev).not.toBe(rev);
    page = applyPatch(page, e.view);
    expect(page).toEqual(withSaved(h.engine, h.engine.view()));
    // The new mission renders them differently: what was sent is kept whole.
    expect(page.saved?.turns.every((t) => t.includes('"messages"'))).toBe(true);
    expect(sessionTextOf(page)).toBe(h.engine.exportSession());
    // The next Step sends its own piece only, left out again (it was rendered under the new mission).
    const s = await h.stepTurn(undefined, {}, undefined, knownOf(page));
    expect([s.view.saved.turnsFrom, s.view.saved.turns.length]).toEqual([2, 1]);
    expect(s.view.saved.turns[0]).toContain('"messagesHash"');
    page = applyPatch(page, s.view);
    expect(sessionTextOf(page)).toBe(h.engine.exportSession());
  });

  it('a reset or another session is a new epoch: everything is sent again', async () => {
    const h = host();
    const r = h.open(example('long-run-overflow.json'));
    if (!r.ok) throw new Error('not opened');
    let page = applyPatch(null, r.view);
    page = applyPatch(page, (await h.stepTurn(undefined, {}, undefined, knownOf(page))).view);
    const reset = h.reset({}, knownOf(page));
    expect(reset.epoch).not.toBe(page.epoch);
    expect(reset.turnsFrom).toBe(0);
    // A new run writes its pieces afresh (its writer counts what it leaves out from zero).
    expect(reset.saved.rev).not.toBe(page.saved?.rev);
    page = applyPatch(page, reset);
    expect(page.turns).toEqual([]);
    expect(page).toEqual(withSaved(h.engine, h.engine.view()));
    const other = h.open(example('reviews-and-inventory.json'), knownOf(page));
    if (!other.ok) throw new Error('not opened');
    expect(other.view.setup).toBeDefined();
    page = applyPatch(page, other.view);
    expect(page).toEqual(withSaved(h.engine, h.engine.view()));
  });

  it('a patch asked against another engine is whole (a restarted worker never continues the old view)', () => {
    const a = host();
    const b = host();
    const ra = a.open(example('long-run-overflow.json'));
    const rb = b.open(example('long-run-overflow.json'));
    if (!ra.ok || !rb.ok) throw new Error('not opened');
    const page = applyPatch(null, ra.view);
    const fromB = b.view({}, knownOf(page));
    expect(fromB.setup).toBeDefined();
    expect(fromB.saved.head).toBeDefined();
  });

  it('a patch that does not fit the view it is applied to is refused', async () => {
    const h = host();
    const r = h.open(example('long-run-overflow.json'));
    if (!r.ok) throw new Error('not opened');
    let page = applyPatch(null, r.view);
    page = applyPatch(page, (await h.stepTurn(undefined, {}, undefined, knownOf(page))).view);
    const p: ViewPatch = h.view({}, knownOf(page));
    expect(() => applyPatch(null, p)).toThrow(/does not fit/);
  });
});

describe('SyncedApi (the page side)', () => {
  it('gives whole views, the same as the engine, while the worker sends patches', async () => {
    const engine = new Engine();
    const host = new PageApi(engine);
    const sent: unknown[] = [];
    const remote = new Proxy(
      {},
      {
        get:
          (_t, name: string) =>
          (...args: unknown[]) =>
            Promise.resolve().then(() => {
              const out = (host as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...args);
              sent.push(out);
              return out;
            }),
      },
    ) as unknown as EngineRemote;
    const api = new SyncedApi(remote);
    const r = await api.open(example('reviews-and-inventory.json'));
    expect(r.ok && r.view).toEqual(withSaved(engine, engine.view()));
    const s = await api.stepTurn(undefined, {});
    expect(s.view).toEqual(withSaved(engine, engine.view()));
    const v = await api.view({ selected: 1 });
    expect(v).toEqual(withSaved(engine, engine.view({ selected: 1 })));
    expect((sent[sent.length - 1] as ViewPatch).turns).toEqual([]);
    expect(await api.reset()).toEqual(withSaved(engine, engine.view()));
  });

  it('does not send large data back as text when nobody edited it; an edited text goes', async () => {
    const engine = new Engine();
    const host = new PageApi(engine);
    const args: unknown[][] = [];
    const remote = new Proxy(
      {},
      {
        get:
          (_t, name: string) =>
          (...a: unknown[]) => {
            if (name === 'setDefinition') args.push(a);
            return Promise.resolve((host as unknown as Record<string, (...x: unknown[]) => unknown>)[name](...a));
          },
      },
    ) as unknown as EngineRemote;
    const api = new SyncedApi(remote);
    const file = JSON.parse(example('reviews-and-inventory.json')) as { data: Record<string, unknown> };
    file.data.rows = Array.from({ length: 5000 }, (_, i) => ({ i, text: `row ${i}` }));
    const r = await api.open(JSON.stringify(file));
    if (!r.ok) throw new Error('not opened');
    const def = r.view.setup.definition;
    expect(def.dataText).toBeDefined();
    const renamed = await api.setDefinition({ ...def, title: 'Renamed' });
    expect(renamed.ok && renamed.view.setup.definition.dataText).toBe(def.dataText);
    expect(args[0][0]).not.toHaveProperty('dataText');
    const edited = def.dataText!.replace('"row 0"', '"row zero"');
    const e = await api.setDefinition({ ...def, dataText: edited });
    expect((args[1][0] as { dataText?: string }).dataText).toBe(edited);
    expect(e.ok && e.view.setup.definition.dataText).toBe(edited);
  });
});
