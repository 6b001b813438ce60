import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeLink, fromBase64Url, MAX_LINK_LENGTH, toBase64Url } from '../../src/session/link-codec.ts';
import { parseSession } from '../../src/session/session-file.ts';
import { Engine, type View } from '../../src/worker/engine.ts';

/** The texts of the problems a refusal names (none when it opened). */
const refusals = (r: { ok: boolean; problems?: readonly { text: string }[] }) => (r.ok ? [] : (r.problems ?? []).map((p) => p.text));

/** Views of two engines compared: the epoch and definition revision count each engine's own changes. */
function sameEngine(key: string, x: unknown): unknown {
  return key === 'epoch' || key === 'definitionRev' ? undefined : x;
}

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const exampleNames = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));

function opened(text: string): Engine {
  const engine = new Engine();
  const r = engine.open(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return engine;
}

/** An example with every turn its mock replies give, stepped as the page steps them. */
function ranToEnd(name: string): Engine {
  const engine = opened(readFileSync(join(EXAMPLES, name), 'utf8'));
  while (engine.view().status === 'running' && engine.view().nextReply !== null) {
    const r = engine.stepTurn();
    if (!r.ok) throw new Error(r.error);
  }
  return engine;
}

function fromLink(fragment: string): Engine {
  const engine = new Engine();
  const r = engine.openLink(fragment);
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return engine;
}

/**
 * A view as JSON, durations rounded as a session file stores them (a live run keeps microseconds); the
 * run's total program time is left out, since a sum of rounded times differs from a rounded sum.
 */
function json(view: View): string {
  return JSON.stringify({ ...view, usage: { ...view.usage, durationMs: 0 } }, (key, v: unknown) =>
    key === 'durationMs' && typeof v === 'number' ? Math.round(v * 1000) / 1000 : sameEngine(key, v),
  );
}

describe('Engine.shareLink → Engine.openLink', () => {
  it.each(exampleNames)('%s: a fresh engine opens the same state, turn by turn', (name) => {
    const a = ranToEnd(name);
    const turns = a.view().turns.length;
    expect(turns).toBeGreaterThan(1);
    const share = a.shareLink({ turns: true });
    expect(share).toMatchObject({ fits: true, withTurns: true, limit: MAX_LINK_LENGTH, length: share.fragment.length });
    expect(share.fragment).toMatch(/^s=2\./);
    expect(share.reason).toBeUndefined();

    const b = fromLink(share.fragment);
    // Exactly what opening the exported session file gives…
    const c = opened(a.exportSession());
    expect(JSON.stringify(b.view(), sameEngine)).toBe(JSON.stringify(c.view(), sameEngine));
    // …and what the engine that ran the turns shows, for every turn and the strategies side by side.
    expect(b.exportSession()).toBe(a.exportSession());
    for (let n = 1; n <= turns; n++) {
      for (const strategy of [undefined, 'full-history', 'single-user-coalesced']) {
        const va = a.view({ selected: n, strategy });
        const vb = b.view({ selected: n, strategy });
        expect(json(vb)).toBe(json(va));
        if (strategy === undefined) expect([vb.compressed.recorded, vb.compressed.stale]).toEqual([true, false]);
      }
    }
  });

  it('gives the same token counts for the messages', async () => {
    const a = ranToEnd('reviews-and-inventory.json');
    const b = fromLink(a.shareLink({ turns: true }).fragment);
    const texts = (e: Engine) => e.view({ selected: 2 }).compressed.messages.map((m) => m.content);
    expect(await b.countTokens(texts(b))).toEqual(await a.countTokens(texts(a)));
  });

  it('keeps turns recorded before the definition was edited (stale) exactly as they were sent', () => {
    const a = ranToEnd('long-run-overflow.json');
    const def = a.view().setup.definition;
    const edited = a.setDefinition({
      ...def,
      mission: `${def.mission} Be brief.`,
      tools: def.tools.map((t, i) => (i === 0 ? { ...t, description: 'edited' } : t)),
    });
    expect(edited.ok).toBe(true);
    const turns = a.view().turns.length;
    const share = a.shareLink({ turns: true });
    const b = fromLink(share.fragment);
    for (let n = 1; n <= turns + 1; n++) {
      const va = a.view({ selected: n });
      const vb = b.view({ selected: n });
      expect(json(vb)).toBe(json(va));
      if (n <= turns) expect([vb.compressed.recorded, vb.compressed.stale]).toEqual([true, true]);
    }
    expect(b.view().setup.definition.mission).toMatch(/Be brief\.$/);
  });

  it('a link without the recorded turns replays them from the mock replies', () => {
    const a = ranToEnd('side-effect-calls.json');
    const share = a.shareLink({ turns: false });
    expect(share).toMatchObject({ fits: true, withTurns: false });
    expect(share.length).toBeLessThan(a.shareLink({ turns: true }).length);
    const b = fromLink(share.fragment);
    expect([b.view().turns.length, b.view().status]).toEqual([0, 'running']);
    expect(JSON.stringify(b.view().setup.definition)).toBe(JSON.stringify(a.view().setup.definition));
    while (b.view().status === 'running' && b.view().nextReply !== null) expect(b.stepTurn().ok).toBe(true);
    // The same run again: everything but the time it took.
    const timeless = (v: View) => JSON.stringify(v, (key, x: unknown) => (key === 'durationMs' ? 0 : sameEngine(key, x)));
    expect(timeless(b.view())).toBe(timeless(a.view()));
  });

  it('says when a session is too large for a link, with or without its turns', () => {
    // Text that does not compress (xorshift32 noise).
    let seed = 2463534242;
    const noise = Array.from({ length: 60_000 }, () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return 'abcdefghijklmnopqrstuvwxyz0123456789'[(seed >>> 0) % 36];
    }).join('');
    const a = ranToEnd('reviews-and-inventory.json');
    const def = a.view().setup.definition;
    expect(a.setDefinition({ ...def, data: { ...def.data, noise } }).ok).toBe(true);
    for (const turns of [true, false]) {
      const share = a.shareLink({ turns });
      expect(share.fits).toBe(false);
      expect(share.length).toBeGreaterThan(MAX_LINK_LENGTH);
      expect(share.reason).toBe(`the link would be ${share.length.toLocaleString('en-US')} characters long, more than the 32,768 a link can safely carry`);
      // It still opens, if someone shares it anyway.
      expect(fromLink(share.fragment).exportSession()).toBe(
        turns ? a.exportSession() : a.exportSession().replace(/"turns": \[[\s\S]*\]\n}\n$/, '"turns": []\n}\n'),
      );
    }
  });

  it('says when a session is over what a link can open', () => {
    const a = ranToEnd('reviews-and-inventory.json');
    const def = a.view().setup.definition;
    let deep: unknown = 1;
    for (let i = 0; i < 250; i++) deep = [deep];
    // Data that deep is refused as any session input is; a program can still build such a value.
    expect(refusals(a.setDefinition({ ...def, data: { ...def.data, deep: deep as number[] } }))).toEqual([
      'session: nested more than 200 levels deep; at most 200 are read',
    ]);
    const b = opened(
      JSON.stringify({
        version: 1,
        mission: 'deep',
        maxTurns: 2,
        llm: { provider: 'mock', replies: ['```clojure\n(reduce (fn [a _] [a]) 1 (range 250))\n```'] },
      }),
    );
    expect(b.stepTurn().ok).toBe(true);
    const share = b.shareLink({ turns: true });
    expect(share.fits).toBe(false);
    expect(share.reason).toMatch(/^the session is nested 253 levels deep; a link holds at most 200$/);
  });
});

