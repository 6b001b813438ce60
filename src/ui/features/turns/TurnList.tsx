// Every turn of the run: program, println output, tool calls, result or error, duration, success, and
// what its request cost (model, tokens, price, SYSTEM prompt fingerprint).
// Clicking a turn shows the messages the LLM received for it; the "next turn" row follows the run.
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ToolCallView, TurnView, View } from '../../../worker/engine.ts';
import { useController, usePlayground } from '../../state/playground.tsx';
import { TurnFigures } from '../../components/TurnFigures.tsx';
import type { PriceLookup } from '../../lib/pricing.ts';
import { usePriceLookup } from '../../state/usePriceLookup.ts';
import { ClojureCode } from '../../components/ClojureCode.tsx';
import { formatMs, formatReason, turnOutcome } from '../../lib/format.ts';

const sectionTitle = 'text-[11px] font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';

const OUTCOME_STYLE: Record<ReturnType<typeof turnOutcome>, string> = {
  returned: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  fail: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200',
  ok: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200',
  error: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200',
};

function Badge({ turn }: { turn: TurnView }) {
  const text = turnOutcome(turn);
  const cls = OUTCOME_STYLE[text];
  return (
    <span
      data-testid="turn-badge"
      className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ${cls}`}
      title={turn.success ? 'The program ran' : 'The turn failed'}
    >
      {text}
    </span>
  );
}

function ToolCall({ call }: { call: ToolCallView }) {
  return (
    <li className="rounded border border-slate-200 p-1.5 dark:border-slate-700">
      <div className="flex items-baseline justify-between gap-2">
        <ClojureCode code={`(tool/${call.name}${call.args.map((a) => ` ${a}`).join('')})`} />
        <span data-testid="tool-call-time" className="shrink-0 text-[11px] text-slate-500 dark:text-slate-400">
          {call.server !== undefined && (
            <span data-testid="tool-call-server" title={`An MCP server's tool${call.tool !== undefined ? ` (its own name: ${call.tool})` : ''}`}>
              {call.server}
              {call.tool !== undefined ? `/${call.tool}` : ''} ·{' '}
            </span>
          )}
          {formatMs(call.durationMs)}
        </span>
      </div>
      {call.error !== undefined ? (
        <p className="font-mono text-xs text-rose-700 dark:text-rose-400">error: {call.error}</p>
      ) : (
        <ClojureCode code={`=> ${call.result}`} className="text-slate-700 dark:text-slate-300" />
      )}
    </li>
  );
}

