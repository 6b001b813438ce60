// What the LLM receives for the selected turn: the compressed rendering (strategy selectable) beside
// the full uncompressed history of the same turns, with sizes in characters and tokens and the saving;
// and, on its own tab, the exact HTTP request of that turn.
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import type { Message } from '../../../records/records.ts';
import type { RenderView, View } from '../../../worker/engine.ts';
import { useController, usePlayground, useTokenCounts } from '../../state/playground.tsx';
import { formatCount } from '../../lib/format.ts';
import { Loading } from '../../components/Loading.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Tabs, type TabLook, type TabSpec } from '../../components/Tab.tsx';

// The Request tab's view loads when the tab is first chosen, or pointed at.
const loadRequestView = () => import('./RequestView.tsx');
const RequestView = lazy(() => loadRequestView().then((m) => ({ default: m.RequestView })));
const preloadRequestView = () => void loadRequestView();

type Side = 'compressed' | 'full';
const SIDE_NAMES: Record<Side, string> = { compressed: 'Compressed', full: 'Full history' };

interface Tokens {
  total: number | null;
  /** Tokens of every message but the SYSTEM prompt, which is the same on both sides. */
  history: number | null;
  failed: boolean;
}

function useSideTokens(render: RenderView | null): Tokens {
  const texts = useMemo(() => (render ? render.messages.map((m) => m.content) : null), [render]);
  const q = useTokenCounts(texts);
  if (!q.data || !render) return { total: null, history: null, failed: q.isError };
  const counts = q.data;
  const total = counts.reduce((a, b) => a + b, 0);
  const history = counts.reduce((a, n, i) => a + (render.messages[i]?.role === 'system' ? 0 : n), 0);
  return { total, history, failed: false };
}

/** Characters of every message but the SYSTEM prompt. */
export function historyCharacters(render: RenderView): number {
  return render.messages.reduce((n, m) => n + (m.role === 'system' ? 0 : m.content.length), 0);
}

/** 1 − compressed/full, as "62.4 %" (negative when the compressed side is larger). */
export function savingOf(compressed: number, full: number): string {
  if (full <= 0) return '—';
  const pct = Math.round((1 - compressed / full) * 1000) / 10;
  return `${pct.toFixed(1).replace('-', '−')} %`;
}

function MessageBlock({ message, testId, wrap, label }: { message: Message; testId?: string; wrap: boolean; label: string }) {
  const role = message.role.toUpperCase();
  const tone =
    message.role === 'user'
      ? 'border-sky-300 dark:border-sky-700'
      : message.role === 'assistant'
        ? 'border-violet-300 dark:border-violet-700'
        : 'border-slate-300 dark:border-slate-600';
  return (
    <div className={`rounded border-l-4 bg-white pl-2 dark:bg-slate-900 ${tone}`} data-role={message.role}>
      <h4 className="flex items-baseline justify-between pr-1 text-[11px] font-semibold tracking-wide text-slate-500 dark:text-slate-400">
        <span>{role}</span>
        <span className="font-normal">{formatCount(message.content.length)} chars</span>
      </h4>
      {/* Unwrapped by default: the ; comments line up at column 30, as the LLM sees them. */}
      {/* Focusable: the keyboard scrolls a long unwrapped line too. */}
      <pre
        data-testid={testId}
        tabIndex={0}
        aria-label={label}
        className={`relative overflow-x-auto py-1 font-mono text-xs leading-5 text-slate-900 dark:text-slate-100 ${wrap ? 'whitespace-pre-wrap break-words' : 'whitespace-pre'}`}
      >
        {message.content}
      </pre>
    </div>
  );
}

function HiddenSystem({ message, onShow }: { message: Message; onShow: () => void }) {
  return (
    <button
      type="button"
      className="rounded border-l-4 border-slate-300 bg-slate-50 px-2 py-1 text-left text-[11px] text-slate-500 hover:text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-400 dark:hover:text-slate-200"
      onClick={onShow}
    >
      SYSTEM: {formatCount(message.content.length)} characters, hidden (static reference; click to show)
    </button>
  );
}

