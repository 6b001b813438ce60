// `ptc run SESSION [--llm openai|anthropic …] [--json]`: run a session with its LLM (the mock, a
// replay, or a real provider) and show every turn.
import { writeFileSync } from 'node:fs';
import { addUsage, mockLlm, replayLlm, LlmError, type Llm, type LlmErrorKind, type Usage } from '../agent/llm.ts';
import type { SentWith } from '../agent/llm-settings.ts';
import { runTurn, initialStep, type PreparedAgent } from '../agent/loop.ts';
import { runRecord, type DiscardedJson } from '../agent/run-record.ts';
import type { Step, Turn } from '../agent/turn.ts';
import { renderToolCall } from '../compression/execution-history.ts';
import { format, printCapped, printValue } from '../lisp/printer.ts';
import type { LlmConfig, Session } from '../session/session-file.ts';
import type { DiscardedRequest } from '../session/schema.ts';
import { MAX_TURNS_CAP, serializeSession } from '../session/session-file.ts';
import { defineCommand } from './args.ts';
import { errorLine, UsageError } from './common.ts';
import { EXIT, type CliIo } from './io.ts';
import { hasLlmFlags, LLM_OPTIONS, llmFlagValues, mergeLlm, parseLlmFlags, realLlm } from './llm-options.ts';
import { formatMessages } from './render.ts';
import { MCP_OPTIONS, sessionServers, type RunServers } from './mcp-options.ts';
import { COMPRESSION_OPTION, loadSession, parseCompressionFlag, parseMaxTurnsFlag, SESSION_ARGUMENT } from './session.ts';

/** The LLM that answers, and what the run records about it. */
interface Answerer {
  readonly llm: Llm;
  /** The session's settings as run, for --save. */
  readonly config: LlmConfig;
  /** Set for a real provider. */
  readonly sentWith?: SentWith;
}

