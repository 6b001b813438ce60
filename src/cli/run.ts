// `ptc run SESSION [--llm openai|anthropic …] [--json]`: run a session with its LLM (the mock, a
// replay, or a real provider) and show every turn.
import { writeFileSync } from 'node:fs';
import { addUsage, mockLlm, replayLlm, LlmError, type Llm, type LlmErrorKind, type Usage } from '../agent/llm.ts';
import type { SentWith } from '../agent/llm-settings.ts';
import { runTurn, initialStep } from '../agent/loop.ts';
import { runRecord, type DiscardedJson } from '../agent/run-record.ts';
import type { Step, Turn } from '../agent/turn.ts';
import { renderToolCall } from '../compression/execution-history.ts';
import { format, printValue } from '../lisp/printer.ts';
import type { LlmConfig, Session } from '../session/session-file.ts';
import { serializeSession } from '../session/session-file.ts';
import { errorLine, UsageError } from './common.ts';
import { hasLlmFlags, LLM_FLAGS, mergeLlm, parseLlmFlags, realLlm } from './llm-options.ts';
import { formatMessages } from './render.ts';
import { loadSession, parseCompressionFlag, parseFlags, parseMaxTurnsFlag } from './session.ts';

export const RUN_USAGE = `usage: ptc run SESSION.json [--llm openai|anthropic] [--base-url URL] [--model NAME] [--temperature T]
                  [--max-tokens N] [--timeout-ms MS] [--retries N] [--compression false|true|NAME|JSON]
                  [--max-turns N] [--json] [--messages] [--replay] [--save OUT.json]
  Runs the session from its first turn with its LLM and prints each turn as it is done.
  --llm P          ask a real provider: openai (any OpenAI-compatible server) or anthropic; the key comes
                   from OPENAI_API_KEY or ANTHROPIC_API_KEY (for a keyless local server, set any value).
                   A session whose llm.provider is openai or anthropic runs with it without --llm.
  --base-url URL   the API's base URL, given to the SDK unchanged (OpenAI-compatible ones end in /v1,
                   e.g. http://localhost:11434/v1; Anthropic's do not)
  --model NAME     the model (required, here or as llm.model in the session)
  --temperature T  0 to 2 (default: the provider's)
  --max-tokens N   output limit per reply (default 4096)
  --timeout-ms MS  give up on a request silent this long (default 120000)
  --retries N      retries of 429, 5xx and connection failures (default 2)
                   These override the session's llm settings field by field.
  --max-turns N    run at most N turns (1 to 10000), instead of the session's maxTurns
  --json       print only the run record on stdout: {ok, status, return?, fail?, error?, errorKind?, llm?,
               turns: [{…, usage?, promptHash?, llm?}], usage: {turns, durationMs, llmMs,
               tokens?: {inputTokens?, cachedInputTokens?, cacheWriteTokens?, outputTokens?} (the turns' sum),
               discarded?: {count, …tokens} (failed requests)}}; messages and warnings go to stderr
  --messages   also print the messages the LLM received before each turn (without the SYSTEM prompt)
  --replay     answer with the replies recorded in the session's turns instead of asking the LLM
  --save FILE  write the session with this run's turns and its provider, base URL and model (never a key)
  Exit: 0 returned, 1 failed or out of turns (or the mock ran out of replies), 2 bad session, option or
  missing key, 3 provider error (the record is still printed with --json), 130 interrupted (Ctrl+C).`;

/** The LLM that answers, and what the run records about it. */
interface Answerer {
  readonly llm: Llm;
  /** The session's settings as run, for --save. */
  readonly config: LlmConfig;
  /** Set for a real provider. */
  readonly sentWith?: SentWith;
}

