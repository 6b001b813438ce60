// The failures a command ends with an exit code other than 1, thrown by the commands and told by
// main.ts. Kept apart from the commands' own modules, so that main.ts loads only the command it runs.
import type { McpServerState } from '../agent/mcp-connection.ts';

/** Problems with the session file itself: each line names a path. Exit code 2. */
export class SessionProblems extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Servers a run needs could not be reached before the first turn (exit 3). */
export class ServersUnreachable extends Error {
  constructor(readonly states: readonly McpServerState[]) {
    super(states.map((s) => `cannot reach MCP server ${s.name}: ${s.error ?? 'unknown error'}`).join('\n'));
  }
}