const TurnCard = memo(function TurnCard({
  turn,
  previousHash,
  lookup,
  selected,
  onSelect,
  action,
}: {
  turn: TurnView;
  previousHash: string | undefined;
  lookup: PriceLookup;
  selected: boolean;
  onSelect: (n: number) => void;
  action?: TurnAction;
}) {
  return (
    <article
      data-testid={`turn-${turn.number}`}
      data-selected={selected ? 'true' : 'false'}
      aria-current={selected ? 'true' : undefined}
      className={`flex flex-col gap-1.5 rounded-md border p-2 text-sm ${
        selected
          ? 'border-sky-500 bg-white ring-1 ring-sky-500 dark:border-sky-400 dark:bg-sky-950/40 dark:ring-sky-400'
          : 'border-slate-200 bg-white hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-500'
      }`}
      onClick={() => onSelect(turn.number)}
    >
      <header className="flex items-center gap-2">
        <button type="button" className="font-semibold hover:underline" title="Show the messages the LLM received for this turn">
          Turn {turn.number}
        </button>
        <Badge turn={turn} />
        <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="turn-duration">
          {formatMs(turn.durationMs)}
        </span>
        {turn.toolCalls.length > 0 && (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {turn.toolCalls.length} tool call{turn.toolCalls.length === 1 ? '' : 's'}
          </span>
        )}
        {action && <span className="ml-auto">{action(turn.number)}</span>}
      </header>
      <TurnFigures turn={turn} previousHash={previousHash} lookup={lookup} />
      {turn.program.trim() !== '' ? (
        <ClojureCode
          code={turn.program}
          testId="turn-program"
          className="rounded bg-slate-50 p-1.5 dark:bg-slate-950"
          {...(turn.error?.line !== undefined
            ? { error: { line: turn.error.line, column: turn.error.column ?? 1, message: `${turn.error.type}: ${turn.error.message}` } }
            : {})}
        />
      ) : (
        <p className="text-xs italic text-slate-500 dark:text-slate-400">The reply had no program.</p>
      )}
      {turn.warnings?.map((w, i) => (
        <p key={i} data-testid="turn-warning" className="font-mono text-xs text-amber-700 dark:text-amber-400">
          warning: {w}
        </p>
      ))}
      {turn.prints.length > 0 && (
        <div>
          <h4 className={sectionTitle}>Output</h4>
          <pre
            data-testid="turn-prints"
            className="max-h-48 relative overflow-auto whitespace-pre-wrap break-words rounded bg-slate-100 p-1.5 font-mono text-xs dark:bg-slate-800"
          >
            {turn.prints.join('\n')}
          </pre>
        </div>
      )}
      {turn.toolCalls.length > 0 && (
        <div>
          <h4 className={sectionTitle}>Tool calls</h4>
          <ul data-testid="turn-tool-calls" className="flex flex-col gap-1">
            {turn.toolCalls.map((c, i) => (
              <ToolCall key={i} call={c} />
            ))}
          </ul>
        </div>
      )}
      {turn.error !== undefined && turn.signal !== 'fail' ? (
        <div role="note" className="rounded bg-rose-50 p-1.5 font-mono text-xs text-rose-800 dark:bg-rose-950/50 dark:text-rose-300">
          <p data-testid="turn-error">{formatReason(turn.error)}</p>
          {turn.error.hint !== undefined && (
            <p data-testid="turn-error-hint" className="mt-0.5 font-sans text-rose-700 dark:text-rose-300">
              Hint: {turn.error.hint}
            </p>
          )}
        </div>
      ) : (
        turn.result !== null && (
          <div data-testid="turn-result">
            <h4 className={sectionTitle}>{turn.signal === 'return' ? 'Returned' : turn.signal === 'fail' ? 'Failed with' : 'Result'}</h4>
            <ClojureCode code={turn.result} className="max-h-48 relative overflow-auto" />
          </div>
        )
      )}
      <details onClick={(e) => e.stopPropagation()}>
        <summary className="cursor-pointer text-xs text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200">LLM reply</summary>
        <pre
          data-testid="turn-raw"
          className="mt-1 max-h-64 relative overflow-auto whitespace-pre-wrap break-words rounded bg-slate-100 p-1.5 font-mono text-xs dark:bg-slate-800"
        >
          {turn.rawResponse}
        </pre>
      </details>
    </article>
  );
});

function EndRow({ view }: { view: View }) {
  const text =
    view.status === 'returned'
      ? `Returned ${view.returnValue ?? ''}`
      : view.status === 'failed'
        ? `Failed: ${view.failMessage ?? ''}`
        : `Out of turns: ${view.failMessage ?? `all ${view.setup.maxTurns} turns used`}`;
  const cls =
    view.status === 'returned'
      ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-200'
      : 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-700 dark:bg-rose-950/40 dark:text-rose-200';
  return (
    <div data-testid="turn-end" className={`rounded-md border p-2 font-mono text-xs whitespace-pre-wrap break-words ${cls}`}>
      {text}
    </div>
  );
}

/** Cards are measured once shown; this is the guess for the ones not shown yet. */
const ESTIMATED_CARD_PX = 220;
const GAP_PX = 8;
/** Cards kept in the DOM above and below the visible ones (smooth scrolling, Tab to a neighbour). */
const OVERSCAN = 4;

/** The nearest ancestor that scrolls (the panel's region); the list's own parent where none does. */
function scrollParentOf(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return p;
  }
  return el?.parentElement ?? null;
}

/**
 * Where there is no layout (a test's DOM) every size reads 0: the viewport is then taken as the
 * window's height, and unmeasured cards as empty, so every card is shown.
 */
const observeRect: typeof observeElementRect<HTMLElement> = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: typeof window !== 'undefined' ? window.innerHeight : 0 }));

