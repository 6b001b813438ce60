import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { strategyNames } from '../../src/compression/strategies/index.ts';
import { Engine } from '../../src/worker/engine.ts';

const examples = join(__dirname, '..', '..', 'examples');

async function ranEngine(file: string, over: Record<string, unknown> = {}): Promise<Engine> {
  const engine = new Engine();
  const session = { ...(JSON.parse(readFileSync(join(examples, file), 'utf8')) as Record<string, unknown>), ...over };
  const opened = engine.open(JSON.stringify(session));
  if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('\n'));
  for (;;) {
    const r = engine.stepTurn();
    if (!r.ok || r.view.status !== 'running') break;
  }
  return engine;
}

describe('the comparison view of the worker', () => {
  it('every strategy over the run, full history first, each request counted as the strategy renders it', async () => {
    const engine = await ranEngine('failed-turn-recovery.json');
    const view = await engine.compare();
    if (view === null) throw new Error('no figures');
    const turns = engine.view().turns.length;
    expect(view.turns).toBe(turns);
    expect(view.strategies.map((s) => s.name)).toEqual(['full-history', ...strategyNames().filter((n) => n !== 'full-history')]);
    for (const s of view.strategies) {
      expect(s.requests).toHaveLength(turns);
      expect(s.total).toBe(s.requests.reduce((n, r) => n + r.tokens, 0));
      for (const r of s.requests) {
        const messages = engine.requestMessages(s.name, r.turn);
        expect(messages).not.toBeNull();
        expect(r.tokens, `${s.name} turn ${r.turn}`).toBe((messages ?? []).reduce((n, m) => n + countTokens(m.content), 0));
      }
    }
    // The session's own strategy is marked; full history is the baseline and hides nothing.
    expect(view.strategies.filter((s) => s.session).map((s) => s.name)).toEqual(['single-user-coalesced']);
    const full = view.strategies[0];
    expect(full.requests.every((r) => r.overFull === 0 && r.extra === undefined)).toBe(true);
    expect(full.hidden).toMatchObject({ toolResult: 0, toolCall: 0, print: 0, failedAttempt: 0, oldCode: 0 });
  });

  it('a request that costs more than full history says which lines it adds', async () => {
    const engine = await ranEngine('failed-turn-recovery.json');
    const view = await engine.compare();
    const costlier = view?.strategies.flatMap((s) => s.requests.filter((r) => r.overFull > 0).map((r) => ({ s: s.name, r }))) ?? [];
    expect(costlier.length).toBeGreaterThan(0);
    const textOf = (name: string, turn: number) =>
      (engine.requestMessages(name, turn) ?? [])
        .filter((m) => m.role !== 'system')
        .map((m) => m.content)
        .join('\n');
    for (const { s, r } of costlier) {
      expect(r.extra?.tokens).toBeGreaterThan(0);
      expect(r.extra?.lines.length).toBeGreaterThan(0);
      // Exactly the lines full history's request for the same turn does not have.
      const known = new Set(textOf('full-history', r.turn).split('\n'));
      const lines = textOf(s, r.turn)
        .split('\n')
        .filter((l) => l.trim() !== '' && !known.has(l));
      expect(r.extra).toEqual({ tokens: countTokens(lines.join('\n')), lines: lines.slice(0, 3) });
    }
  });

  it("the session's strategy renders with the session's options; the others with their defaults", async () => {
    const engine = await ranEngine('reviews-and-inventory.json', { compression: { strategy: 'single-user-coalesced', showToolResults: true } });
    const view = await engine.compare();
    const suc = view?.strategies.find((s) => s.name === 'single-user-coalesced');
    expect(suc?.options).toEqual({ showToolResults: true });
    expect(suc?.session).toBe(true);
    const last = engine.view().turns.length;
    const messages = engine.requestMessages('single-user-coalesced', last) ?? [];
    expect(messages[1].content).toMatch(/ -> /);
    expect(engine.requestMessages('no-such-strategy', 1)).toBeNull();
    expect(engine.requestMessages('trim', 99)).toBeNull();
  });
});

describe('a long run', () => {
  it('is compared over every turn, each request counted as the tokenizer counts its whole text', async () => {
    const engine = new Engine();
    const replies = Array.from({ length: 230 }, (_, i) => '```clojure\n(def x' + (i % 3) + ' ' + i + ')\n(println "turn" ' + i + ')\n```');
    const session = { version: 2, title: 'long', mission: 'count', maxTurns: 300, compression: true, llm: { provider: 'mock', replies }, tools: [], data: {} };
    const opened = engine.open(JSON.stringify(session));
    if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('\n'));
    for (let i = 0; i < 230; i++) engine.stepTurn();
    const view = await engine.compare();
    expect(view?.turns).toBe(230);
    for (const s of view?.strategies ?? []) {
      expect(s.requests).toHaveLength(230);
      for (const turn of [1, 117, 230]) {
        const messages = engine.requestMessages(s.name, turn) ?? [];
        expect(s.requests[turn - 1].tokens, `${s.name} turn ${turn}`).toBe(messages.reduce((n, m) => n + countTokens(m.content), 0));
      }
    }
  });
});
