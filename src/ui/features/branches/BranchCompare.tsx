// Two branches side by side: how each runs (strategy, model, SYSTEM prompt) and ended, their turns
// aligned by number (the ones made before they parted shown once, as shared), and their totals.
import { useId, useState, type ReactNode, type RefObject } from 'react';
import { costOf, formatUsd } from '../../../agent/cost.ts';
import type { BranchSummary } from '../../../session/branches.ts';
import type { BranchSide, BranchTurnView } from '../../../worker/branch-ops.ts';
import { ModalDialog } from '../../components/Dialog.tsx';
import { usePlayground } from '../../state/playground.tsx';
import { modelLabel } from '../../lib/pricing.ts';
import { tokensText } from '../../components/TurnFigures.tsx';
import { usePriceLookup } from '../../state/usePriceLookup.ts';
import { formatCount, turnOutcome } from '../../lib/format.ts';
import { branchLabel } from './branch-label.ts';
import { compareRows } from './compare-rows.ts';
import { FIELD } from './styles.ts';
import { useBranchComparison } from './useBranchActions.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

const STATUS: Record<BranchSide['status'], string> = { returned: 'returned', failed: 'failed', out_of_turns: 'out of turns', running: 'running' };
const CELL = 'border border-slate-200 p-1.5 align-top dark:border-slate-700';

function SideHead({ side, tag }: { side: BranchSide | null; tag: string }) {
  if (side === null) return <td className={CELL}>No such branch.</td>;
  return (
    <td className={CELL} data-testid={`branch-side-${tag}`}>
      <p className="font-semibold" data-testid={`branch-side-${tag}-name`}>
        {side.name}
      </p>
      <p>
        Strategy <span data-testid={`branch-side-${tag}-strategy`}>{side.strategy}</span>
      </p>
      <p>
        LLM {side.provider}
        {side.model !== undefined ? ` · ${side.model}` : ''}
      </p>
      <p>SYSTEM prompt {side.systemPromptChanged ? 'changed' : 'default'}</p>
      <p>{side.forkedAt > 1 ? `Forked at turn ${side.forkedAt}` : 'From the start'}</p>
      <p>
        <span data-testid={`branch-side-${tag}-status`} className="font-semibold">
          {STATUS[side.status]}
        </span>
        {side.result !== undefined && <span className="font-mono">: {side.result}</span>}
      </p>
    </td>
  );
}

function TurnCell({ turn, tag }: { turn: BranchTurnView | undefined; tag: string }) {
  if (turn === undefined) return <td className={`${CELL} text-slate-500 dark:text-slate-400`}>—</td>;
  return (
    <td className={CELL} data-testid={`branch-turn-${tag}-${turn.number}`}>
      <p className="truncate font-mono" title={turn.program}>
        {turn.program === '' ? '(no program)' : turn.program}
      </p>
      <p>
        <span className={turn.success ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}>{turnOutcome(turn)}</span>{' '}
        <span className="font-mono">{turn.outcome}</span>
      </p>
      <p className="text-slate-600 dark:text-slate-300">{formatCount(turn.promptTokens)} prompt tokens</p>
    </td>
  );
}

function Totals({ side, tag }: { side: BranchSide | null; tag: string }) {
  const lookup = usePriceLookup();
  if (side === null) return <td className={CELL} />;
  const price = lookup(side.model)?.price;
  // Only a known cost is shown: the mock, or a model without a price, costs nothing known.
  const cost = side.usage !== undefined && price !== undefined ? costOf(side.usage, price, modelLabel(side.model)) : null;
  return (
    <td className={CELL} data-testid={`branch-total-${tag}`}>
      <p>{formatCount(side.promptTokens)} prompt tokens (counted)</p>
      {side.usage !== undefined && <p>reported {tokensText(side.usage)}</p>}
      {cost?.known === true && <p>cost {formatUsd(cost.usd)}</p>}
    </td>
  );
}

/** A row of the comparison: what it shows (its header cell), then its cells. */
function Row({ label, testId, className, children }: { label: string; testId?: string; className?: string; children: ReactNode }) {
  return (
    <tr data-testid={testId} className={className}>
      <th scope="row" className={CELL}>
        {label}
      </th>
      {children}
    </tr>
  );
}

function defaults(branches: readonly BranchSummary[]): [string, string] {
  const open = branches.find((b) => b.open) ?? branches[0];
  const parent = branches.find((b) => b.id === open.parent) ?? branches.find((b) => b.id !== open.id) ?? open;
  return [open.id, parent.id];
}

export function BranchCompare({
  branches,
  onClose,
  opener,
}: {
  branches: readonly BranchSummary[];
  onClose: () => void;
  opener: RefObject<HTMLElement | null>;
}) {
  const [[a, b], setPair] = useState(() => defaults(branches));
  const revision = usePlayground((s) => (s.view ? `${s.view.epoch}:${s.view.turns.length}:${s.view.branches.map((x) => `${x.id}/${x.turns}`).join(',')}` : ''));
  const sides = useBranchComparison(a, b, revision);
  const id = useId();
  const [sa, sb] = sides.data ?? [null, null];
  const rows = sa !== null && sb !== null ? compareRows(sa, sb, branches) : [];

  const pick = (tag: string, value: string, set: (v: string) => void) => (
    <select aria-label={`Branch ${tag}`} data-testid={`branch-compare-${tag}`} className={FIELD} value={value} onChange={(e) => set(e.target.value)}>
      {branches.map((x) => (
        <option key={x.id} value={x.id}>
          {branchLabel(x)}
        </option>
      ))}
    </select>
  );

  return (
    <ModalDialog testId="branch-compare-dialog" labelledBy={`${id}-title`} onClose={onClose} opener={opener} panelClassName="w-[64rem]">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-semibold">
          Compare branches
        </h2>
        <button type="button" className={SMALL_BUTTON} data-testid="branch-compare-close" onClick={onClose}>
          Close
        </button>
      </div>
      {sides.isPending ? (
        <p role="status">Comparing…</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-xs" data-testid="branch-compare-table">
          <colgroup>
            <col className="w-16" />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className={CELL}>
                <span className="sr-only">Turn</span>
              </th>
              <th scope="col" className={`${CELL} text-left`}>
                {pick('A', a, (v) => setPair([v, b]))}
              </th>
              <th scope="col" className={`${CELL} text-left`}>
                {pick('B', b, (v) => setPair([a, v]))}
              </th>
            </tr>
          </thead>
          <tbody>
            <Row label="Branch">
              <SideHead side={sa} tag="a" />
              <SideHead side={sb} tag="b" />
            </Row>
            {rows.map((r) =>
              r.kind === 'shared' ? (
                <Row key={r.number} label={`Turn ${r.number}`} testId={`branch-shared-${r.number}`} className="bg-slate-50 dark:bg-slate-800/50">
                  <td colSpan={2} className={CELL}>
                    <span className="mr-1 rounded bg-slate-200 px-1 text-[11px] font-semibold dark:bg-slate-700">shared</span>
                    <span className="font-mono">{r.turn.program.slice(0, 160)}</span> → {turnOutcome(r.turn)}, {formatCount(r.turn.promptTokens)} prompt tokens
                  </td>
                </Row>
              ) : (
                <Row key={r.number} label={`Turn ${r.number}`}>
                  <TurnCell turn={r.a} tag="a" />
                  <TurnCell turn={r.b} tag="b" />
                </Row>
              ),
            )}
            <Row label="Totals">
              <Totals side={sa} tag="a" />
              <Totals side={sb} tag="b" />
            </Row>
          </tbody>
        </table>
      )}
    </ModalDialog>
  );
}
