// How a program's call of an MCP tool becomes the arguments sent, and the server's result a value
// (DECISIONS T3). Arguments are written as JSON text, exact for integers of any size: that text is
// what a replay matches a recorded call on (T5). Results are bounded: their size and nesting are
// checked before anything is built from them.
import { PtcError } from '../lisp/errors.ts';
import { fromJson, MAX_JSON_DEPTH } from '../lisp/json.ts';
import { depthOf } from '../lisp/json-reader.ts';
import { isFloat, isInteger, toJs } from '../lisp/numbers.ts';
import { printBrief } from '../lisp/printer.ts';
import { Keyword, MapBuilder, PList, PMap, PSet, type Value } from '../lisp/values.ts';
import type { JsonSchema } from './mcp-tools.ts';

/** A result larger than this (as JSON text) is refused (T3's bound, configurable per call). */
export const MAX_RESULT_BYTES = 1_000_000;
/** A server's error message is cut to this many characters in the tool_error (T3). */
export const MAX_SERVER_MESSAGE = 1024;

function refuse(tool: string, why: string): PtcError {
  return new PtcError('type_error', `tool/${tool}: ${why}`);
}

/** A key of a JSON object: keywords by their names, strings as they are, integers as decimal text. */
function keyText(tool: string, k: Value): string {
  if (typeof k === 'string') return k;
  if (k instanceof Keyword) return k.name;
  if (isInteger(k)) return String(k);
  throw refuse(tool, `a map key sent as JSON must be a keyword, a string or an integer, got ${printBrief(k)}`);
}

/** A value as JSON text: keywords as their names, sets as arrays, nil as null, integers exact (T3). */
export function jsonText(tool: string, v: Value, depth = 0): string {
  if (depth > MAX_JSON_DEPTH)
    throw new PtcError('depth_limit_exceeded', `tool/${tool}: an argument nested more than ${MAX_JSON_DEPTH} levels deep cannot be sent`);
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof Keyword) return JSON.stringify(v.name);
  if (isInteger(v)) return String(v);
  if (isFloat(v)) {
    const x = toJs(v);
    if (!Number.isFinite(x)) throw refuse(tool, `${printBrief(v)} cannot be sent as JSON`);
    // A whole float keeps its point, so a server that tells the two apart reads a float.
    return Number.isInteger(x) && Math.abs(x) < 1e21 ? `${x}.0` : String(x);
  }
  const items = Array.isArray(v) ? (v as readonly Value[]) : v instanceof PList ? v.items : v instanceof PSet ? v.values() : null;
  if (items !== null) return `[${items.map((x) => jsonText(tool, x, depth + 1)).join(',')}]`;
  if (v instanceof PMap) {
    const seen = new Set<string>();
    const parts: string[] = [];
    for (const [k, x] of v.entries()) {
      const key = keyText(tool, k);
      if (seen.has(key)) throw refuse(tool, `two keys of a map would both be sent as "${key}"`);
      seen.add(key);
      parts.push(`${JSON.stringify(key)}:${jsonText(tool, x, depth + 1)}`);
    }
    return `{${parts.join(',')}}`;
  }
  throw refuse(tool, `${printBrief(v)} cannot be sent as JSON`);
}

/** The schema's property names in declared order. */
function propertyNames(schema: JsonSchema): string[] {
  return Object.keys(schema.properties ?? {});
}

/**
 * The arguments of a call as the JSON text of the object sent (T3): `{}` for none; one map whose
 * keys are all properties of the schema passes them by name; otherwise positional, in the schema's
 * declared property order (more arguments than properties is an arity_error).
 */