describe('Engine.openLink: damaged and hostile links change nothing', () => {
  it('keeps the open session and says why', () => {
    const engine = ranToEnd('products-exploration.json');
    const before = JSON.stringify(engine.view());
    const good = engine.shareLink({ turns: true }).fragment;
    for (const [fragment, error] of [
      ['s=2.', /^This link is damaged: it holds nothing after "s=2\."\.$/],
      [good.slice(0, good.length - 9), /^This link is damaged: its data (does not decompress|ends in the middle of a byte)/],
      [`${good.slice(0, 30)}%${good.slice(30)}`, /^This link is damaged: it holds "%" \(U\+0025\) at character 31/],
      [`s=3.${good.slice(4)}`, /^This link was made by a newer version of the playground \(link version 3\); this one reads 1–2\.$/],
      [`s=2.${'A'.repeat(3_000_000)}`, /^This link is too long to open/],
      ['#not-a-link', /^This is not a playground share link/],
    ] as const) {
      const r = engine.openLink(fragment);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems.map((p) => p.text)).toEqual([expect.stringMatching(error)]);
      expect(JSON.stringify(engine.view())).toBe(before);
    }
  });

  it('lists session problems by path, as opening a file does', () => {
    const engine = new Engine();
    const text = JSON.stringify({
      ...JSON.parse(readFileSync(join(EXAMPLES, 'reviews-and-inventory.json'), 'utf8')),
      maxTurns: 0,
      llm: { provider: 'openai', apiKey: 'sk-x' },
    });
    const r = engine.openLink(linkOfText(text));
    expect(refusals(r)).toEqual([
      'maxTurns: must be at least 1, got number 0',
      'llm.apiKey: API keys are never stored in session files; remove this field and give the key to the app (or the environment) instead',
    ]);
    expect(() => engine.view()).toThrow(/No session is open/);
  });

  it('passes on a warning when this build renders left-out messages differently', () => {
    const a = ranToEnd('reviews-and-inventory.json');
    const fragment = a.shareLink({ turns: true }).fragment;
    const payload = JSON.parse(new TextDecoder().decode(inflateSync(fromBase64Url(fragment.slice(4))))) as Record<string, unknown>;
    const r = new Engine().openLink(linkOfText(JSON.stringify({ ...payload, $rendered: 'ffffffff' })));
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.warnings).toEqual([
        expect.stringMatching(/^This link was made by a playground that rendered the LLM's messages differently: turns 1, 2, 3 show/),
      ]);
    expect(new Engine().openLink(fragment)).not.toHaveProperty('warnings');
  });

  it('opens a session whose tools are not PTC-Lisp, with the problem shown and nothing run', () => {
    const engine = new Engine();
    const session = parseSession({
      version: 1,
      mission: 'm',
      tools: [{ name: 'x', signature: '()', impl: 'alert(document.cookie)' }],
      llm: { provider: 'mock', replies: [] },
    });
    if (!session.ok) throw new Error(session.errors.join());
    const r = engine.openLink(encodeLink(session.session));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.view.setup.problems.map((p) => p.text)).toEqual([expect.stringMatching(/^tools\[0\]\.impl: /)]);
  });
});

function linkOfText(text: string): string {
  return `s=2.${toBase64Url(deflateSync(new TextEncoder().encode(text), { level: 9 }))}`;
}
