// `ptc run SESSION [--compression …] [--json]`: run a session with its LLM and show every turn.
import { writeFileSync } from 'node:fs';
import { mockLlm, replayLlm, LlmError, type Llm } from '../agent/llm.ts';
import { runTurn, initialStep } from '../agent/loop.ts';
import { runRecord } from '../agent/run-record.ts';
import type { Step, Turn } from '../agent/turn.ts';
import { renderToolCall } from '../compression/execution-history.ts';
import { format, printValue } from '../lisp/printer.ts';
import type { Session } from '../session/session-file.ts';
import { serializeSession } from '../session/session-file.ts';
import { errorLine, UsageError } from './common.ts';
import { formatMessages } from './render.ts';
import { loadSession, parseCompressionFlag, parseFlags } from './session.ts';

export const RUN_USAGE = `usage: ptc run SESSION.json [--compression false|true|NAME|JSON] [--json] [--messages] [--replay] [--save OUT.json]
  Runs the session from its first turn with its LLM (the mock's replies) and prints each turn.
  --json       print the run record instead (every turn with the exact messages sent to the LLM)
  --messages   also print the messages the LLM received before each turn (without the SYSTEM prompt)
  --replay     answer with the replies recorded in the session's turns instead of llm.replies
  --save FILE  write the session with this run's turns recorded (for ptc render and the playground)`;

function llmFor(session: Session, replay: boolean): Llm {
  if (replay) {
    if (session.turns.length === 0) throw new UsageError('--replay needs recorded turns, and the session has none');
    return replayLlm(session.turns);
  }
  if (session.llm.provider !== 'mock') {
    throw new UsageError(`provider "${session.llm.provider}" is not available on the command line yet; use a mock session or --replay`);
  }
  return mockLlm(session.llm.replies ?? []);
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

export function formatTurn(turn: Turn, maxTurns: number): string {
  const lines = [`=== Turn ${turn.number} of ${maxTurns} (${turn.success ? 'ok' : 'failed'}, ${turn.durationMs.toFixed(1)} ms) ===`];
  lines.push(turn.program !== '' ? turn.program : `(no program; the reply was:)\n${indent(turn.rawResponse)}`);
  if (turn.toolCalls.length > 0) {
    lines.push('--- tool calls');
    for (const c of turn.toolCalls) {
      const outcome = c.error !== undefined ? `error: ${c.error}` : format(c.result, { limit: 3, printableLimit: 60 }).text;
      lines.push(`${renderToolCall(c).replace(/^;\s+/, '')} => ${outcome}`);
    }
  }
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

export async function runCommand(argv: string[]): Promise<number> {
  const { file, values, flags } = parseFlags(argv, ['--compression', '--save'], ['--json', '--messages', '--replay']);
  const compression = values.has('--compression') ? parseCompressionFlag(values.get('--compression') as string) : undefined;
  const { session, agent } = loadSession(file, compression);
  const llm = llmFor(session, flags.has('--replay'));
  const json = flags.has('--json');
  for (const w of agent.warnings) process.stderr.write(`warning: ${w}\n`);
  let step = initialStep();
  let stopped: string | undefined;
  while (step.status === 'running') {
    try {
      const next = await runTurn(agent, step, llm);
      const turn = next.turns[next.turns.length - 1];
      if (!json) {
        if (flags.has('--messages')) process.stdout.write(formatMessages(turn.messages, false) + '\n\n');
        process.stdout.write(formatTurn(turn, agent.def.maxTurns) + '\n\n');
      }
      step = next;
    } catch (e) {
      if (!(e instanceof LlmError)) throw e;
      stopped = e.message;
      break;
    }
  }
  if (values.has('--save')) {
    const out = values.get('--save') as string;
    writeFileSync(out, serializeSession({ ...session, turns: [...step.turns] }));
    if (!json) process.stderr.write(`saved ${step.turns.length} turns to ${out}\n`);
  }
  if (json) process.stdout.write(JSON.stringify(runRecord(step, stopped), null, 2) + '\n');
  else process.stdout.write(formatOutcome(step, stopped) + '\n');
  return step.status === 'returned' && stopped === undefined ? 0 : 1;
}
