// "Prices": the table every cost is computed from (USD per million tokens). The defaults carry the
// date they were taken; people edit, add and remove models, saved in this browser; the open session's
// own prices are listed apart because they win over the table.
import type { ModelPrice } from '../../../agent/cost.ts';
import { usePriceBook } from '../../state/usePriceBook.ts';
import { usePlayground } from '../../state/playground.tsx';
import { AddPriceRow, PriceRow } from './PriceRow.tsx';
import { PRICE_COLUMNS } from './price-form.ts';
import { priceLookup, sessionPriceTable } from '../../lib/pricing.ts';
import { ModalDialog } from '../../components/Dialog.tsx';
import { SMALL_BUTTON } from '../../components/buttons.ts';

function Head({ last }: { last: string }) {
  return (
    <thead>
      <tr className="text-left text-[11px] text-slate-500 dark:text-slate-400">
        <th className="px-1 font-medium">Model</th>
        {PRICE_COLUMNS.map((c) => (
          <th key={c.key} className="px-1 text-right font-medium" title={c.help}>
            {c.label}
          </th>
        ))}
        <th className="px-1 font-medium">{last}</th>
        <th />
      </tr>
    </thead>
  );
}

function price(n: number | undefined): string {
  return n === undefined ? '= input' : String(n);
}

function SessionPrices({ prices }: { prices: Readonly<Record<string, ModelPrice>> }) {
  const models = Object.keys(prices);
  if (models.length === 0) return null;
  return (
    <section data-testid="session-prices" className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold">This session's own prices</h3>
      <p className="text-[11px] text-slate-500 dark:text-slate-400">Saved in the session file; for these models they win over the table below.</p>
      <table className="w-full text-xs">
        <Head last="" />
        <tbody>
          {models.map((m) => (
            <tr key={m} data-testid={`session-price-${m}`} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-1 py-0.5 font-mono">{m}</td>
              {PRICE_COLUMNS.map((c) => (
                <td key={c.key} className="px-1 text-right font-mono tabular-nums">
                  {price(prices[m][c.key])}
                </td>
              ))}
              <td className="px-1 text-[11px] text-slate-500">session</td>
              <td />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function PricesDialog({ onClose }: { onClose: () => void }) {
  const table = usePriceBook((s) => s.table);
  const generation = usePriceBook((s) => s.generation);
  const problem = usePriceBook((s) => s.problem);
  const { setPrice, removeModel, reset } = usePriceBook((s) => s);
  const sessionPrices = usePlayground((s) => s.view?.setup.definition.prices) ?? {};
  const sessionModel = usePlayground((s) => s.view?.setup.definition.llm.model);
  const sessionTable = sessionPriceTable(sessionPrices);
  const found = priceLookup(sessionTable, table)(sessionModel);

  return (
    <ModalDialog testId="prices-dialog" labelledBy="prices-title" onClose={onClose} panelClassName="w-[46rem] gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="prices-title" className="font-semibold">
          Prices <span className="font-normal text-slate-500 dark:text-slate-400">(USD per million tokens)</span>
        </h2>
        <button type="button" className={SMALL_BUTTON} data-testid="prices-close" onClick={onClose}>
          Close
        </button>
      </div>
      <p data-testid="prices-session-model" className="text-xs text-slate-600 dark:text-slate-300">
        {sessionModel === undefined || sessionModel === ''
          ? 'The open session names no model (the mock costs nothing).'
          : found
            ? `The open session's model ${sessionModel} is priced from ${found.source === 'session' ? "the session's own prices" : `the table (${found.key})`}.`
            : `The open session's model ${sessionModel} has no price: its cost shows as unknown until you add one.`}
      </p>
      {problem !== null && (
        <p role="status" data-testid="prices-problem" className="rounded bg-amber-50 p-1.5 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {problem}
        </p>
      )}
      <SessionPrices prices={sessionPrices} />
      <section className="flex flex-col gap-1">
        <h3 className="text-xs font-semibold">Prices in this browser</h3>
        <p className="text-[11px] text-slate-500 dark:text-slate-400">
          A dated model (<code>gpt-4o-2024-08-06</code>) uses the price of its name. Empty cache prices use the input price. Changes are saved as you type.
        </p>
        <table className="w-full text-xs" data-testid="prices-table">
          <Head last="Source" />
          <tbody key={generation}>
            {[...table].map(([model, p]) => (
              <PriceRow
                key={model}
                model={model}
                price={p}
                note={sessionTable.has(model) ? "the session's price wins" : null}
                onSave={(next) => setPrice(model, next)}
                onRemove={() => removeModel(model)}
              />
            ))}
            <AddPriceRow exists={(m) => table.has(m)} onAdd={(m, next) => setPrice(m, next)} />
          </tbody>
        </table>
      </section>
      <div className="flex justify-end">
        <button type="button" className={SMALL_BUTTON} data-testid="prices-reset" title="Forget every edit: the built-in prices again" onClick={reset}>
          Reset to defaults
        </button>
      </div>
    </ModalDialog>
  );
}
