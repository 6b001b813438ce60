// The `ptc` command: argument parsing and dispatch to the subcommands.
import { readFileSync } from 'node:fs';
import { UsageError } from './common.ts';
import { EVAL_USAGE, evalCommand } from './eval.ts';
import { RENDER_USAGE, renderCommand } from './render.ts';
import { REPL_USAGE, replCommand } from './repl.ts';
import { RUN_USAGE, runCommand } from './run.ts';
import { SessionProblems } from './session.ts';

const USAGE = `ptc — PTC-Lisp command line

usage:
  ptc eval -e PROGRAM            evaluate a program, print the result
  ptc eval FILE.clj | -          evaluate a file (or stdin)
      --data FILE.json           supply data/ from a JSON object
      --time                     print time-ms: N (parse + analyze + evaluate) to stderr
      --interpret                never compile hot loops and functions to JavaScript
      --limit NAME=N             raise or lower one limit (ptc eval --help lists them)
  ptc eval --batch               JSON lines {"id","program","data"?} on stdin → one JSON answer per line
  ptc repl [--data FILE.json]    interactive REPL (ptc repl --help for its commands)
  ptc run SESSION.json           run an agent session with its LLM, print every turn
      --llm openai|anthropic     ask a real LLM (key in OPENAI_API_KEY / ANTHROPIC_API_KEY)
      --base-url URL  --model NAME  --temperature T  --max-tokens N  --timeout-ms MS  --retries N
      --compression false|true|NAME|JSON   override the session's compression
      --json                     print the run record (turns with the exact messages sent, tokens)
      --messages | --replay | --save OUT.json        (ptc run --help for all)
  ptc render SESSION.json        print the messages the LLM receives for a turn
      --turn N                   turn N of the recorded turns (default: the next one)
      --compression …  --no-system  --stats
  ptc --help | --version`;

/** Set by the bundler to the package's version; undefined when run from the sources. */
declare const PTC_VERSION: string | undefined;

function version(): string {
  if (typeof PTC_VERSION === 'string') return PTC_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Exit code when the reader of our output went away: 128 + SIGPIPE, as a shell reports `yes | head`. */
export const CLOSED_PIPE_EXIT = 141;

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
      if (e.code === 'EPIPE') process.exit(CLOSED_PIPE_EXIT);
      throw e;
    });
  }
}

export async function main(argv: string[]): Promise<number> {
  endQuietlyWhenReaderCloses();
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(USAGE + '\n');
        return 0;
      case '--version':
      case '-v':
        process.stdout.write(`ptc ${version()}\n`);
        return 0;
      case 'eval':
        if (rest.includes('--help')) {
          process.stdout.write(EVAL_USAGE + '\n');
          return 0;
        }
        return await evalCommand(rest);
      case 'repl':
        if (rest.includes('--help')) {
          process.stdout.write(REPL_USAGE + '\n');
          return 0;
        }
        return await replCommand(rest);
      case 'run':
        if (rest.includes('--help')) {
          process.stdout.write(RUN_USAGE + '\n');
          return 0;
        }
        return await runCommand(rest);
      case 'render':
        if (rest.includes('--help')) {
          process.stdout.write(RENDER_USAGE + '\n');
          return 0;
        }
        return renderCommand(rest);
      default:
        process.stderr.write((cmd === undefined ? '' : `ptc: unknown command ${cmd}\n\n`) + USAGE + '\n');
        return 2;
    }
  } catch (e) {
    if (e instanceof SessionProblems) {
      process.stderr.write(`ptc ${cmd}: ${e.message}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`ptc ${cmd}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

export { warmUp } from './warm-up.ts';