export function mcpArguments(tool: string, args: readonly Value[], schema: JsonSchema): string {
  if (args.length === 0) return '{}';
  const names = propertyNames(schema);
  const only = args.length === 1 ? args[0] : undefined;
  if (only instanceof PMap && only.size > 0 && only.keys().every((k) => (typeof k === 'string' || k instanceof Keyword) && names.includes(keyText(tool, k)))) {
    return jsonText(tool, only);
  }
  if (args.length > names.length) {
    const takes = names.length === 0 ? 'no arguments' : `${names.length} (${names.join(' ')}), or one map of them`;
    throw new PtcError('arity_error', `tool/${tool} takes ${takes}; got ${args.length} arguments`);
  }
  return `{${args.map((a, i) => `${JSON.stringify(names[i])}:${jsonText(tool, a, 1)}`).join(',')}}`;
}

/** A content block of a tool result, as far as a value reads it. */
export interface McpContentBlock {
  readonly type: string;
  readonly text?: string;
  readonly mimeType?: string;
  readonly data?: string;
  readonly resource?: { readonly text?: string; readonly blob?: string; readonly mimeType?: string };
}

/** A tool result, as far as a value reads it. */
export interface McpToolResult {
  readonly content?: readonly McpContentBlock[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

/** A block other than text as a value: its kind and size, never its bytes (T3). */
function blockValue(b: McpContentBlock): Value {
  if (b.type === 'text' && typeof b.text === 'string') return b.text;
  const m = new MapBuilder();
  m.set(Keyword.of('type'), b.type);
  const mime = b.mimeType ?? b.resource?.mimeType;
  if (mime !== undefined) m.set(Keyword.of('mime-type'), mime);
  const payload = b.data ?? b.resource?.blob ?? b.resource?.text;
  // Base64 holds three bytes in four characters; text is counted as its UTF-8 bytes.
  const bytes =
    payload === undefined
      ? 0
      : b.data !== undefined || b.resource?.blob !== undefined
        ? Math.floor((payload.length * 3) / 4) - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0)
        : new TextEncoder().encode(payload).length;
  m.set(Keyword.of('bytes'), bytes);
  return m.build();
}

/** The error a failed call ends the program with: tool_error, naming the tool and its server (T3). */
export function mcpToolError(tool: string, server: string, message: string): PtcError {
  const cut = message.length > MAX_SERVER_MESSAGE ? message.slice(0, MAX_SERVER_MESSAGE - 1) + '…' : message;
  return new PtcError('tool_error', `tool/${tool} (server ${server}) failed: ${cut}`);
}

/**
 * The value of a result (T3): `structuredContent` read as data/ is (L9); else one content block
 * gives its value and several a vector of them (a text block is its string, any other block
 * `{:type :mime-type :bytes}`); no content gives nil. `isError` is a tool_error with the server's
 * text. A result past `maxBytes` of JSON, or nested past the data reader's depth, is refused.
 */
export function mcpResultValue(tool: string, server: string, result: McpToolResult, maxBytes = MAX_RESULT_BYTES): Value {
  if (depthOf(result, MAX_JSON_DEPTH + 2) > MAX_JSON_DEPTH + 2) {
    throw new PtcError(
      'depth_limit_exceeded',
      `tool/${tool} (server ${server}): the result is nested more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} are read`,
    );
  }
  const size = JSON.stringify(result).length;
  if (size > maxBytes)
    throw new PtcError('memory_exceeded', `tool/${tool} (server ${server}): the result is ${size} bytes of JSON, more than the ${maxBytes} a call may return`);
  const blocks = result.content ?? [];
  // The client checks results against the protocol's schema, but connections given to the agent
  // need not be the client's: a value is built from blocks only.
  if (!Array.isArray(blocks) || !blocks.every((b: unknown) => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string'))
    throw mcpToolError(tool, server, "the server's answer is not a valid tool result (its content is not a list of blocks)");
  if (result.isError === true) {
    const text = blocks.map((b) => (b.type === 'text' && typeof b.text === 'string' ? b.text : `[${b.type}]`)).join('\n');
    throw mcpToolError(tool, server, text === '' ? 'the server reported an error without a message' : text);
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) return fromJson(result.structuredContent);
  if (blocks.length === 0) return null;
  if (blocks.length === 1) return blockValue(blocks[0]);
  return blocks.map(blockValue);
}
