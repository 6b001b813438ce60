// The benchmark set under bench/sessions/: recorded sessions that read as a real LLM at work (exploring,
// calling tools with results of a few KB, printing, failing once and recovering, redefining a helper, returning).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printValue } from '../../src/lisp/printer.ts';
import { parseJsonText, parseSession, type Session } from '../../src/session/session-file.ts';

const dir = join(__dirname, '..', '..', 'bench', 'sessions');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

function load(file: string): Session {
  const text = readFileSync(join(dir, file), 'utf8');
  const json = parseJsonText(text);
  if (!json.ok) throw new Error(`${file}: not JSON: ${json.message}`);
  const r = parseSession(json.value);
  if (!r.ok) throw new Error(`${file}: problems:\n${r.errors.join('\n')}`);
  return r.session;
}

/** Sentences (ended by `.`, `!` or `?`) in a reply's text before its first code fence. */
function sentencesBeforeCode(reply: string): number {
  const prose = reply.split('```')[0];
  return (prose.match(/[.!?](?=\s|$)/g) ?? []).length;
}

/** Names a program defines with def or defn. */
function definedNames(program: string): Set<string> {
  return new Set([...program.matchAll(/\((?:def|defn)\s+([^\s()[\]{}"]+)/g)].map((m) => m[1]));
}

describe('bench/sessions', () => {
  it('holds at least 12 session files, named in kebab-case', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const f of files) expect(f).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.json$/);
  });

  describe.each(files)('%s', (file) => {
    const session = load(file);
    const turns = session.turns;

    it('has 7 to 10 recorded turns and a maxTurns between 10 and 15', () => {
      expect(turns.length).toBeGreaterThanOrEqual(7);
      expect(turns.length).toBeLessThanOrEqual(10);
      expect(session.maxTurns).toBeGreaterThanOrEqual(10);
      expect(session.maxTurns).toBeLessThanOrEqual(15);
    });

    it('has a failed turn followed by a successful one (a runtime error, not a fail)', () => {
      const recovered = turns.some((t, i) => !t.success && t.error !== undefined && t.error.type !== 'fail' && i + 1 < turns.length && turns[i + 1].success);
      expect(recovered).toBe(true);
    });

    it('calls a tool whose result prints to at least 1,000 characters', () => {
      const sizes = turns.flatMap((t) => t.toolCalls.map((c) => printValue(c.result).length));
      expect(Math.max(0, ...sizes)).toBeGreaterThanOrEqual(1000);
    });

    it('shows at least 1,000 characters of data (Result or println output) in at least 3 turns', () => {
      const big = turns.filter((t) => printValue(t.result).length >= 1000 || t.prints.join('\n').length >= 1000);
      expect(big.length).toBeGreaterThanOrEqual(3);
    });

    it('writes at least 2 sentences of reasoning before the code block of every reply', () => {
      for (const t of turns) expect(sentencesBeforeCode(t.rawResponse), `turn ${t.number}`).toBeGreaterThanOrEqual(2);
      for (const r of session.llm.replies ?? []) expect(sentencesBeforeCode(r)).toBeGreaterThanOrEqual(2);
    });

    it('prints with println', () => {
      expect(turns.some((t) => t.prints.length > 0)).toBe(true);
    });

    it('redefines a name an earlier turn defined (def or defn of a name already in memory)', () => {
      const redefined = turns.flatMap((t, i) => (i > 0 && t.success ? [...definedNames(t.program)].filter((n) => turns[i - 1].memory.has(n)) : []));
      expect(redefined.length).toBeGreaterThan(0);
    });

    it('ends with a return in the last turn', () => {
      const last = turns[turns.length - 1];
      expect(last.success).toBe(true);
      expect(last.signal).toBe('return');
      expect(turns.slice(0, -1).every((t) => t.signal !== 'return')).toBe(true);
    });
  });
});