function Figure({ label, value, testId, title }: { label: string; value: string; testId?: string; title?: string }) {
  return (
    <div className="flex flex-col" title={title}>
      <dt className="text-[10px] uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd data-testid={testId} className="font-mono text-sm tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/**
 * Messages shown at once: the full history of a long run has thousands, so the ones before the last
 * MESSAGE_TAIL stay folded (counted, one click away) after the first (the SYSTEM prompt).
 */
const MESSAGE_TAIL = 60;

function SideColumn({
  side,
  render,
  tokens,
  showSystem,
  onShowSystem,
  wrap,
  figures = true,
  outdated = false,
  children,
}: {
  side: Side;
  render: RenderView;
  tokens: Tokens;
  showSystem: boolean;
  onShowSystem: () => void;
  wrap: boolean;
  /** False when the strategy's figures do not describe these messages (a turn's messages as sent, edited since). */
  figures?: boolean;
  /** True when these messages are from before an edit that left the session unable to run. */
  outdated?: boolean;
  children: ReactNode;
}) {
  const lastUser = render.messages.reduce((at, m, i) => (m.role === 'user' ? i : at), -1);
  const [unfolded, setUnfolded] = useState(false);
  const folded = unfolded ? 0 : Math.max(0, render.messages.length - 1 - MESSAGE_TAIL);
  const shown = (i: number) => i === 0 || i > folded;
  const s = render.stats;
  const tokenText = tokens.total !== null ? formatCount(tokens.total) : tokens.failed ? '?' : '…';
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2" data-outdated={outdated ? 'true' : undefined}>
      <div className="flex flex-col gap-1 rounded border border-slate-200 p-2 dark:border-slate-700">
        {children}
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          <Figure label="characters" value={formatCount(s.characters)} testId={`${side}-chars`} />
          <Figure label="tokens" value={tokenText} testId={`${side}-tokens`} title="o200k_base (GPT-4o) tokens of all messages" />
          <Figure label="messages" value={String(render.messages.length)} />
        </dl>
        {side === 'compressed' && figures && (
          <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400" data-testid="compressed-figures">
            <div>
              <dt className="inline">turns summarized </dt>
              <dd className="inline font-mono">{s.turnsSummarized}</dd>
            </div>
            <div>
              <dt className="inline">tool calls shown/dropped </dt>
              <dd className="inline font-mono">
                {s.toolCallsShown}/{s.toolCallsDropped}
              </dd>
            </div>
            <div>
              <dt className="inline">println shown/dropped </dt>
              <dd className="inline font-mono">
                {s.printsShown}/{s.printsDropped}
              </dd>
            </div>
            <div>
              <dt className="inline">failed turns collapsed </dt>
              <dd className="inline font-mono">{s.failedTurnsCollapsed}</dd>
            </div>
          </dl>
        )}
      </div>
      <div data-testid={`${side}-messages`} className={`flex flex-col gap-2 ${outdated ? 'opacity-60' : ''}`}>
        {render.messages.map((m, i) =>
          !shown(i) ? (
            i === 1 && (
              <button
                key="folded"
                type="button"
                data-testid={`${side}-folded`}
                className="rounded border-l-4 border-slate-300 bg-slate-50 px-2 py-1 text-left text-[11px] text-slate-500 hover:text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-400 dark:hover:text-slate-200"
                onClick={() => setUnfolded(true)}
              >
                {formatCount(folded)} earlier messages folded (click to show them all)
              </button>
            )
          ) : m.role === 'system' && !showSystem ? (
            <HiddenSystem key={i} message={m} onShow={onShowSystem} />
          ) : (
            <MessageBlock
              key={i}
              message={m}
              wrap={wrap}
              testId={i === lastUser ? `${side}-user` : undefined}
              label={`${SIDE_NAMES[side]}: message ${i + 1}, ${m.role}`}
            />
          ),
        )}
      </div>
    </div>
  );
}

/**
 * Says whether these are the messages the turn was really sent, and whether the definition changed
 * since; a turn edited since shows how it renders now (what the figures describe), or as it was sent.
 */
function RecordedNote({ render, asSent, onToggle }: { render: RenderView; asSent: boolean; onToggle: () => void }) {
  if (!render.recorded) return null;
  const toggle = (testId: string, label: string) => (
    <button type="button" data-testid={testId} className="ml-1 underline hover:text-amber-900 dark:hover:text-amber-200" onClick={onToggle}>
      {label}
    </button>
  );
  if (!render.stale) {
    return (
      <p data-testid="recorded-note" className="text-xs text-emerald-700 dark:text-emerald-400">
        As sent to the LLM for this turn.
      </p>
    );
  }
  return (
    <p data-testid="recorded-note" className="text-xs text-amber-700 dark:text-amber-400">
      {asSent ? (
        <>
          As sent. The session was edited after this turn ran, so the next turns would be shown differently (the strategy&apos;s figures are those of the
          rendering now).
          {render.rendered && toggle('show-rendered', 'Show as it renders now')}
        </>
      ) : (
        <>
          The session was edited after this turn ran: shown as the current definition renders it, not as it was sent.
          {toggle('show-sent', 'Show as sent')}
        </>
      )}
    </p>
  );
}

/** Session compression off: the LLM gets the full history, so there is nothing compressed to show. */
function isOff(view: View): boolean {
  return view.setup.definition.compression === false || view.setup.definition.compression === null;
}

function Compare({ view }: { view: View }) {
  const controller = useController();
  const picked = usePlayground((s) => s.strategy);
  const [showSystem, setShowSystem] = useState(false);
  const [wrap, setWrap] = useState(false);
  // "Show as sent" holds for the turn and definition it was asked on: an edit shows the new rendering.
  const here = `${view.epoch}:${view.definitionRev}:${view.selected}`;
  const [sentFor, setSentFor] = useState<string | null>(null);
  const headingId = useId();
  const c = view.compressed;
  const asSent = c.stale && (c.rendered === undefined || sentFor === here);
  // Text and figures always of one rendering: a turn edited since shows how it renders now, unless asked.
  const shown: RenderView = c.stale && c.rendered && !asSent ? { ...c, messages: c.rendered.messages, stats: c.rendered.stats } : c;
  // With the session's compression off, the compressed side says so and shows nothing compressed.
  const off = isOff(view) && picked === null;
  const problem = c.unavailable ?? view.full.unavailable;
  const nothing = shown.messages.length === 0 && problem !== undefined;
  const compressedTokens = useSideTokens(off || nothing ? null : shown);
  const fullTokens = useSideTokens(nothing ? null : view.full);
  const byTokens = compressedTokens.history !== null && fullTokens.history !== null;
  // The SYSTEM prompt is identical on both sides (and cached by providers), so the saving is over the rest.
  const saving =
    off || nothing
      ? '—'
      : byTokens
        ? savingOf(compressedTokens.history as number, fullTokens.history as number)
        : savingOf(historyCharacters(shown), historyCharacters(view.full));
  const strategy = view.setup.strategies.find((s) => s.name === c.strategy);
  const known = strategy !== undefined;
  const next = view.status === 'running' && view.selected === view.turns.length + 1;
  const sessionOff = isOff(view);

  const select = (
    <select
      data-testid="strategy-select"
      aria-label="Preview strategy"
      className="min-w-0 rounded border border-slate-300 bg-white px-1 py-0.5 text-xs dark:border-slate-600 dark:bg-slate-800"
      value={off ? '' : c.strategy}
      onChange={(e) => {
        const v = e.target.value;
        void controller.setStrategy(v === '' || (!sessionOff && v === view.setup.sessionStrategy) ? null : v);
      }}
    >
      {sessionOff && <option value="">off (session)</option>}
      {view.setup.strategies.map((s) => (
        <option key={s.name} value={s.name} title={s.description}>
          {s.name}
          {!sessionOff && s.name === view.setup.sessionStrategy ? ' (session)' : ''}
        </option>
      ))}
      {!known && !off && <option value={c.strategy}>{c.strategy} (unknown)</option>}
    </select>
  );
  const header = (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Compressed</h3>
        {/* A preview, not the setting: the session's strategy is set under Mission → Compression. */}
        <label
          className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400"
          title="Preview the messages under another strategy; the session's own is set under Mission → Compression"
        >
          preview with {select}
        </label>
        {picked !== null && (
          <button
            type="button"
            data-testid="preview-session-strategy"
            className="rounded border border-slate-300 px-1.5 text-[11px] hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            onClick={() => void controller.setStrategy(null)}
          >
            back to the session's ({sessionOff ? 'off' : view.setup.sessionStrategy})
          </button>
        )}
      </div>
      {off ? (
        <p data-testid="compression-off" className="text-xs text-slate-600 dark:text-slate-400">
          Compression is off: the LLM gets the full history (right). Pick a strategy here to see what it would send.
        </p>
      ) : (
        strategy && <p className="text-xs text-slate-600 dark:text-slate-400">{strategy.description}</p>
      )}
      {!off && <RecordedNote render={c} asSent={asSent} onToggle={() => setSentFor(asSent ? null : here)} />}
    </>
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 p-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400" data-testid="messages-heading">
          Messages for turn {view.selected}
          {next ? ' (next)' : ''}
        </h2>
        <div className="flex items-center gap-3">
          <span
            className="text-sm"
            title={
              off
                ? 'Compression is off: nothing is saved'
                : `1 − compressed/full, by ${byTokens ? 'tokens' : 'characters (tokens are loading)'}, without the SYSTEM prompt (the same on both sides)`
            }
          >
            saving{' '}
            <strong data-testid="saving" className="font-mono">
              {saving}
            </strong>
            {!off && !nothing && (
              <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">by {byTokens ? 'tokens' : 'characters'}, SYSTEM excluded</span>
            )}
          </span>
          {saving.startsWith('−') && (
            <span data-testid="saving-note" className="max-w-xs text-[11px] text-amber-800 dark:text-amber-300">
              Negative: early in a run the compressed message's summaries (tool/, data/, user/, what each turn did) are longer than the few turns they stand
              for; the saving grows as turns add output.
            </span>
          )}
          <Checkbox testId="toggle-system" checked={showSystem} onChange={setShowSystem}>
            SYSTEM prompt
          </Checkbox>
          <Checkbox testId="toggle-wrap" checked={wrap} onChange={setWrap}>
            wrap lines
          </Checkbox>
        </div>
      </div>
      {problem !== undefined && (
        <p
          role="status"
          data-testid="messages-outdated"
          className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          {nothing ? problem : `Out of date: these messages are from before the last edit. ${problem}`}
        </p>
      )}
      <div className="flex gap-2">
        {off || nothing ? (
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-col gap-1 rounded border border-slate-200 p-2 dark:border-slate-700">{header}</div>
          </div>
        ) : (
          <SideColumn
            side="compressed"
            render={shown}
            tokens={compressedTokens}
            showSystem={showSystem}
            onShowSystem={() => setShowSystem(true)}
            wrap={wrap}
            figures={!(c.stale && asSent)}
            outdated={problem !== undefined}
          >
            {header}
          </SideColumn>
        )}
        {nothing ? null : (
          <SideColumn
            side="full"
            render={view.full}
            tokens={fullTokens}
            showSystem={showSystem}
            onShowSystem={() => setShowSystem(true)}
            wrap={wrap}
            outdated={problem !== undefined}
          >
            <h3 className="text-sm font-semibold">Full history</h3>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {off ? 'What the LLM gets: every reply and its output, uncompressed.' : 'Every reply and its output, uncompressed, for the same turns.'}
            </p>
          </SideColumn>
        )}
      </div>
    </section>
  );
}

type TabName = 'messages' | 'request';

const VIEWS: readonly TabSpec<TabName>[] = [
  { value: 'messages', label: 'Messages', title: 'The messages of the selected turn, compressed beside the full history' },
  {
    value: 'request',
    label: 'Request',
    title: 'The HTTP request of the selected turn: the exact body, and the headers that carry its settings (the key is never shown)',
    onPreload: preloadRequestView,
  },
];

const VIEW_TAB: TabLook = {
  list: 'flex gap-1 border-b border-slate-200 px-2 dark:border-slate-800',
  base: 'border-b-2 px-2 py-1 text-xs font-semibold',
  selected: 'border-sky-500 text-sky-800 dark:text-sky-200',
  other: 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200',
};

export function MessagesCompare() {
  const view = usePlayground((s) => s.view);
  const [tab, setTab] = useState<TabName>('messages');
  if (view === null) return <p className="p-2 text-sm text-slate-500">Opening…</p>;
  return (
    <div className="flex flex-col">
      <Tabs tabs={VIEWS} current={tab} onSelect={setTab} label="What the LLM gets" look={VIEW_TAB} testIdPrefix="tab-" />
      {tab === 'messages' ? (
        <Compare view={view} />
      ) : (
        <div className="p-2">
          <Suspense fallback={<Loading what="the request" />}>
            <RequestView view={view} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
