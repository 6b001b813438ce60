// Long sessions: maxTurns up to 10,000, and a file holding more turns than its maxTurns
// opens whole with the limit raised and a warning.
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'fflate';
import { decodeLink, encodeLink, toBase64Url } from '../../src/session/link-codec.ts';
import { MAX_TURNS_CAP, parseSession, serializeSession, type Session } from '../../src/session/session-file.ts';

const turn = (n: number) => ({ number: n, rawResponse: `r${n}`, program: `(+ ${n} 1)`, result: n + 1, success: true });

function file(maxTurns: number | undefined, turns: number): Record<string, unknown> {
  return {
    version: 1,
    title: 'Long',
    mission: 'Count',
    ...(maxTurns !== undefined ? { maxTurns } : {}),
    llm: { provider: 'mock', replies: [] },
    turns: Array.from({ length: turns }, (_, i) => turn(i + 1)),
  };
}

function opened(input: unknown): { session: Session; warnings: readonly string[] } {
  const r = parseSession(input);
  if (!r.ok) throw new Error(`expected the session to open:\n${r.errors.join('\n')}`);
  return r;
}

function refused(input: unknown): string[] {
  const r = parseSession(input);
  if (r.ok) throw new Error('expected the session to be refused');
  return r.errors;
}

describe('maxTurns of long sessions', () => {
  it('accepts maxTurns up to 10,000 and refuses more', () => {
    expect(opened(file(1000, 0)).session.maxTurns).toBe(1000);
    expect(opened(file(MAX_TURNS_CAP, 0)).session.maxTurns).toBe(10_000);
    expect(refused(file(MAX_TURNS_CAP + 1, 0))).toEqual(['maxTurns: must be at most 10000, got number 10001']);
  });

  it('opens a file within its maxTurns without a warning', () => {
    const r = opened(file(200, 200));
    expect(r.session.maxTurns).toBe(200);
    expect(r.warnings).toEqual([]);
  });

  it('raises maxTurns to the recorded turns and says so, keeping every turn', () => {
    const r = opened(file(100, 200));
    expect(r.session.maxTurns).toBe(200);
    expect(r.session.turns).toHaveLength(200);
    expect(r.session.turns[199]).toMatchObject({ number: 200, rawResponse: 'r200', result: 201 });
    expect(r.warnings).toEqual(['maxTurns raised from 100 to 200 to hold the 200 recorded turns']);
  });

  it('raises the default maxTurns too when the file gives none', () => {
    const r = opened(file(undefined, 7));
    expect(r.session.maxTurns).toBe(7);
    expect(r.warnings).toEqual(['maxTurns raised from 5 to 7 to hold the 7 recorded turns']);
  });

  it('writes the raised maxTurns back, so the next open has nothing to warn about', () => {
    const first = opened(JSON.stringify(file(3, 12)));
    const again = opened(serializeSession(first.session));
    expect(again.warnings).toEqual([]);
    expect(again.session.maxTurns).toBe(12);
    expect(again.session.turns.map((t) => t.rawResponse)).toEqual(first.session.turns.map((t) => t.rawResponse));
  });

  it('opens 10,000 recorded turns and refuses 10,001 with a clear message', () => {
    const most = opened(file(10, MAX_TURNS_CAP));
    expect(most.session.turns).toHaveLength(10_000);
    expect(most.warnings).toEqual(['maxTurns raised from 10 to 10,000 to hold the 10,000 recorded turns']);
    expect(refused(file(10, MAX_TURNS_CAP + 1))).toEqual(['turns: 10,001 recorded turns; a session holds at most 10,000']);
  });

  it('refuses a file with too many turns without touching the input', () => {
    const input = file(10, MAX_TURNS_CAP + 1);
    const before = JSON.stringify(input);
    refused(input);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('reports other problems of a long file as before, the turn limit not hiding them', () => {
    const input = { ...file(50, 60), mission: 3 };
    expect(refused(input)).toEqual(['mission: expected a string, got number 3']);
  });

  it('passes the warning on when a link opens such a session', () => {
    const text = JSON.stringify(file(2, 4));
    const session = opened(text).session;
    // A link of the session as this build writes it holds the raised maxTurns: no warning.
    const link = decodeLink(encodeLink(session));
    expect(link.ok && link.warnings).toEqual([]);
    for (const version of [1, 2]) {
      const old = decodeLink(`s=${version}.${toBase64Url(deflateSync(new TextEncoder().encode(text)))}`);
      expect(old.ok && old.warnings).toEqual(['maxTurns raised from 2 to 4 to hold the 4 recorded turns']);
      expect(old.ok && old.session.turns).toHaveLength(4);
    }
  });
});
