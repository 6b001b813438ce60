// Loading a session file for `ptc run`, `ptc render` and `ptc compare`, with the --compression override.
import type { AgentDef } from '../agent/agent.ts';
import { prepareAgent, type PreparedAgent } from '../agent/loop.ts';
import type { CompressionOption } from '../compression/normalize.ts';
import { countsTokens } from '../compression/strategy.ts';
import { loadTokenizer } from '../compression/tokens.ts';
import { MAX_TURNS_CAP, parseSession, sessionToAgent, type Session } from '../session/session-file.ts';
import type { Readable } from 'node:stream';
import type { OptionSpec, PositionalSpec } from './args.ts';
import { readSource, UsageError } from './common.ts';
import { SessionProblems } from './failures.ts';

export { SessionProblems } from './failures.ts';

/** The session file `ptc run` and `ptc render` take. */
export const SESSION_ARGUMENT: PositionalSpec = {
  name: 'SESSION.json',
  description: 'a session file (- reads it from stdin)',
  required: true,
  missing: 'give a session file (JSON)',
};

export const COMPRESSION_OPTION: OptionSpec = {
  type: 'string',
  value: 'false|true|NAME|JSON',
  description:
    'override the session\'s compression: false (the full history), true (the default strategy), a strategy name, or a JSON object such as {"strategy":"single-user-coalesced","printlnLimit":5}',
};

/** `false`, `true`, a strategy name, or a JSON object such as `{"strategy":"single-user-coalesced","printlnLimit":5}`. */
export function parseCompressionFlag(text: string): CompressionOption {
  if (text === 'false' || text === 'none' || text === 'off') return false;
  if (text === 'true') return true;
  if (text.trim().startsWith('{')) {
    try {
      return JSON.parse(text) as CompressionOption;
    } catch (e) {
      throw new UsageError(`--compression: not valid JSON: ${(e as Error).message}`);
    }
  }
  return text;
}

export interface LoadedSession {
  readonly session: Session;
  readonly agent: PreparedAgent;
  /** What was changed to open the file (such as a maxTurns raised to hold its turns). */
  readonly warnings: readonly string[];
}

/** `--max-turns N`: a whole number from 1 to the cap a session file has. */
export function parseMaxTurnsFlag(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < 1 || n > MAX_TURNS_CAP) {
    throw new UsageError(`--max-turns: expected a whole number from 1 to ${MAX_TURNS_CAP.toLocaleString('en-US')}, got ${JSON.stringify(text)}`);
  }
  return n;
}

/** What a run adds to the session's agent before it is prepared: its tools' servers, connected or recorded. */
export type AgentExtension = (session: Session) => Promise<Partial<AgentDef>>;

/**
 * The session of `file` (`-`: stdin), prepared; `maxTurns` replaces the file's (the returned session
 * has it too); `extend` adds to the agent once the file is read (a run's MCP servers, say).
 */
export async function loadSession(
  file: string,
  stdin: Readable,
  compression?: CompressionOption,
  maxTurns?: number,
  extend?: AgentExtension,
): Promise<LoadedSession> {
  const parsed = parseSession(await readSource(file, stdin));
  if (!parsed.ok) throw new SessionProblems(file, parsed.errors);
  const session = maxTurns === undefined ? parsed.session : { ...parsed.session, maxTurns };
  const def: AgentDef = { ...sessionToAgent(session), ...(extend !== undefined ? await extend(session) : {}) };
  const prepared = prepareAgent(compression === undefined ? def : { ...def, compression });
  if (!prepared.ok) throw new SessionProblems(file, prepared.errors);
  // Rendering stays synchronous: a strategy that decides by size gets its tokenizer before it runs.
  if (countsTokens(prepared.agent.strategy, prepared.agent.options)) await loadTokenizer('o200k_base');
  return { session, agent: prepared.agent, warnings: parsed.warnings };
}
