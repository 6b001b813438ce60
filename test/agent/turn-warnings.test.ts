// Issue 12: what the reader forgave is recorded on the turn, and shown in the run record and the CLI.
import { describe, expect, it } from 'vitest';
import { runRecord, turnRecord } from '../../src/agent/run-record.ts';
import { formatTurn } from '../../src/cli/run.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { turnView } from '../../src/worker/views.ts';
import { agentDef, play, prepared } from './fixtures.ts';

const WARNING = 'ignored 2 stray closing brackets `))` after the last form (line 2, column 12)';

describe('a turn with stray closing brackets', () => {
  const agent = prepared(agentDef({ maxTurns: 3 }));
  const step = play(agent, ['(def total 41)\n(inc total)))', '(return (inc total))']);

  it('runs, keeps its definitions and records the warning; a clean turn has none', () => {
    const [first, second] = step.turns;
    expect(first.success).toBe(true);
    expect(first.result).toBe(42);
    expect(first.warnings).toEqual([WARNING]);
    expect(printValue(first.memory.get('total')?.value ?? null)).toBe('41');
    expect(second).not.toHaveProperty('warnings');
    expect(step.status).toBe('returned');
    expect(step.return).toBe(42);
  });

  it('a failed turn records the warning too', () => {
    const failed = play(agent, ['(+ 1 "a"))']).turns[0];
    expect(failed.success).toBe(false);
    expect(failed.warnings).toEqual(['ignored 1 stray closing bracket `)` after the last form (line 1, column 10)']);
  });

  it('is in the run record (absent for a clean turn) and in the engine view', () => {
    const rec = runRecord(step);
    expect(rec.turns[0].warnings).toEqual([WARNING]);
    expect(rec.turns[1]).not.toHaveProperty('warnings');
    expect(Object.keys(turnRecord(step.turns[0]))).toContain('warnings');
    expect(turnView(step.turns[0]).warnings).toEqual([WARNING]);
    expect(turnView(step.turns[1])).not.toHaveProperty('warnings');
  });

  it('the CLI shows it in a --- warning section', () => {
    const text = formatTurn(step.turns[0], 3);
    expect(text).toContain(`(inc total)))\n--- warning\n${WARNING}\n--- result\n42`);
    expect(formatTurn(step.turns[1], 3)).not.toContain('--- warning');
  });
});
