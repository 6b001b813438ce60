// @vitest-environment happy-dom
// Per-turn and run figures: tokens with cache reads and writes, each turn priced at its own model,
// discarded requests counted and priced, and "cost unknown" (never $0) without a price.
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatusBar } from '../../../../src/ui/features/layout/StatusBar.tsx';
import { TurnList } from '../../../../src/ui/features/turns/TurnList.tsx';
import { ranExample, renderView, resetPrices, sessionText, viewOf } from '../../cost-fixtures.tsx';

afterEach(cleanup);
beforeEach(resetPrices);

const openai = (model: string) => ({ provider: 'openai', model });
const anthropic = (model: string) => ({ provider: 'anthropic', model });

/**
 * Turn 1: gpt-4o, 12,000 in of which 8,000 read from the cache, 500 out:
 *   4,000 × $2.5 + 8,000 × $1.25 + 500 × $10 per million = $0.0100 + $0.0100 + $0.0050 = $0.0250.
 * Turn 2: claude-sonnet-4-5, 10,000 in of which 6,000 cache reads and 2,000 cache writes, 400 out:
 *   2,000 × $3 + 6,000 × $0.30 + 2,000 × $3.75 + 400 × $15 = $0.0060 + $0.0018 + $0.0075 + $0.0060 = $0.0213.
 * Turn 3: a model with no price.
 */
function threeTurns(top: Record<string, unknown> = {}): string {
  const hashes = ranExample().turns.map((t) => t.promptHash as string);
  return sessionText(
    [
      { llm: openai('gpt-4o'), usage: { inputTokens: 12_000, cachedInputTokens: 8_000, outputTokens: 500 } },
      {
        llm: anthropic('claude-sonnet-4-5'),
        usage: { inputTokens: 10_000, cachedInputTokens: 6_000, cacheWriteTokens: 2_000, outputTokens: 400 },
        promptHash: hashes[1],
      },
      { llm: openai('my-local-model'), usage: { inputTokens: 1_000, outputTokens: 50 }, promptHash: 'ffffffffffffffff' },
    ],
    { llm: { provider: 'openai', model: 'gpt-4o' }, ...top },
  );
}

const turn = (n: number) => within(screen.getByTestId(`turn-${n}`));

describe('per-turn figures', () => {
  it('show tokens with cache reads and writes, the model, and the exact cost at that model’s price', () => {
    renderView(<TurnList />, viewOf(threeTurns()));
    expect(turn(1).getByTestId('turn-model').textContent).toBe('gpt-4o');
    expect(turn(1).getByTestId('turn-tokens').textContent).toBe('in 12,000 (cache read 8,000) · out 500');
    expect(turn(1).getByTestId('turn-cost').textContent).toBe('$0.0250');
    expect(turn(2).getByTestId('turn-model').textContent).toBe('claude-sonnet-4-5');
    expect(turn(2).getByTestId('turn-tokens').textContent).toBe('in 10,000 (cache read 6,000, write 2,000) · out 400');
    expect(turn(2).getByTestId('turn-cost').textContent).toBe('$0.0213');
  });

  it('say "cost unknown" with the reason for a model without a price, never $0', () => {
    renderView(<TurnList />, viewOf(threeTurns()));
    const cost = turn(3).getByTestId('turn-cost');
    expect(cost.textContent).toBe('cost unknown');
    expect(cost.getAttribute('title')).toBe('Cost unknown: no price for my-local-model');
    expect(turn(3).getByTestId('turn-figures').textContent).not.toContain('$');
  });

  it('price a dated model at its name, and the session’s own prices over the app’s', () => {
    const dated = sessionText([{ llm: openai('gpt-4o-2024-08-06'), usage: { inputTokens: 12_000, cachedInputTokens: 8_000, outputTokens: 500 } }]);
    renderView(<TurnList />, viewOf(dated));
    expect(turn(1).getByTestId('turn-cost').textContent).toBe('$0.0250');
    cleanup();
    // The session's gpt-4o price has no cache price: the 8,000 cached tokens cost the input price.
    // 12,000 × $5 + 500 × $20 per million = $0.0700.
    renderView(<TurnList />, viewOf(threeTurns({ prices: { 'gpt-4o': { input: 5, output: 20 } } })));
    expect(turn(1).getByTestId('turn-cost').textContent).toBe('$0.0700');
    expect(turn(1).getByTestId('turn-cost').getAttribute('title')).toContain("at the session's own price for gpt-4o");
  });

  it('show the prompt fingerprint and mark the turn where it changed', () => {
    const view = viewOf(threeTurns());
    renderView(<TurnList />, view);
    expect(turn(1).getByTestId('turn-prompt').textContent).toBe(`prompt ${view.turns[0].promptHash?.slice(0, 8)}`);
    expect(turn(1).queryByTestId('turn-prompt-changed')).toBeNull();
    expect(turn(2).queryByTestId('turn-prompt-changed')).toBeNull();
    expect(turn(3).getByTestId('turn-prompt').textContent).toBe('prompt ffffffffchanged');
    expect(turn(3).getByTestId('turn-prompt-changed')).toBeTruthy();
  });

  it('show no tokens or cost for the mock’s turns (nothing was spent), only the fingerprint', () => {
    renderView(
      <>
        <TurnList />
        <StatusBar />
      </>,
      viewOf(JSON.stringify(ranExample())),
    );
    expect(turn(1).queryByTestId('turn-cost')).toBeNull();
    expect(turn(1).queryByTestId('turn-tokens')).toBeNull();
    expect(turn(1).getByTestId('turn-prompt')).toBeTruthy();
    expect(screen.queryByTestId('run-totals')).toBeNull();
  });

  it('a real turn without reported tokens has an unknown cost', () => {
    renderView(<TurnList />, viewOf(sessionText([{ llm: openai('gpt-4o') }])));
    expect(turn(1).getByTestId('turn-tokens').textContent).toBe('tokens not reported');
    expect(turn(1).getByTestId('turn-cost').getAttribute('title')).toBe('Cost unknown: the provider did not report the tokens');
  });
});

