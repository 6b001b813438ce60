// Prompt caching and cost, per strategy: the share of prompt tokens a cache could serve, the turns
// where the cache breaks (the request does not repeat all of the previous one), and the run's prompt
// cost at a model's price without and with caching.
import { formatUsd } from '../../../agent/cost.ts';
import type { CompareView } from '../../../worker/compare-view.ts';
import { usePriceBook } from '../../state/usePriceBook.ts';
import { usePlayground } from '../../state/playground.tsx';
import { usePriceLookup } from '../../state/usePriceLookup.ts';
import { cacheableShare, cacheBreaks, formatPercent } from './compare-figures.ts';
import { LabelledSelect } from './LabelledSelect.tsx';
import { promptCost } from './prompt-cost.ts';
import { ScrollTable } from './ScrollTable.tsx';
import { useCompare } from './useCompare.ts';

const CELL = 'px-1.5 py-0.5 text-right font-mono whitespace-nowrap tabular-nums';
const HEAD = 'px-1.5 py-0.5 text-right';

/** The models to choose from: the session's own model first, then every priced model. */
function useModels(): { sessionModel: string | undefined; models: string[] } {
  const sessionModel = usePlayground((s) => s.view?.setup.definition.llm.model);
  const sessionPrices = usePlayground((s) => s.view?.setup.definition.prices);
  const app = usePriceBook((s) => s.table);
  const models = [...new Set([...(sessionModel ? [sessionModel] : []), ...Object.keys(sessionPrices ?? {}), ...app.keys()])];
  return { sessionModel, models };
}

function breaksText(turns: readonly number[]): string {
  return turns.length === 0 ? 'none' : turns.join(', ');
}

export function CachingCost({ view }: { view: CompareView }) {
  const chosen = useCompare((s) => s.priceModel);
  const setModel = useCompare((s) => s.setPriceModel);
  const lookup = usePriceLookup();
  const { sessionModel, models } = useModels();
  // The session's model when it has a price; else the first priced model.
  const model = chosen ?? (lookup(sessionModel) ? sessionModel : models.find((m) => lookup(m))) ?? '';
  const found = lookup(model);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <LabelledSelect
          label="Priced as"
          testId="cost-model"
          value={model}
          choices={models.map((m) => ({ value: m, label: m === sessionModel ? `${m} (the session's model)` : m }))}
          onChange={setModel}
        />
        <span data-testid="cost-price" className="text-slate-600 dark:text-slate-400">
          {found
            ? `input ${formatUsd(found.price.input)}, cached input ${formatUsd(found.price.cachedInput ?? found.price.input)} per million tokens (${found.source === 'session' ? "the session's price" : 'the price table'})`
            : `no price for ${model || 'this model'}: add one in Prices`}
        </span>
      </div>
      <ScrollTable
        label="Caching and cost, scrollable"
        testId="cost-table"
        caption="Prompt caching and the prompt cost of the run per strategy"
        head={
          <>
            <th scope="col" className="px-1.5 py-0.5 text-left">
              strategy
            </th>
            <th scope="col" className={HEAD}>
              cacheable
            </th>
            <th scope="col" className="px-1.5 py-0.5 text-left" title="turns whose request does not repeat all of the previous one">
              cache breaks at turns
            </th>
            <th scope="col" className={HEAD}>
              prompt cost, no cache
            </th>
            <th scope="col" className={HEAD}>
              with cache
            </th>
          </>
        }
      >
        {view.strategies.map((s) => {
          const cost = found ? promptCost(s.requests, found.price) : null;
          return (
            <tr key={s.name} data-testid={`cost-row-${s.name}`} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="px-1.5 py-0.5 text-left font-mono font-normal whitespace-nowrap">
                {s.name}
              </th>
              <td data-testid={`cost-cacheable-${s.name}`} className={CELL}>
                {formatPercent(cacheableShare(s))}
              </td>
              <td data-testid={`cost-breaks-${s.name}`} className="px-1.5 py-0.5 font-mono">
                {breaksText(cacheBreaks(s))}
              </td>
              <td data-testid={`cost-plain-${s.name}`} className={CELL}>
                {cost ? formatUsd(cost.withoutCache) : '—'}
              </td>
              <td data-testid={`cost-cached-${s.name}`} className={CELL}>
                {cost ? formatUsd(cost.withCache) : '—'}
              </td>
            </tr>
          );
        })}
      </ScrollTable>
      <p data-testid="cost-footnote" className="text-[11px] text-slate-500 dark:text-slate-400">
        An estimate of the prompt cost only (the completions are the same for every strategy): without caching, Σ tokens × input price; with caching, Σ (tokens
        − cacheable) × input + cacheable × cached-input price, where cacheable is what repeats the previous request&apos;s start. Cache writes are priced as
        plain input; a cache that expires between requests serves less.
      </p>
    </div>
  );
}
