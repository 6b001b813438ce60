// `ptc repl`: an interactive loop that keeps definitions between inputs and offers *1 *2 *3.
// Works on a terminal (prompts, line editing, history) and on piped stdin (no prompts).
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Definition } from '../lisp/runtime.ts';
import { format, printCapped, printValue } from '../lisp/printer.ts';
import { run, runWithTools, type RunOptions, type RunResult } from '../lisp/run.ts';
import { DEFAULT_TOOL_WAIT_MS, type ExternalTools } from '../agent/external-tools.ts';
import { connectServers, MCP_OPTIONS, parseMcpFlags, programTools, ServersUnreachable, serversWithFlags } from './mcp-options.ts';
import type { Value } from '../lisp/values.ts';
import { defineCommand } from './args.ts';
import { errorLine, loadDataFile, UsageError } from './common.ts';

const HELP = `Enter PTC-Lisp forms; input continues while brackets are open.
  :defs          list your definitions
  :data FILE     load FILE.json as data/ (a JSON object)
  :help          this help
  :quit          leave (or Ctrl-D)
Ctrl-C clears the input; Ctrl-C on an empty line twice leaves.
*1 *2 *3 are the last three results.`;

/** Open brackets in `src`, ignoring strings, comments and character literals like \\( . */
export function openBrackets(src: string): number {
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
      if (i >= src.length) return depth + 1; // an unterminated string keeps the input open
    } else if (c === ';') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '\\') i++;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
  }
  return depth;
}

export class ReplSession {
  memory = new Map<string, Definition>();
  data = new Map<string, Value>();
  history: Value[] = [];

  /** `tools`: the MCP servers' tools the forms may call (their calls made live when connected). */
  constructor(private readonly tools?: ExternalTools) {}

  /** Evaluates one complete input and returns the text to show; a call of a server's tool is refused (see `evaluateLive`). */
  evaluate(program: string): { out: string[]; err: string[] } {
    return this.show(run(this.options(program)));
  }

  /** As evaluate, with the calls of the servers' tools made live. */
  async evaluateLive(program: string): Promise<{ out: string[]; err: string[] }> {
    const host = this.tools?.host ?? null;
    if (host === null) return this.evaluate(program);
    return this.show(await runWithTools(this.options(program), host, { waitMs: DEFAULT_TOOL_WAIT_MS }));
  }

  private options(program: string): RunOptions {
    return { program, memory: this.memory, data: this.data, history: this.history, ...(this.tools !== undefined ? { tools: this.tools.impls } : {}) };
  }

  private show(r: RunResult): { out: string[]; err: string[] } {
    const out = [...r.prints];
    if (!r.ok) return { out, err: [errorLine(r.error)] };
    this.memory = r.memory;
    if (r.signal === 'fail') return { out, err: [`fail: ${printCapped(r.value)}`] };
    this.history = [r.value, ...this.history].slice(0, 3);
    out.push(`=> ${printValue(r.value)}`);
    return { out, err: [] };
  }

  /** Runs a `:command`; returns null when the line is not one. */
  command(line: string): { out: string[]; err: string[]; quit?: boolean } | null {
    const [cmd, ...rest] = line.trim().split(/\s+/);
    switch (cmd) {
      case ':quit':
      case ':q':
        return { out: [], err: [], quit: true };
      case ':help':
        return { out: [HELP], err: [] };
      case ':defs': {
        if (this.memory.size === 0) return { out: ['(no definitions)'], err: [] };
        const out = [...this.memory.values()].map((d) => `${d.name} = ${format(d.value, { limit: 10, printableLimit: 80 }).text}`);
        return { out, err: [] };
      }
      case ':data': {
        if (rest.length !== 1) return { out: [], err: ['usage: :data FILE.json'] };
        try {
          this.data = loadDataFile(rest[0]);
        } catch (e) {
          if (e instanceof UsageError) return { out: [], err: [e.message] };
          throw e;
        }
        return { out: [`loaded data/: ${[...this.data.keys()].join(' ') || '(empty)'}`], err: [] };
      }
      default:
        return null;
    }
  }
}

/** Where the REPL reads and writes; tests give it streams, `terminal` as a TTY would. */
export interface ReplIo {
  input: Readable;
  output: Writable;
  error: Writable;
  terminal: boolean;
}

/** readline's own "abandon this line": cursor to its end, a new line, an empty line (Node's REPL uses it too). */
interface ClearableLine {
  clearLine?: () => void;
}

