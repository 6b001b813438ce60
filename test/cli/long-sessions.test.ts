// `ptc run` on long sessions: a file holding more turns than its maxTurns is run with the limit raised.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunRecord } from '../../src/agent/run-record.ts';
import { parseSession } from '../../src/session/session-file.ts';
import { ptcIn, type Result } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-long-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ptc(args: string[]): Promise<Result> {
  return ptcIn(args);
}

const clj = (code: string) => '```clojure\n' + code + '\n```';

describe('ptc run on long sessions', () => {
  test('warns that maxTurns was raised to hold the recorded turns, and runs with it', async () => {
    const turns = [1, 2, 3].map((n) => ({ number: n, rawResponse: clj(`(+ ${n} 0)`), program: `(+ ${n} 0)`, result: n, success: true }));
    const replies = [...turns.map((t) => t.rawResponse), clj('(return :done)')];
    const file = join(dir, 'raised.json');
    writeFileSync(file, JSON.stringify({ version: 1, mission: 'm', maxTurns: 2, llm: { provider: 'mock', replies }, turns }));
    const r = await ptc(['run', file]);
    expect(r.err).toBe('warning: maxTurns raised from 2 to 3 to hold the 3 recorded turns\n');
    expect(r.out).toContain('=== Turn 3 of 3 (ok');
    expect(r.out).toContain('=== Out of turns ===');
    expect(r.code).toBe(1);
  });

  test('refuses more recorded turns than a session may hold', async () => {
    const turns = Array.from({ length: 10_001 }, (_, i) => ({ number: i + 1, rawResponse: '', program: '', success: true }));
    const file = join(dir, 'too-many.json');
    writeFileSync(file, JSON.stringify({ version: 1, mission: 'm', llm: { provider: 'mock', replies: [] }, turns }));
    const r = await ptc(['run', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('turns: 10,001 recorded turns; a session holds at most 10,000');
  });

  test('--max-turns runs a 1,000-turn session; the saved file leaves out the messages, the record keeps them', async () => {
    const replies = Array.from({ length: 1000 }, (_, i) => clj(i === 999 ? '(return (count *1))' : `(def last-n ${i})\n(println "turn" ${i})\n[${i}]`));
    const file = join(dir, 'thousand.json');
    const saved = join(dir, 'thousand-saved.json');
    writeFileSync(file, JSON.stringify({ version: 1, mission: 'Count', maxTurns: 5, compression: true, llm: { provider: 'mock', replies } }));
    const r = await ptc(['run', file, '--max-turns', '1000', '--json', '--save', saved]);
    expect(r.err).toBe(`saved 1000 turns to ${saved}\n`);
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.out) as RunRecord;
    expect([rec.status, rec.turns.length]).toEqual(['returned', 1000]);
    expect(rec.turns.every((t) => t.messages.length === 2 && t.messages[0].role === 'system')).toBe(true);
    const text = readFileSync(saved, 'utf8');
    const json = JSON.parse(text) as { maxTurns: number; turns: object[] };
    expect(json.maxTurns).toBe(1000);
    expect(json.turns.every((t) => !('messages' in t))).toBe(true);
    expect(text.length).toBeLessThan(r.out.length / 5);
    const back = parseSession(text);
    expect(back.ok && back.warnings).toEqual([]);
    expect(back.ok && back.session.turns.map((t) => t.messages)).toEqual(rec.turns.map((t) => t.messages));
  });

  test.each(['0', '10001', 'many', '2.5', '-3', ''])('--max-turns %j is a usage error', async (value) => {
    const file = join(dir, 'small.json');
    writeFileSync(file, JSON.stringify({ version: 1, mission: 'm', llm: { provider: 'mock', replies: [clj('1')] } }));
    const r = await ptc(['run', file, '--max-turns', value]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--max-turns: expected a whole number from 1 to 10,000, got ${JSON.stringify(value)}`);
  });
});