describe('run totals', () => {
  const discarded = { discardedRequests: { count: 2, inputTokens: 3_000, outputTokens: 100 } };

  it('sum the turns’ tokens and count the discarded requests', () => {
    renderView(<StatusBar />, viewOf(threeTurns(discarded)));
    expect(screen.getByTestId('run-tokens').textContent).toBe('tokens in 23,000 (cache read 14,000, write 2,000) · out 950');
    expect(screen.getByTestId('run-discarded').textContent).toBe('2 discarded requests (in 3,000 · out 100)');
  });

  it('are "cost unknown" naming the model without a price, then exact once it has one, discarded requests included', () => {
    const h = renderView(<StatusBar />, viewOf(threeTurns(discarded)));
    const cost = () => screen.getByTestId('run-cost');
    expect(cost().textContent).toBe('cost unknown (no price for my-local-model)');
    expect(cost().getAttribute('data-known')).toBe('false');
    expect(cost().textContent).not.toContain('$');
    // Turn 3 at $1/$2: 1,000 × $1 + 50 × $2 = $0.0011. Discarded at the session's gpt-4o:
    // 3,000 × $2.5 + 100 × $10 = $0.0085. Total: 0.0250 + 0.0213 + 0.0011 + 0.0085 = $0.0559.
    act(() => h.controller.prices.getState().setPrice('my-local-model', { input: 1, output: 2 }));
    expect(cost().textContent).toBe('$0.0559');
    expect(cost().getAttribute('data-known')).toBe('true');
  });

  it('price a total kept by an earlier build’s file at the session’s current model, unknown when it has no price', () => {
    const text = threeTurns({ ...discarded, llm: { provider: 'openai', model: 'mystery-model' } });
    const h = renderView(<StatusBar />, viewOf(text));
    act(() => h.controller.prices.getState().setPrice('my-local-model', { input: 1, output: 2 }));
    expect(screen.getByTestId('run-cost').textContent).toBe('cost unknown (no price for mystery-model)');
  });

  it('price each discarded request at the model it was sent to, whatever the session’s model is now', () => {
    const sent = { provider: 'openai', model: 'gpt-4o-mini', kind: 'server', status: 500, inputTokens: 3_000, outputTokens: 100 };
    const text = threeTurns({ discardedRequests: [sent], llm: { provider: 'openai', model: 'mystery-model' } });
    const h = renderView(<StatusBar />, viewOf(text));
    act(() => h.controller.prices.getState().setPrice('my-local-model', { input: 1, output: 2 }));
    // $0.0474 for the turns, plus 3,000 × $0.15 + 100 × $0.60 per million at gpt-4o-mini = $0.00051.
    expect(screen.getByTestId('run-cost').textContent).toBe('$0.0479');
    expect(screen.getByTestId('run-discarded').textContent).toBe('1 discarded request (in 3,000 · out 100)');
  });

  it('count a request refused before any work (401, 403) at a known $0; another without tokens leaves the cost unknown', () => {
    const refused = [
      { provider: 'openai', model: 'mystery-model', kind: 'auth', status: 401 },
      { provider: 'openai', model: 'mystery-model', kind: 'auth', status: 403 },
    ];
    const h = renderView(<StatusBar />, viewOf(threeTurns({ discardedRequests: refused })));
    act(() => h.controller.prices.getState().setPrice('my-local-model', { input: 1, output: 2 }));
    expect(screen.getByTestId('run-discarded').textContent).toBe('2 discarded requests');
    expect(screen.getByTestId('run-cost').textContent).toBe('$0.0474');
    cleanup();
    const failed = [...refused, { provider: 'openai', model: 'gpt-4o', kind: 'server', status: 500 }];
    const again = renderView(<StatusBar />, viewOf(threeTurns({ discardedRequests: failed })));
    act(() => again.controller.prices.getState().setPrice('my-local-model', { input: 1, output: 2 }));
    expect(screen.getByTestId('run-cost').textContent).toBe('cost unknown (a discarded request: the provider did not report the tokens)');
  });

  it('without discarded requests the total is the turns alone', () => {
    const h = renderView(<StatusBar />, viewOf(threeTurns()));
    act(() => h.controller.prices.getState().setPrice('my-local-model', { input: 1, output: 2 }));
    expect(screen.getByTestId('run-cost').textContent).toBe('$0.0474');
    expect(screen.queryByTestId('run-discarded')).toBeNull();
  });
});
