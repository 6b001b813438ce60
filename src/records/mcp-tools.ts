// The tools of MCP servers as a session records them (DECISIONS T1) and as the LLM is shown them
// (T2, C4): a signature derived from each tool's JSON Schema, the description's first line, and
// the names a program calls them by (`as` renames, `hidden` leaves out). Pure: the snapshot of a
// server's last discovery is all it reads, so a session renders without its server.
import { isSymbolName, parseSignature } from './signature.ts';

/** A JSON Schema as servers send it: only the parts a signature reads are typed. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly description?: string;
}

/** One tool of a server's last discovery (T1). */
export interface McpToolSnapshot {
  /** The server's own name for it. */
  readonly name: string;
  /** The name programs call it by, when renamed. */
  readonly as?: string;
  /** Left out of `tool/` and of what programs may call. */
  readonly hidden?: boolean;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
}

/** An MCP server a session names (T1): never its command, headers or tokens. */
export interface McpServerRecord {
  readonly name: string;
  readonly transport: 'http' | 'stdio';
  /** For http only. */
  readonly url?: string;
  readonly tools: readonly McpToolSnapshot[];
}

/** Nested objects past this many levels are `:map` (T2). */
const MAX_OBJECT_LEVELS = 3;
/**
 * A schema of 10,000 properties would make a line of 10,000 parameters: a signature lists this many,
 * then ends `& more` (the rest are still passed by name in a map, or by position, T3).
 */
const MAX_PARAMS = 20;
/** Fields of object types a signature spells out in all; an object whose fields do not fit is `:map`. */
const MAX_FIELDS = 100;
/** Characters of a name a signature shows. */
const MAX_NAME = 64;
/** The description shown is the first line, cut to this many characters (T2). */
const MAX_DESCRIPTION = 200;

function typeName(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  // ["string", "null"]: the one non-null type, as a nullable field is usually written.
  const types = (schema.type ?? []).filter((t) => t !== 'null');
  if (types.length === 1) return types[0];
  if (schema.type === undefined && schema.enum !== undefined && schema.enum.every((v) => typeof v === 'string')) return 'string';
  return undefined;
}

/**
 * A name as a signature may write it: a schema's property names may hold spaces or start with a
 * digit, which a PTC-Lisp symbol cannot; such characters become `-` (the name is only shown: calls
 * pass values by the schema's own names, T3).
 */
