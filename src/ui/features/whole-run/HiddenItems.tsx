// What a strategy hides, against full history: the distinct items by kind (tool results, tool calls,
// println output, failed attempts, old code, values without a sample) and each item with the turn it
// comes from, a button that selects that turn in the app.
import { useState } from 'react';
import type { ItemKind } from '../../../compression/compare/visibility.ts';
import type { CompareStrategyView, CompareView, HiddenItemView } from '../../../worker/compare-view.ts';
import { useController } from '../../state/playground.tsx';
import { LabelledSelect } from './LabelledSelect.tsx';
import { useCompare } from './useCompare.ts';

export const KIND_NAMES: Record<ItemKind, string> = {
  toolResult: 'tool results',
  toolCall: 'tool calls',
  print: 'println output',
  failedAttempt: 'failed attempts',
  oldCode: 'old code',
  unsampledValue: 'values without a sample',
};

const KINDS = Object.keys(KIND_NAMES) as ItemKind[];

/** The strategy listed: the one chosen, else the session's own, else the first compressed one. */
export function hiddenStrategy(view: CompareView, chosen: string | null): CompareStrategyView | undefined {
  return view.strategies.find((s) => s.name === chosen) ?? view.strategies.find((s) => s.session) ?? view.strategies[1] ?? view.strategies[0];
}

function ItemRow({ item, onSelect }: { item: HiddenItemView; onSelect: (turn: number) => void }) {
  return (
    <li data-testid={`hidden-item-${item.id}`} className="flex items-baseline gap-2">
      <button
        type="button"
        data-testid="hidden-item-turn"
        aria-label={`Select turn ${item.turn}`}
        onClick={() => onSelect(item.turn)}
        className="shrink-0 rounded border border-slate-300 px-1 font-mono text-[11px] text-sky-800 hover:bg-sky-50 dark:border-slate-600 dark:text-sky-200 dark:hover:bg-sky-950"
      >
        t{item.turn}
      </button>
      <span className="min-w-0 truncate font-mono text-[11px]" title={item.label}>
        {item.label}
      </span>
    </li>
  );
}

/** Items listed before "show all": a long run hides hundreds. */
export const SHOWN_ITEMS = 25;

function KindList({ kind, items, onSelect }: { kind: ItemKind; items: readonly HiddenItemView[]; onSelect: (turn: number) => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, SHOWN_ITEMS);
  return (
    <div className="flex flex-col gap-0.5">
      <h4 className="text-[11px] font-semibold text-slate-600 dark:text-slate-300">
        {KIND_NAMES[kind]} ({items.length})
      </h4>
      <ul data-testid={`hidden-list-${kind}`} className="flex flex-col gap-0.5">
        {shown.map((item) => (
          <ItemRow key={item.id} item={item} onSelect={onSelect} />
        ))}
      </ul>
      {items.length > shown.length && (
        <button
          type="button"
          data-testid={`hidden-more-${kind}`}
          onClick={() => setAll(true)}
          className="self-start text-[11px] text-sky-800 underline dark:text-sky-200"
        >
          show all {items.length}
        </button>
      )}
    </div>
  );
}

/** Per request: how many items of the turns before it the request hides (an item counts in every request that hides it). */
function PerRequest({ s }: { s: CompareStrategyView }) {
  const kinds = KINDS.filter((k) => s.requests.some((r) => r.hidden[k] > 0));
  if (kinds.length === 0) return null;
  return (
    <div className="relative overflow-x-auto">
      <table data-testid="hidden-per-request" className="text-[11px]">
        <caption className="text-left text-slate-600 dark:text-slate-400">Hidden in each request (turn k&apos;s request shows turns before k)</caption>
        <thead>
          <tr>
            <th scope="col" className="px-1 text-left font-normal">
              kind
            </th>
            {s.requests.map((r) => (
              <th key={r.turn} scope="col" className="px-1 text-right font-normal">
                t{r.turn}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map((k) => (
            <tr key={k} data-testid={`hidden-per-request-${k}`}>
              <th scope="row" className="px-1 text-left font-normal whitespace-nowrap">
                {KIND_NAMES[k]}
              </th>
              {s.requests.map((r) => (
                <td key={r.turn} className={`px-1 text-right font-mono tabular-nums ${r.hidden[k] === 0 ? 'text-slate-400 dark:text-slate-500' : ''}`}>
                  {r.hidden[k]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function HiddenItems({ view }: { view: CompareView }) {
  const chosen = useCompare((s) => s.hiddenOf);
  const setHiddenOf = useCompare((s) => s.setHiddenOf);
  const c = useController();
  const s = hiddenStrategy(view, chosen);
  if (!s) return null;
  const total = KINDS.reduce((n, k) => n + s.hidden[k], 0);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <LabelledSelect
          label="Strategy"
          testId="hidden-strategy"
          value={s.name}
          choices={view.strategies.map((o) => ({ value: o.name, label: o.session ? `${o.name} (session)` : o.name }))}
          onChange={setHiddenOf}
        />
        <span data-testid="hidden-total" className="text-slate-600 dark:text-slate-400">
          hides {total} item{total === 1 ? '' : 's'} over the run (each counted once)
        </span>
      </div>
      <dl data-testid="hidden-counts" className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
        {KINDS.map((k) => (
          <div key={k} data-testid={`hidden-count-${k}`} className={s.hidden[k] === 0 ? 'text-slate-500 dark:text-slate-400' : ''}>
            <dt className="inline">{KIND_NAMES[k]} </dt>
            <dd className="inline font-mono">{s.hidden[k]}</dd>
          </div>
        ))}
      </dl>
      <PerRequest s={s} />
      {KINDS.filter((k) => s.hiddenItems.some((i) => i.kind === k)).map((k) => (
        <KindList key={`${s.name}-${k}`} kind={k} items={s.hiddenItems.filter((i) => i.kind === k)} onSelect={(turn) => void c.select(turn)} />
      ))}
    </div>
  );
}
