// Where a ptc command reads and writes. The commands never touch `process` themselves: `main(argv, io)`
// gets its streams, environment and Ctrl+C from here, so tests call it in process with streams of
// their own, and only processIo() (the real command's) knows about the process it runs in.
import type { Readable, Writable } from 'node:stream';
import type { BatchProviderFactory } from '../agent/providers/batch.ts';
import type { Sleep } from '../experiment/batch-waves.ts';

/** The exit codes of every command; `ptc --help` and docs/cli.md list them with their meaning. */
export const EXIT = {
  ok: 0,
  /** The work was done and its answer is "no": a failed program or run. */
  failed: 1,
  /** A mistake in how the command was called or in a file it was given. */
  usage: 2,
  /** The LLM provider failed (HTTP error, no connection, timeout), or an MCP server could not be reached. */
  provider: 3,
  /** `ptc bridge`: the MCP server behind it could not start, did not answer, or ended by itself. */
  serverEnded: 3,
  /** Ctrl+C (128 + SIGINT). */
  interrupted: 130,
  /** The reader of the output went away: 128 + SIGPIPE, as a shell reports `yes | head`. */
  closedPipe: 141,
} as const;

export interface CliIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** Read only by the commands that take input (`eval -`, `eval --batch`, `repl`, a session `-`). */
  readonly stdin: Readable;
  /** Where API keys come from. */
  readonly env: NodeJS.ProcessEnv;
  /** stdin and stdout are a terminal: the REPL prompts and edits lines. */
  readonly terminal: boolean;
  /** Calls `handler` on each Ctrl+C until the returned function is called; absent: Ctrl+C is not delivered. */
  readonly onInterrupt?: (handler: () => void) => () => void;
  /** Calls `handler` on each SIGTERM (a service manager, `kill`) until the returned function is called; absent: not delivered. */
  readonly onTerminate?: (handler: () => void) => () => void;
  /** Ends everything at once with `code` (a second Ctrl+C); absent: nothing to end. */
  readonly quit?: (code: number) => void;
  /** Stand-ins for `ptc experiment --batch` (tests): the providers' batch interfaces and the wait between polls. */
  readonly batch?: { readonly createProvider?: BatchProviderFactory; readonly sleep?: Sleep };
}

let pipesGuarded = false;

/**
 * A reader that closes the pipe early (`ptc run FILE --json | head -c 100`) ends the command at once
 * and quietly: no stack trace, no further work (a real LLM would go on costing tokens for nobody).
 * The exit code is 141, not 0, because the work was cut short (a `--save` may not be written);
 * without `pipefail` a shell reports the reader's status anyway.
 */
function endQuietlyWhenReaderCloses(): void {
  if (pipesGuarded) return;
  pipesGuarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(EXIT.closedPipe);
      throw e;
    });
  }
}

/** The real process's streams, environment and signals. */
export function processIo(): CliIo {
  endQuietlyWhenReaderCloses();
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // A getter: opening process.stdin keeps a handle, which only commands that read it should.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    terminal: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
    onTerminate(handler) {
      process.on('SIGTERM', handler);
      return () => process.off('SIGTERM', handler);
    },
    quit(code) {
      process.exit(code);
    },
  };
}