export function symbolFor(name: string): string {
  if (isSymbolName(name)) return name;
  const cleaned = name.replace(/[\s,()[\]{}";/:#'\\@`~^%]/gu, '-');
  const safe = /^(\d|[+-]\d)/.test(cleaned) ? `p${cleaned}` : cleaned;
  return isSymbolName(safe) ? safe : 'arg';
}

/** A property's name as a signature shows it: as a symbol (`symbolFor`), at most 64 characters. */
function shownName(name: string): string {
  const chars = [...name];
  return symbolFor(chars.length > MAX_NAME ? chars.slice(0, MAX_NAME).join('') : name);
}

/**
 * A schema as a signature type (T2); `optional` marks a field outside `required` ("or nil").
 * `fields` is what is left of the signature's fields: an object that has more is `:map`.
 */
export function typeOfSchema(schema: JsonSchema, optional = false, level = 1, fields: { left: number } = { left: MAX_FIELDS }): string {
  const orNil = (keyword: string): string => (optional ? `${keyword}?` : keyword);
  switch (typeName(schema)) {
    case 'integer':
      return orNil(':int');
    case 'number':
      return orNil(':float');
    case 'string':
      return orNil(':string');
    case 'boolean':
      return orNil(':bool');
    case 'array': {
      // The signature syntax marks "or nil" on type keywords only: an optional array keeps that mark, not its items.
      if (optional) return ':list?';
      return `[${schema.items !== undefined ? typeOfSchema(schema.items, false, level, fields) : ':any'}]`;
    }
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (optional) return ':map?';
      if (props.length === 0 || level > MAX_OBJECT_LEVELS || props.length > fields.left) return ':map';
      fields.left -= props.length;
      const required = new Set(schema.required ?? []);
      return `{${props.map(([name, s]) => `${shownName(name)} ${typeOfSchema(s, !required.has(name), level + 1, fields)}`).join(' ')}}`;
    }
    default:
      return orNil(':any');
  }
}

/**
 * The signature of a tool from its schemas (T2): parameters in declared order, then `-> TYPE`; past
 * 20 parameters it ends `, & more`, and objects past 100 fields in all are `:map`, so a schema of any
 * size gives a line of a few thousand characters at most.
 */
export function signatureOfTool(tool: Pick<McpToolSnapshot, 'inputSchema' | 'outputSchema'>): string {
  const required = new Set(tool.inputSchema.required ?? []);
  const fields = { left: MAX_FIELDS };
  const properties = Object.entries(tool.inputSchema.properties ?? {});
  const params = properties.slice(0, MAX_PARAMS).map(([name, s]) => `${shownName(name)} ${typeOfSchema(s, !required.has(name), 1, fields)}`);
  const returns = tool.outputSchema !== undefined ? typeOfSchema(tool.outputSchema, false, 1, fields) : ':any';
  const more = properties.length > MAX_PARAMS ? ', & more' : '';
  const signature = `(${params.join(', ')}) -> ${returns}`;
  // Built to parse (`& more` only says that there are more, as a host tool's `(& args)` does); a
  // schema too odd to say so (it never should be) falls back to the loosest truth.
  return parseSignature(signature).ok
    ? `(${params.join(', ')}${more}) -> ${returns}`
    : `(${params.map((_, i) => `arg${i + 1} :any`).join(', ')}${more}) -> :any`;
}

/** The description shown: the first non-blank line, at most 200 characters (T2). */
export function descriptionOfTool(description: string | undefined): string | undefined {
  const first = description
    ?.split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (first === undefined) return undefined;
  return first.length > MAX_DESCRIPTION ? first.slice(0, MAX_DESCRIPTION - 1) + '…' : first;
}

/** A server's tool as programs see it: the name they call, and what the LLM is shown. */
export interface VisibleMcpTool {
  readonly server: string;
  /** The server's own name for the tool. */
  readonly toolName: string;
  /** The name programs call: `tool/NAME`. */
  readonly name: string;
  readonly signature: string;
  readonly description?: string;
}

export type McpToolProblem = { readonly path: string; readonly message: string };

/**
 * The tools programs may call, in C4's order (server by server, each in the order its server lists
 * them), and the names that clash with a session tool or another server's tool: each clash is a
 * problem at the tool's path that says to rename it with `as`.
 */
export function visibleMcpTools(
  servers: readonly McpServerRecord[],
  sessionToolNames: readonly string[],
): { readonly tools: readonly VisibleMcpTool[]; readonly problems: readonly McpToolProblem[] } {
  const taken = new Map<string, string>(sessionToolNames.map((n) => [n, `the session's tool ${n}`]));
  const tools: VisibleMcpTool[] = [];
  const problems: McpToolProblem[] = [];
  servers.forEach((server, i) => {
    server.tools.forEach((t, j) => {
      if (t.hidden === true) return;
      const name = t.as ?? t.name;
      const path = `mcpServers[${i}].tools[${j}]`;
      if (!isSymbolName(name) || name.includes('/')) {
        problems.push({ path, message: `${name} cannot be called as tool/${name}: rename it with "as" (e.g. "as": "${symbolFor(name)}")` });
        return;
      }
      const other = taken.get(name);
      if (other !== undefined) {
        problems.push({ path, message: `tool/${name} of server ${server.name} clashes with ${other}: rename one with "as"` });
        return;
      }
      taken.set(name, `tool/${name} of server ${server.name}`);
      const description = descriptionOfTool(t.description);
      tools.push({ server: server.name, toolName: t.name, name, signature: signatureOfTool(t), ...(description !== undefined ? { description } : {}) });
    });
  });
  return { tools, problems };
}