export const replCommand = defineCommand({
  name: 'repl',
  summary: 'an interactive REPL: definitions persist between inputs, *1 *2 *3 are the last results',
  description: 'On a terminal: prompts, line editing and history. On piped stdin: no prompts, one result per complete form.',
  positionals: [],
  options: {
    data: { type: 'string', value: 'FILE.json', description: 'supply data/ from a JSON object (or :data FILE inside the REPL)' },
    ...MCP_OPTIONS,
  },
  exitCodes: [
    [0, 'left with :quit, Ctrl-D, twice Ctrl-C, or the end of stdin (errors in forms are shown, not fatal)'],
    [3, 'an MCP server could not be reached'],
  ],
  notes: HELP,
  async run({ values }, io) {
    const flags = parseMcpFlags(values);
    if (flags.mode === 'recorded') throw new UsageError("--tools recorded answers from a session's record: use it with ptc run");
    const data = values.data !== undefined ? loadDataFile(values.data) : undefined;
    const servers = flags.servers.length > 0 ? await connectServers(serversWithFlags([], flags), flags, io) : null;
    try {
      if (servers !== null && servers.unreachable.length > 0) throw new ServersUnreachable(servers.unreachable);
      const tools = servers !== null ? programTools(servers, flags) : undefined;
      if (tools !== undefined && tools.problems.length > 0) throw new UsageError(tools.problems.map((p) => p.text).join('\n'));
      const session = new ReplSession(tools);
      if (data !== undefined) session.data = data;
      return await replLoop(session, { input: io.stdin, output: io.stdout, error: io.stderr, terminal: io.terminal });
    } finally {
      await servers?.close();
    }
  },
});

/** Reads forms from `io.input` until :quit or its end; resolves to the exit code (0). */
export function replLoop(session: ReplSession, io: ReplIo): Promise<number> {
  const tty = io.terminal;
  const rl = createInterface({ input: io.input, output: tty ? io.output : undefined, terminal: tty, historySize: 500, crlfDelay: Infinity });
  const show = (r: { out: string[]; err: string[] }): void => {
    for (const l of r.out) io.output.write(l + '\n');
    for (const l of r.err) io.error.write(l + '\n');
  };
  let pending = '';
  const prompt = (): void => {
    if (!tty) return;
    rl.setPrompt(pending ? '...> ' : 'ptc> ');
    rl.prompt();
  };
  if (tty) io.output.write('PTC-Lisp REPL — :help for commands, :quit or Ctrl-D to leave\n');

  let quitting = false;
  // Ctrl-C as in Node's REPL: it abandons the input being typed; on an empty line it warns, and a
  // second one in a row leaves (so a stray Ctrl-C never loses the definitions made so far).
  let armed = false;
  rl.on('SIGINT', () => {
    const typed = rl.line !== '' || pending !== '';
    if (!typed && armed) return rl.close();
    armed = !typed;
    pending = '';
    const line = rl as unknown as ClearableLine;
    if (typeof line.clearLine === 'function') line.clearLine();
    else io.output.write('\n');
    if (armed) io.output.write('(To leave, press Ctrl-C again or Ctrl-D, or type :quit)\n');
    prompt();
  });
  // Lines are handled one after another, in the order they were read, even while a form waits on tool calls.
  let queue: Promise<void> = Promise.resolve();
  const handle = async (line: string): Promise<void> => {
    armed = false;
    if (quitting) return; // lines already buffered after :quit
    if (pending === '' && line.trim().startsWith(':')) {
      const c = session.command(line);
      if (c) {
        show(c);
        if (c.quit) {
          quitting = true;
          pending = '';
          return rl.close();
        }
        return prompt();
      }
    }
    pending = pending ? pending + '\n' + line : line;
    if (pending.trim() === '') pending = '';
    else if (openBrackets(pending) <= 0) {
      const src = pending;
      pending = '';
      show(await session.evaluateLive(src));
    }
    prompt();
  };
  return new Promise<number>((resolve) => {
    rl.on('line', (line) => {
      queue = queue.then(() => handle(line));
    });
    rl.on('close', () => {
      void queue.then(async () => {
        if (pending.trim() !== '') show(await session.evaluateLive(pending)); // unbalanced input at EOF: report it
        if (tty) io.output.write('\n');
        resolve(0);
      });
    });
    prompt();
  });
}
