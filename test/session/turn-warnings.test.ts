// Issue 12: a turn's reader warnings are saved with the session and read back.
import { describe, expect, it } from 'vitest';
import { parseSession, serializeSession, type Session } from '../../src/session/session-file.ts';

const BASE = {
  version: 1,
  mission: 'Count the products',
  data: { products: [1, 2, 3] },
  llm: { provider: 'mock', replies: [] },
};
const WARNING = 'ignored 1 stray closing bracket `)` after the last form (line 1, column 8)';

function parsed(turns: unknown[]): Session {
  const r = parseSession(JSON.stringify({ ...BASE, turns }));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.session;
}

describe('turn warnings in a session file', () => {
  it('are read, written after prints, and round-trip to identical text', () => {
    const s = parsed([
      { number: 1, rawResponse: 'r', program: '(+ 1 2))', result: 3, success: true, prints: [], warnings: [WARNING] },
      { number: 2, rawResponse: 'r', program: '(+ 1 2)', result: 3, success: true },
    ]);
    expect(s.turns[0].warnings).toEqual([WARNING]);
    expect(s.turns[1]).not.toHaveProperty('warnings');
    const text = serializeSession(s);
    const json = JSON.parse(text) as { turns: Record<string, unknown>[] };
    expect(json.turns[0].warnings).toEqual([WARNING]);
    expect(Object.keys(json.turns[0]).indexOf('warnings')).toBe(Object.keys(json.turns[0]).indexOf('prints') + 1);
    expect(json.turns[1]).not.toHaveProperty('warnings');
    const back = parseSession(text);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.session.turns[0].warnings).toEqual([WARNING]);
    expect(serializeSession(back.session)).toBe(text);
  });

  it('an empty list is the same as none; anything but strings is refused', () => {
    expect(parsed([{ number: 1, rawResponse: 'r', program: 'p', success: true, warnings: [] }]).turns[0]).not.toHaveProperty('warnings');
    const r = parseSession(JSON.stringify({ ...BASE, turns: [{ number: 1, rawResponse: 'r', program: 'p', success: true, warnings: [1] }] }));
    expect(r.ok).toBe(false);
  });
});
