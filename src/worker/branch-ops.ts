// Branches as the page works with them: fork the open run at a turn with other settings, open or
// remove a branch, and compare two branches side by side (their turns, how each ended, tokens).
import { prepareAgent } from '../agent/loop.ts';
import type { Usage } from '../agent/usage.ts';
import type { Turn } from '../agent/turn.ts';
import { addUsage } from '../agent/usage.ts';
import { strategyNames } from '../compression/strategies/index.ts';
import type { TokenCounter } from '../compression/tokens.ts';
import { printValue } from '../lisp/printer.ts';
import { checkout, fork, openBranch, removeBranch, type BranchResult } from '../session/branches.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../session/session-file.ts';
import { strategyNameOf } from './message-views.ts';

/** A fork as the page asks for it: settings in the session file's forms, each absent when unchanged. */
export interface ForkRequest {
  /** The first turn the branch makes itself (it keeps the turns before it). */
  readonly at: number;
  readonly name: string;
  readonly compression?: unknown;
  /** null: the default prompt. */
  readonly systemPrompt?: unknown;
  /** Fields put over the open branch's LLM settings (model, temperature, provider, baseUrl…). */
  readonly llm?: Readonly<Record<string, unknown>>;
}

export type BranchOp = { readonly ok: true; readonly session: Session } | { readonly ok: false; readonly errors: readonly string[] };

const failed = (r: Extract<BranchResult, { ok: false }>): BranchOp => ({ ok: false, errors: [r.error] });

/** The open session forked as asked; the settings are checked as a session file's would be. */
export function forkSession(current: Session, request: ForkRequest): BranchOp {
  const head = JSON.parse(serializeSession({ ...current, turns: [], branches: [] })) as Record<string, unknown>;
  if (request.compression !== undefined) head.compression = request.compression;
  if (request.systemPrompt === null) delete head.systemPrompt;
  else if (request.systemPrompt !== undefined) head.systemPrompt = request.systemPrompt;
  if (request.llm !== undefined) head.llm = { ...(head.llm as Record<string, unknown>), ...request.llm };
  delete head.branch;
  const parsed = parseSession(head);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const s = parsed.session;
  const prepared = prepareAgent(sessionToAgent(s));
  if (!prepared.ok) return { ok: false, errors: prepared.errors.map((e) => (/unknown strategy/i.test(e) ? `${e} (known: ${strategyNames().join(', ')})` : e)) };
  const forked = fork(current, request.at, request.name, { compression: s.compression, systemPrompt: s.systemPrompt ?? null, llm: s.llm });
  return forked.ok ? forked : failed(forked);
}

export function checkoutSession(current: Session, id: string): BranchOp {
  const r = checkout(current, id);
  return r.ok ? r : failed(r);
}

export function removeBranchOf(current: Session, id: string): BranchOp {
  const r = removeBranch(current, id);
  return r.ok ? r : failed(r);
}

export interface BranchTurnView {
  readonly number: number;
  /** Made before the fork: the same turn in both branches. */
  readonly shared: boolean;
  readonly program: string;
  readonly success: boolean;
  /** The turn ended the run with return or fail. */
  readonly signal: 'return' | 'fail' | null;
  /** The result (or the error) in one short line. */
  readonly outcome: string;
  /** o200k tokens of the request's messages, as sent. */
  readonly promptTokens: number;
  readonly usage?: Usage;
}

export interface BranchSide {
  readonly id: string;
  readonly name: string;
  readonly forkedAt: number;
  readonly strategy: string;
  readonly provider: string;
  readonly model?: string;
  readonly systemPromptChanged: boolean;
  /** returned, failed, out of turns, or running (not finished). */
  readonly status: 'returned' | 'failed' | 'out_of_turns' | 'running';
  /** The value returned, or why it failed. */
  readonly result?: string;
  readonly turns: readonly BranchTurnView[];
  readonly promptTokens: number;
  /** Reported usage summed (absent when no turn reported any). */
  readonly usage?: Usage;
}

function short(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function statusOf(turns: readonly Turn[], maxTurns: number): BranchSide['status'] {
  const last = turns[turns.length - 1];
  if (last?.signal === 'return') return 'returned';
  if (last?.signal === 'fail') return 'failed';
  return turns.length >= maxTurns ? 'out_of_turns' : 'running';
}

/** One branch of the open session, whole, for a side-by-side comparison (null: no such branch). */
export function branchSide(current: Session, id: string, count: TokenCounter): BranchSide | null {
  const opened = checkout(current, id);
  if (!opened.ok) return null;
  const s = opened.session;
  const info = openBranch(s);
  let usage: Usage | undefined;
  let promptTokens = 0;
  const turns = s.turns.map((t): BranchTurnView => {
    const tokens = t.messages.reduce((n, m) => n + count(m.content), 0);
    promptTokens += tokens;
    if (t.usage !== undefined) usage = addUsage(usage, t.usage);
    const outcome = t.success ? printValue(t.result) : `${t.error?.type ?? 'error'}: ${t.error?.message ?? ''}`;
    return {
      number: t.number,
      shared: t.number < info.forkedAt && info.parent !== null,
      // Lines kept: the comparison shows a program's first lines.
      program: t.program.length > 400 ? `${t.program.slice(0, 399)}…` : t.program,
      success: t.success,
      signal: t.signal,
      outcome: short(outcome),
      promptTokens: tokens,
      ...(t.usage !== undefined ? { usage: t.usage } : {}),
    };
  });
  const status = statusOf(s.turns, s.maxTurns);
  const last = s.turns[s.turns.length - 1];
  const result = status === 'returned' || status === 'failed' ? short(printValue(last.result), 400) : undefined;
  return {
    id: info.id,
    name: info.name,
    forkedAt: info.forkedAt,
    strategy: strategyNameOf(s.compression),
    provider: s.llm.provider,
    ...(s.llm.model !== undefined ? { model: s.llm.model } : {}),
    systemPromptChanged: s.systemPrompt !== undefined,
    status,
    ...(result !== undefined ? { result } : {}),
    turns,
    promptTokens,
    ...(usage !== undefined ? { usage } : {}),
  };
}
