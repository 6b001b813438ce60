// `ptc eval`: run one program (from -e, a file or stdin) and print its result in Clojure notation.
import { printCapped, printValue } from '../lisp/printer.ts';
import { jitSettings } from '../lisp/jit/compile.ts';
import { run, runWithTools, type RunOptions, type RunResult } from '../lisp/run.ts';
import { DEFAULT_TOOL_WAIT_MS } from '../agent/external-tools.ts';
import { connectServers, MCP_OPTIONS, parseMcpFlags, programTools, ServersUnreachable, serversWithFlags, type McpFlags } from './mcp-options.ts';
import { DEFAULT_LIMITS, type Limits } from '../lisp/runtime.ts';
import type { Value } from '../lisp/values.ts';
import { runBatch } from './batch.ts';
import { defineCommand } from './args.ts';
import { errorLine, formatMs, loadDataFile, readSource, UsageError } from './common.ts';
import { EXIT, type CliIo } from './io.ts';

/** `maxLoopIterations=100000` → one limit; the name must be a known limit and the value a positive number. */
function parseLimit(text: string, limits: Partial<Limits>): void {
  const eq = text.indexOf('=');
  const name = eq > 0 ? text.slice(0, eq) : text;
  if (!Object.hasOwn(DEFAULT_LIMITS, name)) {
    throw new UsageError(`unknown limit ${name} (known: ${Object.keys(DEFAULT_LIMITS).join(', ')})`);
  }
  const value = eq > 0 ? Number(text.slice(eq + 1)) : NaN;
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`--limit ${name} needs a positive number, as in --limit ${name}=${DEFAULT_LIMITS[name as keyof Limits]}`);
  limits[name as keyof Limits] = value;
}

/** Run one program, with the tools of the MCP servers the flags name (connected first, closed after). */
async function runProgram(opts: RunOptions, flags: McpFlags, io: CliIo): Promise<RunResult> {
  if (flags.servers.length === 0) return run(opts);
  const servers = await connectServers(serversWithFlags([], flags), flags, io);
  try {
    if (servers.unreachable.length > 0) throw new ServersUnreachable(servers.unreachable);
    const tools = programTools(servers, flags);
    if (tools.problems.length > 0) throw new UsageError(tools.problems.map((p) => p.text).join('\n'));
    const withTools = { ...opts, tools: tools.impls };
    return tools.host === null ? run(withTools) : await runWithTools(withTools, tools.host, { waitMs: DEFAULT_TOOL_WAIT_MS });
  } finally {
    await servers.close();
  }
}

export const evalCommand = defineCommand({
  name: 'eval',
  summary: 'evaluate a PTC-Lisp program (-e, a file or stdin) and print its result; --batch for JSON lines',
  usage: ['[options] (-e PROGRAM | FILE.clj | -)', '--batch [--interpret] < LINES.jsonl'],
  description:
    'Prints the result in Clojure notation on stdout, println output and warnings on stderr. With --batch, each line of stdin is a request {"id", "program", "data"?} and gets one JSON answer line, each program on its own.',
  positionals: [{ name: 'FILE.clj', description: 'the program to evaluate; - reads it from stdin' }],
  options: {
    expr: { type: 'string', short: 'e', value: 'PROGRAM', description: 'evaluate PROGRAM (instead of a file)' },
    data: { type: 'string', value: 'FILE.json', description: 'supply data/ from a JSON object' },
    time: { type: 'boolean', description: 'print time-ms: N (parse + analyze + evaluate) to stderr' },
    interpret: { type: 'boolean', description: 'never compile hot loops and functions to JavaScript' },
    limit: { type: 'string', multiple: true, value: 'NAME=N', description: 'raise or lower one limit (the limits are below); may be repeated' },
    batch: { type: 'boolean', description: 'read JSON lines {"id","program","data"?} on stdin, write one JSON answer per line' },
    ...MCP_OPTIONS,
  },
  exitCodes: [
    [0, 'the result was printed (--batch: every line was answered, even with an error)'],
    [1, 'the program failed: an error (type: message (line L, column C)) or (fail …)'],
    [3, 'an MCP server could not be reached'],
  ],
  notes: `limits (defaults): ${Object.entries(DEFAULT_LIMITS)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`,
  async run({ values, positionals }, io) {
    const limits: Partial<Limits> = {};
    for (const l of values.limit) parseLimit(l, limits);
    const file = positionals[0];
    const program = values.expr;
    if (values.batch && Object.keys(limits).length > 0) throw new UsageError('--limit applies to one program; --batch runs each line with the default limits');
    if (values.batch && (program !== undefined || file !== undefined)) throw new UsageError('--batch reads programs from stdin; give no -e or FILE');
    if (!values.batch && program === undefined && file === undefined) throw new UsageError('give a program with -e, a FILE, or - for stdin');
    if (program !== undefined && file !== undefined) throw new UsageError('give either -e or FILE, not both');
    const mcpFlags = parseMcpFlags(values);
    if (mcpFlags.mode === 'recorded') throw new UsageError("--tools recorded answers from a session's record: use it with ptc run");
    if (values.batch && mcpFlags.servers.length > 0) throw new UsageError('--batch runs each line on its own, without MCP servers');
    // Without the compiler to JavaScript: to compare results, or to time the interpreter alone.
    // A setting of the engine, so it is put back when the command ends (tests run many in one process).
    const jit = jitSettings.enabled;
    try {
      if (values.batch) {
        if (values.interpret) jitSettings.enabled = false;
        return await runBatch(io.stdin, io.stdout);
      }
      const data: Map<string, Value> | undefined = values.data !== undefined ? loadDataFile(values.data) : undefined;
      const source = program ?? (await readSource(file as string, io.stdin));
      if (values.interpret) jitSettings.enabled = false;
      const result = await runProgram({ program: source, limits, ...(data !== undefined ? { data } : {}) }, mcpFlags, io);
      jitSettings.enabled = jit;
      for (const w of result.warnings) io.stderr.write(`warning: ${w}\n`);
      for (const line of result.prints) io.stderr.write(line + '\n');
      if (values.time) io.stderr.write(`time-ms: ${formatMs(result.durationMs)}\n`);
      if (!result.ok) {
        io.stderr.write(errorLine(result.error) + '\n');
        return EXIT.failed;
      }
      if (result.signal === 'fail') {
        // Said as an error is (its type, then its message), and cut as messages are.
        io.stderr.write(`fail: ${printCapped(result.value)}\n`);
        return EXIT.failed;
      }
      io.stdout.write(printValue(result.value) + '\n');
      return EXIT.ok;
    } finally {
      jitSettings.enabled = jit;
    }
  },
});
