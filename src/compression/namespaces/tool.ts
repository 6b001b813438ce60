// The `tool/` section (C4, FMT-001, FMT-004): stable across turns.
import type { ShownTool } from '../../records/records.ts';
import { callFormOfSignature } from '../../records/signature.ts';
import { oneLine, padToComment } from '../layout.ts';

export const TOOL_HEADER = ';; === tool/ ===';

export function renderToolLine(tool: ShownTool): string {
  // A signature that does not parse still shows, as declared; the call form then has no parameters.
  const call = callFormOfSignature(tool.name, tool.signature);
  const description = tool.description?.trim() ? ` -- ${oneLine(tool.description)}` : '';
  return `${padToComment(call)}; ${oneLine(tool.signature)}${description}`;
}

export function renderToolNamespace(tools: readonly ShownTool[]): string | null {
  if (tools.length === 0) return null;
  return [TOOL_HEADER, ...tools.map(renderToolLine)].join('\n');
}
