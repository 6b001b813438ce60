// The run's totals in the status bar: tokens in and out (cache reads and writes apart), the requests
// that never became turns, and what it all cost, or "cost unknown" naming what has no price.
import { formatUsd } from '../../../agent/cost.ts';
import { useShrinkFloor } from '../../components/shrink-floor.ts';
import { addUsage, type Usage } from '../../../agent/usage.ts';
import type { View } from '../../../worker/engine.ts';
import { formatCount } from '../../lib/format.ts';
import { discardedCount, runCost } from '../../lib/pricing.ts';
import { tokensText } from '../../components/TurnFigures.tsx';
import { usePriceLookup } from '../../state/usePriceLookup.ts';

function discardedText(d: NonNullable<View['usage']['discarded']>): string {
  const count = discardedCount(d);
  const tokens = d.reduce<Usage | undefined>((sum, r) => addUsage(sum, r), undefined);
  const reported = tokens !== undefined && (tokens.inputTokens !== undefined || tokens.outputTokens !== undefined);
  return `${formatCount(count)} discarded request${count === 1 ? '' : 's'}${reported ? ` (${tokensText(tokens)})` : ''}`;
}

export function RunTotals({ view }: { view: View }) {
  const row = useShrinkFloor<HTMLSpanElement>();
  const lookup = usePriceLookup();
  const cost = runCost(view, lookup);
  const { tokens, discarded } = view.usage;
  const hasDiscarded = discardedCount(discarded) > 0;
  if (!cost.any && tokens === undefined && !hasDiscarded) return null;
  const tokensLine = tokens ? `tokens ${tokensText(tokens)}` : 'no tokens reported';
  const discardedLine = discardedText(discarded ?? []);
  const unknownTitle = `Cost unknown: ${cost.reasons.join('; ')}.${cost.knownUsd > 0 ? ` The parts with a price come to ${formatUsd(cost.knownUsd)}.` : ''} Prices can be edited under "Prices".`;
  return (
    <span ref={row} data-testid="run-totals" className="flex min-w-0 shrink items-baseline gap-2 text-xs text-slate-600 dark:text-slate-300">
      {/* In a crowded bar these truncate too (to a few characters); their titles say them whole. */}
      <span
        data-testid="run-tokens"
        data-truncates
        className="min-w-0 truncate tabular-nums"
        title={`${tokensLine}: the tokens of the turns' requests, as the providers reported them (input includes cache reads and writes)`}
      >
        {tokensLine}
      </span>
      {hasDiscarded && (
        <span
          data-testid="run-discarded"
          data-truncates
          className="min-w-0 truncate tabular-nums text-amber-700 dark:text-amber-400"
          title={`${discardedLine}: requests that never became turns (stopped, failed, cut off); their tokens are in the cost, each priced at the model it was sent to; one refused before any work (401, 403) cost nothing`}
        >
          {discardedLine}
        </span>
      )}
      {cost.usd !== null ? (
        <strong
          data-testid="run-cost"
          data-known="true"
          className="shrink-0 tabular-nums"
          title="The run's cost: every turn at its own model's price, plus the discarded requests"
        >
          {formatUsd(cost.usd)}
        </strong>
      ) : (
        <span data-testid="run-cost" data-known="false" className="flex min-w-0 text-amber-700 dark:text-amber-400" title={unknownTitle}>
          {/* In a crowded bar the reason truncates, never the words (the title has it whole). */}
          <span className="shrink-0 whitespace-pre">cost unknown </span>
          <span data-truncates className="min-w-0 truncate">
            ({cost.reasons.join('; ')})
          </span>
        </span>
      )}
    </span>
  );
}
