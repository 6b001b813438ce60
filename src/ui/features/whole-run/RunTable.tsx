// The run table: for every strategy (rows; full history first, the baseline) its prompt tokens per
// turn, the run's total, the saving against full history with and without the SYSTEM prompt, and the
// share a prompt cache could serve. A request costlier than full history's is marked, with why.
import type { CompareStrategyView, CompareView } from '../../../worker/compare-view.ts';
import { formatCount } from '../../lib/format.ts';
import { ScrollTable } from './ScrollTable.tsx';
import { baselineOf, cacheableShare, costlierReason, formatPercent, savingFraction, totalWithoutSystem } from './compare-figures.ts';

const COSTLIER = 'bg-amber-100 text-amber-950 dark:bg-amber-900/50 dark:text-amber-100';
const CELL = 'px-1.5 py-0.5 text-right font-mono whitespace-nowrap tabular-nums';

function StrategyName({ s, baseline }: { s: CompareStrategyView; baseline: boolean }) {
  const options = Object.entries(s.options);
  return (
    <th scope="row" className="sticky left-0 bg-white px-1.5 py-0.5 text-left font-normal whitespace-nowrap dark:bg-slate-950" title={s.description}>
      <span className="font-mono">{s.name}</span>
      {baseline && <span className="ml-1 text-[10px] text-slate-500 dark:text-slate-400">baseline</span>}
      {s.session && (
        <span
          className="ml-1 text-[10px] text-sky-700 dark:text-sky-300"
          title={options.length > 0 ? `the session's strategy, with ${options.map(([k, v]) => `${k} ${String(v)}`).join(', ')}` : "the session's strategy"}
        >
          session
        </span>
      )}
    </th>
  );
}

function TurnCell({ s, r }: { s: CompareStrategyView; r: CompareStrategyView['requests'][number] }) {
  const costlier = r.overFull > 0;
  return (
    <td
      data-testid={`run-cell-${s.name}-${r.turn}`}
      data-costlier={costlier ? 'true' : undefined}
      className={`${CELL} ${costlier ? COSTLIER : ''}`}
      title={costlier ? costlierReason(r) : undefined}
    >
      {formatCount(r.tokens)}
      {costlier && (
        <span aria-hidden="true" className="ml-0.5 text-[10px]">
          ▲
        </span>
      )}
      {costlier && <span className="sr-only"> (costlier than full history)</span>}
    </td>
  );
}

/** The costlier cells with their reasons, readable without a mouse. */
function CostlierNote({ view }: { view: CompareView }) {
  const cells = view.strategies.flatMap((s) => s.requests.filter((r) => r.overFull > 0).map((r) => ({ s, r })));
  if (cells.length === 0) return null;
  const strategies = new Set(cells.map((c) => c.s.name)).size;
  return (
    <div className="flex flex-col gap-1 text-xs text-slate-700 dark:text-slate-300">
      <p data-testid="run-costlier-note">
        <span className={`rounded px-1 ${COSTLIER}`}>▲ Marked</span> requests ({cells.length}, in {strategies} strateg{strategies === 1 ? 'y' : 'ies'}) cost
        more than full history&apos;s for the same turn. Early in a run there is little history to leave out, while a compressed rendering adds its own sections
        (the <code>user/</code> prelude with samples, the tool calls made, summaries): it pays off once enough turns are left out.
      </p>
      <details>
        <summary className="cursor-pointer">Why each marked request costs more</summary>
        <ul data-testid="run-costlier-reasons" className="mt-1 flex flex-col gap-0.5 pl-4">
          {cells.map(({ s, r }) => (
            <li key={`${s.name}-${r.turn}`} className="break-words">
              <span className="font-mono">{s.name}</span>, turn {r.turn}: {costlierReason(r)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

export function RunTable({ view }: { view: CompareView }) {
  const full = baselineOf(view);
  if (!full) return null;
  const fullNoSystem = totalWithoutSystem(view, full);
  const turns = full.requests.map((r) => r.turn);
  return (
    <div className="flex flex-col gap-1">
      <ScrollTable
        label="Run table, scrollable"
        testId="run-table"
        caption="Prompt tokens per turn for every strategy, with totals and savings against full history"
        head={
          <>
            <th scope="col" className="sticky left-0 bg-slate-50 px-1.5 py-0.5 text-left dark:bg-slate-900">
              strategy
            </th>
            {turns.map((t) => (
              <th key={t} scope="col" className="px-1.5 py-0.5 text-right font-mono" title={`prompt tokens of turn ${t}'s request`}>
                t{t}
              </th>
            ))}
            <th scope="col" className="px-1.5 py-0.5 text-right" title="prompt tokens of every request of the run">
              total
            </th>
            <th scope="col" className="px-1.5 py-0.5 text-right" title="1 − total / full history's total">
              saving
            </th>
            <th scope="col" className="px-1.5 py-0.5 text-right" title="the same without the SYSTEM prompt (total − turns × SYSTEM tokens)">
              saving w/o SYSTEM
            </th>
            <th
              scope="col"
              className="px-1.5 py-0.5 text-right"
              title="share of the prompt tokens that repeat the previous request's start (a prompt cache can serve them)"
            >
              cacheable
            </th>
          </>
        }
      >
        {view.strategies.map((s) => (
          <tr key={s.name} data-testid={`run-row-${s.name}`} className="border-t border-slate-100 dark:border-slate-800">
            <StrategyName s={s} baseline={s === full} />
            {s.requests.map((r) => (
              <TurnCell key={r.turn} s={s} r={r} />
            ))}
            <td data-testid={`run-total-${s.name}`} className={`${CELL} font-semibold`}>
              {formatCount(s.total)}
            </td>
            <td data-testid={`run-saving-${s.name}`} className={CELL}>
              {s === full ? '—' : formatPercent(savingFraction(s.total, full.total))}
            </td>
            <td data-testid={`run-saving-nosys-${s.name}`} className={CELL}>
              {s === full ? '—' : formatPercent(savingFraction(totalWithoutSystem(view, s), fullNoSystem))}
            </td>
            <td data-testid={`run-cacheable-${s.name}`} className={CELL}>
              {formatPercent(cacheableShare(s))}
            </td>
          </tr>
        ))}
      </ScrollTable>
      <p className="text-[11px] text-slate-500 dark:text-slate-400">
        o200k_base tokens of every message of each request, SYSTEM ({formatCount(view.systemTokens)} tokens per request) included unless said. Strategies other
        than the session&apos;s render with their default options.
      </p>
      <CostlierNote view={view} />
    </div>
  );
}
