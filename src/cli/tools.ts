// `ptc tools SESSION`: the `tool/` section exactly as the LLM is shown it (C4): the session's own
// tools, then each MCP server's visible tools from the snapshot the session keeps (T1, T2).
import { renderToolNamespace } from '../compression/namespaces/tool.ts';
import { defineCommand } from './args.ts';
import { EXIT } from './io.ts';
import { loadSession, SESSION_ARGUMENT } from './session.ts';

export const toolsCommand = defineCommand({
  name: 'tools',
  summary: "print the tool/ section the LLM is shown: the session's tools, then its MCP servers' tools",
  description:
    "Prints the tool/ section of the USER message as the LLM reads it: each tool's call form, signature and description, the session's own tools first, then each MCP server's visible tools in the order the server lists them (signatures derived from their schemas). Nothing is printed when the session has no tools.",
  positionals: [SESSION_ARGUMENT],
  options: {},
  exitCodes: [[0, 'the section was printed']],
  async run({ positionals }, io) {
    const { agent, warnings } = await loadSession(positionals[0], io.stdin);
    for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
    const section = renderToolNamespace(agent.shownTools);
    if (section !== null) io.stdout.write(section + '\n');
    return EXIT.ok;
  },
});