function answererFor(session: Session, values: ReadonlyMap<string, string>, replay: boolean): Answerer {
  const overrides = parseLlmFlags(values);
  if (replay) {
    if (hasLlmFlags(overrides)) throw new UsageError('--replay answers with the recorded replies; it cannot be combined with --llm, --model or the other LLM options');
    if (session.turns.length === 0) throw new UsageError('--replay needs recorded turns, and the session has none');
    return { llm: replayLlm(session.turns), config: session.llm };
  }
  const config = mergeLlm(session.llm, overrides);
  if (config.provider === 'mock') {
    if (hasLlmFlags(overrides)) throw new UsageError('the session uses the mock LLM; add --llm openai or --llm anthropic to use --base-url, --model and the other LLM options');
    return { llm: mockLlm(session.llm.replies ?? []), config };
  }
  const real = realLlm(config, process.env, overrides.retries);
  return { llm: real.llm, config: real.config, sentWith: real.sentWith };
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

export function formatTurn(turn: Turn, maxTurns: number): string {
  const lines = [`=== Turn ${turn.number} of ${maxTurns} (${turn.success ? 'ok' : 'failed'}, ${turn.durationMs.toFixed(1)} ms) ===`];
  if (turn.usage !== undefined && Object.keys(turn.usage).length > 0) lines.push(`--- tokens: ${formatTokens(turn.usage)}`);
  lines.push(turn.program !== '' ? turn.program : `(no program; the reply was:)\n${indent(turn.rawResponse)}`);
  if (turn.toolCalls.length > 0) {
    lines.push('--- tool calls');
    for (const c of turn.toolCalls) {
      const outcome = c.error !== undefined ? `error: ${c.error}` : format(c.result, { limit: 3, printableLimit: 60 }).text;
      lines.push(`${renderToolCall(c).replace(/^;\s+/, '')} => ${outcome}`);
    }
  }
  if (turn.warnings !== undefined && turn.warnings.length > 0) lines.push('--- warning', ...turn.warnings);
  if (turn.prints.length > 0) lines.push('--- output', ...turn.prints);
  if (turn.success) lines.push(turn.signal === 'return' ? '--- return' : '--- result', printValue(turn.result));
  else if (turn.error?.type === 'fail') lines.push('--- fail', printValue(turn.result));
  else if (turn.error) lines.push('--- error', turn.error.type === 'no_code' ? turn.error.message : errorLine({ ...turn.error, type: turn.error.type }));
  return lines.join('\n');
}

export function formatOutcome(step: Step, stopped?: string): string {
  if (stopped !== undefined) return `=== Stopped ===\n${stopped}`;
  switch (step.status) {
    case 'returned':
      return `=== Returned ===\n${printValue(step.return ?? null)}`;
    case 'failed':
      return `=== Failed ===\n${step.fail?.message ?? ''}`;
    case 'out_of_turns':
      return `=== Out of turns ===\n${step.fail?.message ?? ''}`;
    default:
      return '=== Running ===';
  }
}

/** `in 812, cached 600, written 0, out 42`: the reported fields only. */
export function formatTokens(u: Usage): string {
  const parts: string[] = [];
  if (u.inputTokens !== undefined) parts.push(`in ${u.inputTokens}`);
  if (u.cachedInputTokens !== undefined) parts.push(`cached ${u.cachedInputTokens}`);
  if (u.cacheWriteTokens !== undefined) parts.push(`written ${u.cacheWriteTokens}`);
  if (u.outputTokens !== undefined) parts.push(`out ${u.outputTokens}`);
  return parts.join(', ');
}

/** Why the run stopped before it ended, when the LLM could not answer. */
interface Stop {
  readonly message: string;
  readonly kind: LlmErrorKind;
}

function exitCode(step: Step, stop: Stop | undefined): number {
  if (stop?.kind === 'aborted') return 130;
  // The mock running out of replies is a script problem, not a provider's (exit 1, as before).
  if (stop !== undefined) return stop.kind === 'no_reply' ? 1 : 3;
  return step.status === 'returned' ? 0 : 1;
}

export async function runCommand(argv: string[]): Promise<number> {
  const { file, values, flags } = parseFlags(argv, ['--compression', '--save', '--max-turns', ...LLM_FLAGS], ['--json', '--messages', '--replay']);
  const compression = values.has('--compression') ? parseCompressionFlag(values.get('--compression') as string) : undefined;
  const maxTurns = values.has('--max-turns') ? parseMaxTurnsFlag(values.get('--max-turns') as string) : undefined;
  const { session, agent, warnings: opened } = loadSession(file, compression, maxTurns);
  const { llm, config, sentWith } = answererFor(session, values, flags.has('--replay'));
  const json = flags.has('--json');
  for (const w of [...opened, ...agent.warnings]) process.stderr.write(`warning: ${w}\n`);

  // Ctrl+C stops the request in flight and the run ends with what was done; a second one quits at once.
  const controller = new AbortController();
  const onSigint = (): void => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nptc run: stopping (Ctrl+C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onSigint);

  let step = initialStep();
  let stop: Stop | undefined;
  let discarded: DiscardedJson | undefined;
  try {
    while (step.status === 'running') {
      try {
        const next = await runTurn(agent, step, llm, { signal: controller.signal, ...(sentWith !== undefined ? { sentWith } : {}) });
        const turn = next.turns[next.turns.length - 1];
        if (!json) {
          if (flags.has('--messages')) process.stdout.write(formatMessages(turn.messages, false) + '\n\n');
          process.stdout.write(formatTurn(turn, agent.def.maxTurns) + '\n\n');
        }
        step = next;
      } catch (e) {
        if (!(e instanceof LlmError)) throw e;
        stop = { message: e.message, kind: e.kind };
        // A failed request may still have cost tokens; keep them so the totals stay honest.
        if (e.usage !== undefined) discarded = { count: 1, ...addUsage(undefined, e.usage) };
        break;
      }
    }
  } finally {
    process.off('SIGINT', onSigint);
  }

  if (values.has('--save')) {
    const out = values.get('--save') as string;
    const { discardedRequests: _earlierRun, ...rest } = session;
    // The saved turns are this run's, so only this run's failed requests go with them.
    writeFileSync(out, serializeSession({ ...rest, llm: config, turns: [...step.turns], ...(discarded !== undefined ? { discardedRequests: discarded } : {}) }));
    process.stderr.write(`saved ${step.turns.length} turns to ${out}\n`);
  }
  const provider = stop !== undefined && stop.kind !== 'no_reply' && stop.kind !== 'aborted';
  if (provider) process.stderr.write(`ptc run: ${stop?.message ?? ''}\n`);
  if (json) {
    const rec = runRecord(step, {
      ...(stop !== undefined ? { error: stop.message, errorKind: stop.kind } : {}),
      ...(sentWith !== undefined ? { llm: sentWith } : {}),
      ...(discarded !== undefined ? { discarded } : {}),
    });
    process.stdout.write(JSON.stringify(rec, null, 2) + '\n');
  } else {
    // A provider's message went to stderr; stdout says only that the run stopped and why, in a word.
    process.stdout.write(formatOutcome(step, provider ? `provider error (${stop?.kind ?? ''})` : stop?.message) + '\n');
    const totals = step.usage.tokens;
    if (totals !== undefined || discarded !== undefined) {
      const lines = [`=== Tokens (${step.usage.turns} ${step.usage.turns === 1 ? 'turn' : 'turns'}) ===`, totals !== undefined ? formatTokens(totals) : 'none reported'];
      if (discarded !== undefined) lines.push(`plus a failed request: ${formatTokens(discarded)}`);
      process.stdout.write(lines.join('\n') + '\n');
    }
  }
  return exitCode(step, stop);
}
