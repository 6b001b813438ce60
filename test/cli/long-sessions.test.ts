// `ptc run` on long sessions: a file holding more turns than its maxTurns is run with the limit raised.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'ptc-long-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ptc(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'ptc.mjs'), ...args], { encoding: 'utf8', cwd: root, timeout: 30000 });
  return { code: r.status, out: r.stdout, err: r.stderr.replace(/^npm warn.*\n/gm, '') };
}

const clj = (code: string) => '```clojure\n' + code + '\n```';

describe('ptc run on long sessions', () => {
  test('warns that maxTurns was raised to hold the recorded turns, and runs with it', () => {
    const turns = [1, 2, 3].map((n) => ({ number: n, rawResponse: clj(`(+ ${n} 0)`), program: `(+ ${n} 0)`, result: n, success: true }));
    const replies = [...turns.map((t) => t.rawResponse), clj('(return :done)')];
    const file = join(dir, 'raised.json');
    writeFileSync(file, JSON.stringify({ version: 1, mission: 'm', maxTurns: 2, llm: { provider: 'mock', replies }, turns }));
    const r = ptc(['run', file]);
    expect(r.err).toBe('warning: maxTurns raised from 2 to 3 to hold the 3 recorded turns\n');
    expect(r.out).toContain('=== Turn 3 of 3 (ok');
    expect(r.out).toContain('=== Out of turns ===');
    expect(r.code).toBe(1);
  });

  test('refuses more recorded turns than a session may hold', () => {
    const turns = Array.from({ length: 10_001 }, (_, i) => ({ number: i + 1, rawResponse: '', program: '', success: true }));
    const file = join(dir, 'too-many.json');
    writeFileSync(file, JSON.stringify({ version: 1, mission: 'm', llm: { provider: 'mock', replies: [] }, turns }));
    const r = ptc(['run', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('turns: 10,001 recorded turns; a session holds at most 10,000');
  });
});