/** What a turn offers beside its title (the layout gives "Fork from here"), for the turn numbered `at`. */
export type TurnAction = (at: number) => ReactNode;

/**
 * The turns of the run, then the next turn's row or how the run ended. The layout gives what this
 * list shows of other features: a bar above the cards (the branches) and each turn's action.
 */
export function TurnList({ above, action }: { above?: ReactNode; action?: TurnAction } = {}) {
  const view = usePlayground((s) => s.view);
  const c = useController();
  const lookup = usePriceLookup();
  const bottom = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // Found once: looking for it reads computed styles, and the virtualizer asks at every render.
  const scroller = useRef<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // One callback for every render, so the memoized cards in sight are not drawn again at each view.
  const onSelect = useCallback((n: number) => void c.select(n), [c]);
  const count = view?.turns.length ?? 0;

  // Only the cards in sight (and a few around them) are in the DOM: a long run has thousands.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => (scroller.current ??= scrollParentOf(list.current)),
    estimateSize: () => ESTIMATED_CARD_PX,
    gap: GAP_PX,
    overscan: OVERSCAN,
    scrollMargin,
    observeElementRect: observeRect,
    getItemKey: (i) => view?.turns[i]?.number ?? i,
  });

  // The list's offset inside the scrolling panel (below the heading, whose height does not change), so
  // positions line up; measured once the list is there.
  const hasView = view !== null;
  useLayoutEffect(() => {
    const el = list.current;
    const panel = (scroller.current ??= scrollParentOf(el));
    if (!el || !panel) return;
    setScrollMargin(el.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop);
  }, [hasView]);

  // A turn selected from elsewhere (a hidden item, a branch comparison) is brought into sight; a
  // card clicked in the list is in sight already, and stays where it is.
  const selectedTurn = view !== null && view.selected <= count ? view.selected : null;
  useEffect(() => {
    if (selectedTurn !== null) virtualizer.scrollToIndex(selectedTurn - 1, { align: 'auto' });
    // Only a change of the selection scrolls: the virtualizer object is the same from render to render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedTurn]);

  // Follow the run: a new turn scrolls into view.
  useEffect(() => {
    const el = bottom.current;
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
  }, [count]);

  if (view === null) return <p className="p-2 text-sm text-slate-500">Opening…</p>;
  const running = view.status === 'running';
  const next = view.turns.length + 1;
  const items = virtualizer.getVirtualItems();

  return (
    <section data-testid="turn-list" aria-label="Turns" className="flex flex-col gap-2 p-2">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        Turns{' '}
        <span className="font-normal normal-case">
          ({view.turns.length} of {view.setup.maxTurns})
        </span>
      </h2>
      {above}
      <div ref={list} data-testid="turn-cards" data-shown={items.length} style={{ height: count > 0 ? virtualizer.getTotalSize() : 0, position: 'relative' }}>
        {items.map((item) => {
          const t = view.turns[item.index];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              <TurnCard
                turn={t}
                previousHash={view.turns[item.index - 1]?.promptHash}
                lookup={lookup}
                selected={view.selected === t.number}
                onSelect={onSelect}
                action={action}
              />
            </div>
          );
        })}
      </div>
      {running ? (
        <div className="flex items-start gap-2">
          <button
            type="button"
            data-testid="turn-next"
            data-selected={view.selected === next ? 'true' : 'false'}
            aria-current={view.selected === next ? 'true' : undefined}
            className={`flex-1 rounded-md border border-dashed p-2 text-left text-sm ${
              view.selected === next
                ? 'border-sky-500 bg-sky-50 text-sky-900 dark:border-sky-400 dark:bg-sky-950/40 dark:text-sky-100'
                : 'border-slate-300 text-slate-600 hover:border-slate-500 dark:border-slate-600 dark:text-slate-400'
            }`}
            title="Show the messages the LLM receives for the next turn (and follow the run)"
            onClick={() => void c.select(null)}
          >
            Turn {next} (next): the messages the LLM will receive
          </button>
          {action?.(next)}
        </div>
      ) : (
        <EndRow view={view} />
      )}
      <div ref={bottom} />
    </section>
  );
}
