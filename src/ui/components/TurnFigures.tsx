// One turn's request: the model it went to, its tokens (cache reads and writes apart), what it cost at
// that model's price, and the SYSTEM prompt's fingerprint, marked when it differs from the turn before.
import { Fragment, type ReactNode } from 'react';
import { formatUsd } from '../../agent/cost.ts';
import type { Usage } from '../../agent/llm.ts';
import type { TurnView } from '../../worker/engine.ts';
import { formatCount, shortHash } from '../lib/format.ts';
import { turnCost, type PriceLookup } from '../lib/pricing.ts';

/** "in 1,000 (cache read 800, write 0) · out 200". */
export function tokensText(u: Usage): string {
  const cache = [
    u.cachedInputTokens !== undefined ? `cache read ${formatCount(u.cachedInputTokens)}` : null,
    u.cacheWriteTokens !== undefined ? `write ${formatCount(u.cacheWriteTokens)}` : null,
  ].filter((x) => x !== null);
  const input = u.inputTokens !== undefined ? `in ${formatCount(u.inputTokens)}${cache.length > 0 ? ` (${cache.join(', ')})` : ''}` : 'in ?';
  return `${input} · out ${u.outputTokens !== undefined ? formatCount(u.outputTokens) : '?'}`;
}

function sentWithTitle(turn: TurnView): string {
  const l = turn.llm;
  if (!l) return '';
  const parts = [
    `provider ${l.provider}`,
    l.model !== undefined ? `model ${l.model}` : 'no model named',
    l.baseUrl !== undefined ? `base URL ${l.baseUrl}` : null,
    l.temperature !== undefined ? `temperature ${l.temperature}` : null,
    l.maxOutputTokens !== undefined ? `max output ${l.maxOutputTokens} tokens` : null,
  ];
  return `Sent with ${parts.filter((p) => p !== null).join(', ')}`;
}

function CostFigure({ turn, lookup }: { turn: TurnView; lookup: PriceLookup }) {
  const cost = turnCost(turn, lookup);
  if (cost === null) return null;
  if (!cost.known) {
    return (
      <span
        data-testid="turn-cost"
        data-known="false"
        className="cursor-help text-amber-700 underline decoration-dotted dark:text-amber-400"
        title={`Cost unknown: ${cost.why}`}
      >
        cost unknown
      </span>
    );
  }
  const found = lookup(turn.llm?.model);
  const p = cost.parts;
  const title = [
    `input ${formatUsd(p.input)}, cache read ${formatUsd(p.cachedInput)}, cache write ${formatUsd(p.cacheWrite)}, output ${formatUsd(p.output)}`,
    found ? `at the ${found.source === 'session' ? "session's own" : "app's"} price for ${found.key}` : '',
  ].join(' ');
  return (
    <span data-testid="turn-cost" data-known="true" className="font-semibold text-slate-700 dark:text-slate-200" title={title}>
      {formatUsd(cost.usd)}
    </span>
  );
}

export function TurnFigures({ turn, previousHash, lookup }: { turn: TurnView; previousHash: string | undefined; lookup: PriceLookup }) {
  const changed = turn.promptHash !== undefined && previousHash !== undefined && turn.promptHash !== previousHash;
  const parts: ReactNode[] = [];
  if (turn.llm) {
    parts.push(
      <span key="model" data-testid="turn-model" className="font-mono" title={sentWithTitle(turn)}>
        {turn.llm.model ?? turn.llm.provider}
      </span>,
    );
  }
  if (turn.llm !== undefined || turn.usage !== undefined) {
    parts.push(
      <span key="tokens" data-testid="turn-tokens" className="tabular-nums">
        {turn.usage ? tokensText(turn.usage) : 'tokens not reported'}
      </span>,
      <CostFigure key="cost" turn={turn} lookup={lookup} />,
    );
  }
  if (turn.promptHash !== undefined) {
    parts.push(
      <span
        key="prompt"
        data-testid="turn-prompt"
        className="font-mono"
        title={`SYSTEM prompt fingerprint ${turn.promptHash}${changed ? ` (the turn before had ${previousHash})` : ''}`}
      >
        prompt {shortHash(turn.promptHash)}
        {changed && (
          <span
            data-testid="turn-prompt-changed"
            className="ml-1 rounded bg-amber-100 px-1 font-sans font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-200"
          >
            changed
          </span>
        )}
      </span>,
    );
  }
  if (turn.language !== undefined) {
    parts.push(
      <span
        key="language"
        data-testid="turn-language"
        className="rounded bg-slate-100 px-1 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        title={`This turn ran under ${turn.language.name}: its SYSTEM prompt taught that language, and its outcome and definitions are those recorded then. New turns run under ${turn.language.current}.`}
      >
        {turn.language.name}
      </span>,
    );
  }
  if (parts.length === 0) return null;
  return (
    <div data-testid="turn-figures" className="flex flex-wrap items-baseline text-[11px] text-slate-500 dark:text-slate-400">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="text-slate-300 dark:text-slate-600">&nbsp;·&nbsp;</span>}
          {p}
        </Fragment>
      ))}
    </div>
  );
}