function answererFor(session: Session, values: ReadonlyMap<string, string>, replay: boolean, env: NodeJS.ProcessEnv): Answerer {
  const overrides = parseLlmFlags(values);
  if (replay) {
    if (hasLlmFlags(overrides))
      throw new UsageError('--replay answers with the recorded replies; it cannot be combined with --llm, --model or the other LLM options');
    if (session.turns.length === 0) throw new UsageError('--replay needs recorded turns, and the session has none');
    return { llm: replayLlm(session.turns), config: session.llm };
  }
  const config = mergeLlm(session.llm, overrides);
  if (config.provider === 'mock') {
    if (hasLlmFlags(overrides))
      throw new UsageError('the session uses the mock LLM; add --llm openai or --llm anthropic to use --base-url, --model and the other LLM options');
    return { llm: mockLlm(session.llm.replies ?? []), config };
  }
  const real = realLlm(config, env, overrides.retries);
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
  else if (turn.error?.type === 'fail') lines.push('--- fail', printCapped(turn.result));
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

export const runCommand = defineCommand({
  name: 'run',
  summary: 'run an agent session with its LLM (the mock, a replay or a real provider) and print every turn',
  usage: ['SESSION.json [options]'],
  description:
    "Runs the session from its first turn with its LLM and prints each turn as it is done. The session's MCP servers (and those of --mcp and --mcp-stdio) connect before the first request, each named on stderr; with --tools recorded nothing connects and each call is answered from the session's recorded calls. Ctrl+C stops the request or the tool calls in flight and ends the run with what was done; a second one quits at once.",
  positionals: [SESSION_ARGUMENT],
  options: {
    ...LLM_OPTIONS,
    compression: COMPRESSION_OPTION,
    'max-turns': { type: 'string', value: 'N', description: `run at most N turns (1 to ${MAX_TURNS_CAP}), instead of the session's maxTurns` },
    json: {
      type: 'boolean',
      description:
        "print only the run record on stdout: {ok, status, return?, fail?, error?, errorKind?, llm?, turns: [{…, usage?, promptHash?, llm?}], usage: {turns, durationMs, llmMs, tokens?: {inputTokens?, cachedInputTokens?, cacheWriteTokens?, outputTokens?} (the turns' sum), discarded?: {count, …tokens} (failed requests)}}; messages and warnings go to stderr",
    },
    messages: { type: 'boolean', description: 'also print the messages the LLM received before each turn (without the SYSTEM prompt)' },
    replay: { type: 'boolean', description: "answer with the replies recorded in the session's turns instead of asking the LLM" },
    save: {
      type: 'string',
      value: 'OUT.json',
      description:
        "write the session with this run's turns, its provider, base URL and model, and its MCP servers with their tools (never a key, header or command)",
    },
    ...MCP_OPTIONS,
  },
  exitCodes: [
    [0, 'the run returned'],
    [1, 'the run failed ((fail …)), ran out of turns, or the mock LLM ran out of replies'],
    [2, 'no API key or no model for a real provider (before any request)'],
    [
      3,
      'the provider failed: HTTP error, refused connection or timeout (the record is still printed with --json); or an MCP server could not be reached (before any request)',
    ],
    [130, 'interrupted (Ctrl+C)'],
  ],
  async run({ values, positionals }, io) {
    const compression = values.compression !== undefined ? parseCompressionFlag(values.compression) : undefined;
    const maxTurns = values['max-turns'] !== undefined ? parseMaxTurnsFlag(values['max-turns']) : undefined;
    let servers: RunServers | undefined;
    try {
      const {
        session,
        agent,
        warnings: opened,
      } = await loadSession(positionals[0], io.stdin, compression, maxTurns, (s) => sessionServers(s, values, io, (connected) => (servers = connected)));
      const { llm, config, sentWith } = answererFor(session, llmFlagValues(values), values.replay, io.env);
      // A saved run names its servers with the tools they listed for it (T1).
      const saved = agent.def.mcpServers !== undefined ? { ...session, mcpServers: agent.def.mcpServers } : session;
      return await runSession(
        saved,
        agent,
        { llm, config, sentWith },
        { json: values.json, messages: values.messages, save: values.save },
        [...opened, ...agent.warnings],
        io,
      );
    } finally {
      await servers?.close();
    }
  },
});

async function runSession(
  session: Session,
  agent: PreparedAgent,
  { llm, config, sentWith }: Answerer,
  flags: { json: boolean; messages: boolean; save: string | undefined },
  warnings: readonly string[],
  io: CliIo,
): Promise<number> {
  const json = flags.json;
  for (const w of warnings) io.stderr.write(`warning: ${w}\n`);

  // Ctrl+C stops the request in flight and the run ends with what was done; a second one quits at once.
  const controller = new AbortController();
  const onSigint = (): void => {
    if (controller.signal.aborted) {
      io.quit?.(EXIT.interrupted);
      return;
    }
    io.stderr.write('\nptc run: stopping (Ctrl+C again to quit at once)\n');
    controller.abort();
  };
  const stopListening = io.onInterrupt?.(onSigint);

  let step = initialStep();
  let stop: Stop | undefined;
  let discarded: DiscardedJson | undefined;
  let failed: DiscardedRequest | undefined;
  try {
    while (step.status === 'running') {
      try {
        const next = await runTurn(agent, step, llm, { signal: controller.signal, ...(sentWith !== undefined ? { sentWith } : {}) });
        const turn = next.turns[next.turns.length - 1];
        if (!json) {
          if (flags.messages) io.stdout.write(formatMessages(turn.messages, false) + '\n\n');
          io.stdout.write(formatTurn(turn, agent.def.maxTurns) + '\n\n');
        }
        step = next;
      } catch (e) {
        // Ctrl+C while the program waited on tool calls: the calls were aborted, and the run stops.
        if (controller.signal.aborted && !(e instanceof LlmError)) {
          stop = { message: 'stopped while the program waited on tool calls', kind: 'aborted' };
          break;
        }
        if (!(e instanceof LlmError)) throw e;
        stop = { message: e.message, kind: e.kind };
        // A failed request may still have cost tokens; keep them so the totals stay honest.
        if (e.usage !== undefined) discarded = { count: 1, ...addUsage(undefined, e.usage) };
        failed = {
          provider: config.provider,
          ...(config.model !== undefined ? { model: config.model } : {}),
          kind: e.kind,
          ...(e.status !== undefined ? { status: e.status } : {}),
          ...addUsage(undefined, e.usage),
        };
        break;
      }
    }
  } finally {
    stopListening?.();
  }

  if (flags.save !== undefined) {
    const out = flags.save;
    const { discardedRequests: _earlierRun, ...rest } = session;
    // The saved turns are this run's, so only this run's failed requests go with them.
    writeFileSync(out, serializeSession({ ...rest, llm: config, turns: [...step.turns], ...(failed !== undefined ? { discardedRequests: [failed] } : {}) }));
    io.stderr.write(`saved ${step.turns.length} turns to ${out}\n`);
  }
  const provider = stop !== undefined && stop.kind !== 'no_reply' && stop.kind !== 'aborted';
  if (provider) io.stderr.write(`ptc run: ${stop?.message ?? ''}\n`);
  if (json) {
    const rec = runRecord(step, {
      ...(stop !== undefined ? { error: stop.message, errorKind: stop.kind } : {}),
      ...(sentWith !== undefined ? { llm: sentWith } : {}),
      ...(discarded !== undefined ? { discarded } : {}),
    });
    io.stdout.write(JSON.stringify(rec, null, 2) + '\n');
  } else {
    // A provider's message went to stderr; stdout says only that the run stopped and why, in a word.
    io.stdout.write(formatOutcome(step, provider ? `provider error (${stop?.kind ?? ''})` : stop?.message) + '\n');
    const totals = step.usage.tokens;
    if (totals !== undefined || discarded !== undefined) {
      const lines = [
        `=== Tokens (${step.usage.turns} ${step.usage.turns === 1 ? 'turn' : 'turns'}) ===`,
        totals !== undefined ? formatTokens(totals) : 'none reported',
      ];
      if (discarded !== undefined) lines.push(`plus a failed request: ${formatTokens(discarded)}`);
      io.stdout.write(lines.join('\n') + '\n');
    }
  }
  return exitCode(step, stop);
}
