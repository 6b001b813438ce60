// The `ptc` command: argument parsing and dispatch to the subcommands.
import { readFileSync } from 'node:fs';
import { UsageError } from './common.ts';
import { EVAL_USAGE, evalCommand } from './eval.ts';
import { replCommand } from './repl.ts';

const USAGE = `ptc — PTC-Lisp command line

usage:
  ptc eval -e PROGRAM            evaluate a program, print the result
  ptc eval FILE.clj | -          evaluate a file (or stdin)
      --data FILE.json           supply data/ from a JSON object
      --time                     print time-ms: N (parse + analyze + evaluate) to stderr
  ptc eval --batch               JSON lines {"id","program","data"?} on stdin → one JSON answer per line
  ptc repl [--data FILE.json]    interactive REPL
  ptc run SESSION                (not yet available)
  ptc render SESSION             (not yet available)
  ptc --help | --version`;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export async function main(argv: string[]): Promise<number> {
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
        return await replCommand(rest);
      case 'run':
      case 'render':
        process.stderr.write(`ptc ${cmd}: not yet available in this version (coming with agent sessions)\n`);
        return 2;
      default:
        process.stderr.write((cmd === undefined ? '' : `ptc: unknown command ${cmd}\n\n`) + USAGE + '\n');
        return 2;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`ptc ${cmd}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
