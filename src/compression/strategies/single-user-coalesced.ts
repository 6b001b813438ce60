// The default strategy: every earlier turn folded into one USER message after the SYSTEM prompt (C2–C13, MSG-001…007).
import type { Memory, TurnRecord } from '../records.ts';
import { renderFailedAttempts, renderOutput, renderToolCalls, turnsIndicator } from '../execution-history.ts';
import { renderDataNamespace } from '../namespaces/data.ts';
import { renderToolNamespace } from '../namespaces/tool.ts';
import { renderUserNamespace } from '../namespaces/user.ts';
import { countCharacters, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';

function render(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): Rendering {
  const successful = turns.filter((t) => t.success);
  // Calls of failed turns count too: their side effects happened (C9).
  const calls = turns.flatMap((t) => t.toolCalls);
  const prints = successful.flatMap((t) => t.prints);
  // Samples or output, never both: once anything was printed, values lose their samples (C8, SAM-001/002).
  const samplesOn = prints.length === 0;

  const toolCalls = renderToolCalls(calls, o.toolCallLimit, turns.length > 0);
  const output = renderOutput(prints, o.printlnLimit);
  const failed = renderFailedAttempts(turns, o.failedTurns);
  const sections = [
    o.mission.trim(),
    renderToolNamespace(o.tools),
    renderDataNamespace(o.data, o),
    renderUserNamespace(memory, samplesOn, o),
    toolCalls.text,
    output.text,
    failed.text,
    turnsIndicator(o.maxTurns, turns.length),
  ];
  const user = sections.filter((s): s is string => s !== null && s !== '').join('\n\n');
  const messages = [
    { role: 'system', content: o.systemPrompt },
    { role: 'user', content: user },
  ] as const;
  return {
    messages,
    stats: {
      turnsSummarized: successful.length,
      toolCallsShown: toolCalls.shown,
      toolCallsDropped: toolCalls.dropped,
      printsShown: output.shown,
      printsDropped: output.dropped,
      failedTurnsCollapsed: failed.collapsed,
      messages: messages.length,
      characters: countCharacters(messages),
    },
  };
}

export const singleUserCoalesced: Strategy = {
  name: 'single-user-coalesced',
  description: 'One USER message: mission, tool/ data/ user/ namespaces, tool calls, output, the failing attempt, turns left.',
  options: ['printlnLimit', 'toolCallLimit', 'sampleLimit', 'samplePrintableLimit', 'failedTurns'],
  render,
};
