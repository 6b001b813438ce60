// `ptc tools SESSION`: the `tool/` section exactly as the LLM is shown it (C4): the session's own
// tools, then each MCP server's visible tools (T1, T2): as the servers list them now, or from the
// snapshot the session keeps with --tools recorded.
import { renderToolNamespace } from '../compression/namespaces/tool.ts';
import { defineCommand } from './args.ts';
import { EXIT } from './io.ts';
import { MCP_OPTIONS, sessionServers, type RunServers } from './mcp-options.ts';
import { loadSession, SESSION_ARGUMENT } from './session.ts';

export const toolsCommand = defineCommand({
  name: 'tools',
  summary: "print the tool/ section the LLM is shown: the session's tools, then its MCP servers' tools",
  usage: ['SESSION.json [--mcp NAME=URL …] [--tools recorded]'],
  description:
    "Prints the tool/ section of the USER message as the LLM reads it: each tool's call form, signature and description, the session's own tools first, then each MCP server's visible tools in the order the server lists them (signatures derived from their schemas). The servers are connected to list their tools now; with --tools recorded, the session's snapshot of them is shown without connecting. Nothing is printed when there are no tools.",
  positionals: [SESSION_ARGUMENT],
  options: MCP_OPTIONS,
  exitCodes: [
    [0, 'the section was printed'],
    [3, 'an MCP server could not be reached'],
  ],
  async run({ values, positionals }, io) {
    let servers: RunServers | undefined;
    try {
      const { agent, warnings } = await loadSession(positionals[0], io.stdin, undefined, undefined, (s) =>
        sessionServers(s, values, io, (connected) => (servers = connected)),
      );
      for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
      const section = renderToolNamespace(agent.shownTools);
      if (section !== null) io.stdout.write(section + '\n');
      return EXIT.ok;
    } finally {
      await servers?.close();
    }
  },
});
