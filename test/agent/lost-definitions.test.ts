// A name defined by a failed turn is unknown afterwards (a failed turn keeps none of its definitions):
// the error says so, instead of a did-you-mean that points at some builtin.
import { describe, expect, it } from 'vitest';
import { agentDef, play, prepared } from './fixtures.ts';

describe('a definition lost with a failed turn', () => {
  const agent = prepared(agentDef());

  it('the error names the failed turn that defined it, as its hint', () => {
    const step = play(agent, ['(def loans [1 2 3])\n(undefined-thing)', '(count loans)']);
    const error = step.turns[1].error;
    expect(error?.type).toBe('unbound_var');
    const hint = 'loans was defined in turn 1, which failed, and a failed turn keeps none of its definitions: define loans again.';
    expect(error?.hint).toBe(hint);
    expect(error?.message).toBe(`Unable to resolve symbol: loans in this context. ${hint}`);
  });

  it('defn too; a later successful definition, or a name no turn defined, keeps the usual message', () => {
    const lost = play(agent, ['(defn fee [x] (* x 2)) (nil-fn)', '(fee 2)']);
    expect(lost.turns[1].error?.hint).toContain('fee was defined in turn 1, which failed');
    const redefined = play(agent, ['(def a 1) (nil-fn)', '(def a 2)', '(def b 3) (nil-fn)', '(+ a c)']);
    expect(redefined.turns[3].error?.message).toMatch(/^Unable to resolve symbol: c in this context\./);
    expect(redefined.turns[3].error?.message).not.toContain('failed');
  });

  it('a name that only starts like the lost one is not taken for it', () => {
    const step = play(agent, ['(def loans-by-id {}) (nil-fn)', '(count loans)']);
    expect(step.turns[1].error?.message ?? '').not.toContain('was defined in turn');
  });
});
