import { describe, expect, it } from 'vitest';
import { DEFAULT_SIMULATED } from '../../src/agent/simulated-model.ts';
import { MAX_RUNS, planExperiment, scriptOf, type PlanResult } from '../../src/experiment/plan.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { fork } from '../../src/session/branches.ts';
import { session } from './fixtures.ts';

function ok(r: PlanResult) {
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.plan;
}

function errors(r: PlanResult): readonly string[] {
  if (r.ok) throw new Error('expected problems');
  return r.errors;
}

describe('planExperiment', () => {
  const base = session();

  it('without a variants file runs the session as it is, success meaning it returned', () => {
    const plan = ok(planExperiment(base, undefined, 3));
    expect(plan.runs).toBe(3);
    expect(plan.success).toEqual({ kind: 'returned' });
    expect(plan.variants.map((v) => v.name)).toEqual(['session']);
    expect(plan.variants[0].session.compression).toBe(base.compression);
    expect(plan.variants[0].session.turns).toEqual([]);
    expect(plan.variants[0].simulated).toBeUndefined();
  });

  it('changes each variant field by field, keeping what it leaves out', () => {
    const plan = ok(
      planExperiment(
        base,
        {
          success: { expected: ['Laptop', 'Monitor'] },
          variants: [
            { name: 'full', compression: false },
            { name: 'trim', compression: { strategy: 'trim', recentTurns: 1 }, systemPrompt: { suffix: 'Be brief.' } },
            { name: 'mini', llm: { provider: 'openai', model: 'gpt-4o-mini', temperature: 0.7 } },
            { name: 'sim', llm: { provider: 'simulated', slip: 0.25 } },
          ],
        },
        5,
      ),
    );
    expect(plan.success.kind).toBe('expected');
    expect(plan.success.kind === 'expected' && printValue(plan.success.value)).toBe('["Laptop" "Monitor"]');
    const [full, trim, mini, sim] = plan.variants;
    expect(full.session.compression).toBe(false);
    expect(trim.session.compression).toEqual({ strategy: 'trim', recentTurns: 1 });
    expect(trim.session.systemPrompt).toEqual({ suffix: 'Be brief.' });
    expect(trim.session.mission).toBe(base.mission);
    expect(mini.session.llm).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', temperature: 0.7 });
    expect(mini.session.compression).toBe(base.compression);
    expect(sim.simulated).toEqual({ ...DEFAULT_SIMULATED, slip: 0.25 });
    expect(sim.script).toEqual(scriptOf(base));
    expect(sim.session.llm.provider).toBe('mock');
  });

  it('puts the flags between the session and the variant', () => {
    const plan = ok(
      planExperiment(base, { variants: [{ name: 'a' }, { name: 'b', llm: { model: 'gpt-4.1' } }] }, 1, {
        fields: { provider: 'openai', model: 'gpt-4o-mini', temperature: 0 },
      }),
    );
    expect(plan.variants[0].session.llm).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', temperature: 0 });
    expect(plan.variants[1].session.llm).toMatchObject({ provider: 'openai', model: 'gpt-4.1', temperature: 0 });
  });

  it('lets a variant use a real model where the flags asked for the simulated one, and the other way round', () => {
    const plan = ok(planExperiment(base, { variants: [{ name: 'sim' }, { name: 'real', llm: { provider: 'openai', model: 'm' } }] }, 1, { simulated: {} }));
    expect(plan.variants[0].simulated).toEqual(DEFAULT_SIMULATED);
    expect(plan.variants[1].simulated).toBeUndefined();
  });

  it('resets the SYSTEM prompt to the default with null', () => {
    const withPrompt = session((j) => {
      j.systemPrompt = { prefix: 'You are careful.' };
    });
    const plan = ok(planExperiment(withPrompt, { variants: [{ name: 'default', systemPrompt: null }, { name: 'own' }] }, 1));
    expect(plan.variants[0].session.systemPrompt).toBeUndefined();
    expect(plan.variants[1].session.systemPrompt).toEqual({ prefix: 'You are careful.' });
  });

  it('reports every problem with its path, as the session file reader words it', () => {
    const problems = errors(
      planExperiment(
        base,
        {
          success: { predicate: '(fn [r]' },
          variants: [
            { name: 'a', compression: { strategy: 'trim', recentTurns: -1 } },
            { name: 'a', colour: 'red' },
            { name: 'c', systemPrompt: { replace: 'x', prefix: 'y' } },
            { name: 'd', llm: { provider: 'simulated', slip: 2, model: 'x' } },
            { name: 'e', llm: { temperature: 9 } },
            'trim',
          ],
        },
        0,
      ),
    );
    expect(problems).toEqual([
      `runs: expected a whole number from 1 to ${MAX_RUNS}, got 0`,
      expect.stringMatching(/^success\.predicate: the predicate does not run: /),
      expect.stringMatching(/^variants\[0\]\.compression\.recentTurns: /),
      'variants[1].colour: unknown field; a variant has name, compression, systemPrompt, llm, tools',
      'variants[1].name: "a" names two variants; give each its own name',
      expect.stringMatching(/^variants\[2\]\.systemPrompt\.replace: give either "replace"/),
      'variants[3].llm.model: the simulated model takes only "slip" and "guess"',
      'variants[3].llm.slip: expected a chance from 0 to 1, got 2',
      expect.stringMatching(/^variants\[4\]\.llm\.temperature: /),
      'variants[5]: expected an object such as {"name": "trim", "compression": "trim"}',
    ]);
  });

  it('refuses a file that is not a variants file', () => {
    expect(errors(planExperiment(base, [], 1))).toEqual(['expected a JSON object {"success": …, "variants": […]}']);
    expect(errors(planExperiment(base, { variants: [] }, 1))).toEqual(['variants: expected a non-empty list of variants']);
    expect(errors(planExperiment(base, { success: { expected: 1, predicate: '(fn [r] true)' } }, 1))).toEqual([
      'success: give exactly one of "expected" or "predicate" (got "expected", "predicate")',
    ]);
    expect(errors(planExperiment(base, { succes: {} }, 1))).toEqual(['succes: unknown field; a variants file has "success" and "variants"']);
    expect(errors(planExperiment(base, { success: { expected: { $kw: 5 } } }, 1))[0]).toMatch(/^success\.expected/);
  });

  it('names unnamed variants by position', () => {
    const plan = ok(planExperiment(base, { variants: [{ compression: 'trim' }, { compression: 'aggressive' }] }, 1));
    expect(plan.variants.map((v) => v.name)).toEqual(['variant 1', 'variant 2']);
  });

  it('needs a script for the simulated model', () => {
    const bare = session((j) => {
      j.llm = { provider: 'openai', model: 'gpt-4o-mini' };
    });
    expect(errors(planExperiment(bare, { variants: [{ name: 's', llm: { provider: 'simulated' } }] }, 1))).toEqual([
      'variants[0].llm: the simulated model follows a script, and the session has neither mock replies nor recorded turns',
    ]);
  });
});

describe('a session with branches', () => {
  it('runs its open branch alone: the variants carry no tree', () => {
    const forked = fork(session(), 1, 'other', { compression: 'trim' });
    if (!forked.ok) throw new Error(forked.error);
    const plan = ok(planExperiment(forked.session, undefined, 1));
    expect(plan.variants[0].session.compression).toBe('trim');
    expect(plan.variants[0].session.branches).toBeUndefined();
    expect(plan.variants[0].session.branch).toBeUndefined();
  });
});
