// The start of the first USER message that no turn changes: the mission and the `tool/` and `data/`
// sections. Every strategy here opens its USER message with it, so providers with prompt caching can
// mark where it ends and have it read from their cache on later turns.
import type { ShownTool } from '../records/records.ts';
import type { Value } from '../lisp/values.ts';
import { renderDataNamespace, type SampleLimits } from './namespaces/data.ts';
import { renderToolNamespace } from './namespaces/tool.ts';

export function renderStableStart(mission: string, tools: readonly ShownTool[], data: ReadonlyMap<string, Value>, limits: SampleLimits): string {
  return [mission.trim(), renderToolNamespace(tools), renderDataNamespace(data, limits)].filter((s): s is string => s !== null && s !== '').join('\n\n');
}
