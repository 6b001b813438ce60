// `ptc render SESSION [--turn N] [--compression …]`: the messages the LLM receives for a turn of the recorded run.
import { messagesForTurn } from '../agent/loop.ts';
import type { Message } from '../agent/turn.ts';
import type { RenderStats } from '../compression/strategy.ts';
import { UsageError } from './common.ts';
import { loadSession, parseCompressionFlag, parseFlags } from './session.ts';

export const RENDER_USAGE = `usage: ptc render SESSION.json [--turn N] [--compression false|true|NAME|JSON] [--no-system] [--stats]
  Prints the messages the LLM receives for turn N (default: the next turn after the recorded ones),
  each headed by its role.`;

export function formatMessages(messages: readonly Message[], withSystem = true): string {
  return messages
    .filter((m) => withSystem || m.role !== 'system')
    .map((m) => `=== ${m.role.toUpperCase()} ===\n${m.content}`)
    .join('\n\n');
}

export function formatStats(s: RenderStats): string {
  return [
    `messages: ${s.messages}`,
    `characters: ${s.characters}`,
    `turns summarized: ${s.turnsSummarized}`,
    `tool calls shown: ${s.toolCallsShown} (dropped ${s.toolCallsDropped})`,
    `println entries shown: ${s.printsShown} (dropped ${s.printsDropped})`,
    `failed turns collapsed: ${s.failedTurnsCollapsed}`,
  ].join('\n');
}

export function renderCommand(argv: string[]): number {
  const { file, values, flags } = parseFlags(argv, ['--turn', '--compression'], ['--no-system', '--stats']);
  const compression = values.has('--compression') ? parseCompressionFlag(values.get('--compression') as string) : undefined;
  const { session, agent, warnings } = loadSession(file, compression);
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
  const recorded = session.turns.length;
  let n = recorded + 1;
  if (values.has('--turn')) {
    const text = values.get('--turn') as string;
    n = Number(text);
    if (!/^\d+$/.test(text) || n < 1 || n > recorded + 1) {
      throw new UsageError(`--turn must be a turn number from 1 to ${recorded + 1} (the session has ${recorded} recorded ${recorded === 1 ? 'turn' : 'turns'}), got ${text}`);
    }
  }
  if (n > agent.def.maxTurns) throw new UsageError(`turn ${n} is past maxTurns (${agent.def.maxTurns}): the run has ended`);
  const rendering = messagesForTurn(agent, session.turns, n);
  process.stdout.write(formatMessages(rendering.messages, !flags.has('--no-system')) + '\n');
  if (flags.has('--stats')) process.stderr.write(`strategy: ${agent.strategy.name}\n${formatStats(rendering.stats)}\n`);
  return 0;
}
