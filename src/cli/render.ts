// `ptc render SESSION [--turn N] [--compression …]`: the messages the LLM receives for a turn of the recorded run.
import { messagesForTurn } from '../agent/loop.ts';
import type { Message } from '../records/records.ts';
import type { RenderStats } from '../compression/strategy.ts';
import { defineCommand } from './args.ts';
import { UsageError } from './common.ts';
import { EXIT } from './io.ts';
import { COMPRESSION_OPTION, loadSession, parseCompressionFlag, SESSION_ARGUMENT } from './session.ts';

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

export const renderCommand = defineCommand({
  name: 'render',
  summary: 'print the messages the LLM receives for a turn of a session',
  description: 'Prints the messages the LLM receives for turn N of the recorded turns (default: the next turn after them), each headed by its role.',
  positionals: [SESSION_ARGUMENT],
  options: {
    turn: { type: 'string', value: 'N', description: 'turn N, from 1 to one past the recorded turns (default: the next one)' },
    compression: COMPRESSION_OPTION,
    'no-system': { type: 'boolean', description: 'leave out the SYSTEM prompt' },
    stats: { type: 'boolean', description: "print the strategy and the rendering's figures (messages, characters, what was dropped) to stderr" },
  },
  exitCodes: [[0, 'the messages were printed']],
  async run({ values, positionals }, io) {
    const compression = values.compression !== undefined ? parseCompressionFlag(values.compression) : undefined;
    const { session, agent, warnings } = await loadSession(positionals[0], io.stdin, compression);
    for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
    const recorded = session.turns.length;
    let n = recorded + 1;
    if (values.turn !== undefined) {
      const text = values.turn;
      n = Number(text);
      if (!/^\d+$/.test(text) || n < 1 || n > recorded + 1) {
        throw new UsageError(
          `--turn must be a turn number from 1 to ${recorded + 1} (the session has ${recorded} recorded ${recorded === 1 ? 'turn' : 'turns'}), got ${text}`,
        );
      }
    }
    if (n > agent.def.maxTurns) throw new UsageError(`turn ${n} is past maxTurns (${agent.def.maxTurns}): the run has ended`);
    const rendering = messagesForTurn(agent, session.turns, n);
    io.stdout.write(formatMessages(rendering.messages, !values['no-system']) + '\n');
    if (values.stats) io.stderr.write(`strategy: ${agent.strategy.name}\n${formatStats(rendering.stats)}\n`);
    return EXIT.ok;
  },
});
