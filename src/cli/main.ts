// The `ptc` command: the list of commands and the dispatch to them. Each command is one description
// (args.ts's defineCommand: options, arguments, exit codes) and its handler; a new one is a file with
// its defineCommand and a line in COMMANDS below. A command's module is loaded when it runs (all of
// them for `ptc --help`): a fresh process then sets up only what its command uses, which leaves
// the program it runs more of V8's young generation before the first garbage collection.
import { readFileSync } from 'node:fs';
import { ArgumentError, closest, overviewText, type Command } from './args.ts';
import { UsageError } from './common.ts';
import { ServersUnreachable, SessionProblems } from './failures.ts';
import { EXIT, processIo, type CliIo } from './io.ts';

/** Every command by name, in the order `ptc --help` lists them, with how to load it. */
const COMMANDS: readonly (readonly [string, () => Promise<Command>])[] = [
  ['eval', async () => (await import('./eval.ts')).evalCommand],
  ['repl', async () => (await import('./repl.ts')).replCommand],
  ['run', async () => (await import('./run.ts')).runCommand],
  ['render', async () => (await import('./render.ts')).renderCommand],
  ['tools', async () => (await import('./tools.ts')).toolsCommand],
  ['compare', async () => (await import('./compare.ts')).compareCommand],
  ['experiment', async () => (await import('./experiment.ts')).experimentCommand],
  ['doc', async () => (await import('./doc.ts')).docCommand],
  ['bridge', async () => (await import('./bridge.ts')).bridgeCommand],
];

/** Every command, loaded, in the order `ptc --help` lists them. */
export function loadCommands(): Promise<readonly Command[]> {
  return Promise.all(COMMANDS.map(([, load]) => load()));
}

const TITLE = 'ptc — PTC-Lisp command line';

const TOP_OPTIONS = [
  ['-h, --help', 'show this help and exit'],
  ['-v, --version', 'print the version and exit'],
] as const;

/** `ptc --help`. */
export async function usage(): Promise<string> {
  return overviewText(TITLE, await loadCommands(), TOP_OPTIONS);
}

/** Set by the bundler to the package's version; undefined when run from the sources. */
declare const PTC_VERSION: string | undefined;

function version(): string {
  if (typeof PTC_VERSION === 'string') return PTC_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Exit code when the reader of our output went away: 128 + SIGPIPE, as a shell reports `yes | head`. */
export const CLOSED_PIPE_EXIT = EXIT.closedPipe;

async function findCommand(name: string): Promise<Command | undefined> {
  const found = COMMANDS.find(([n]) => n === name);
  return found === undefined ? undefined : found[1]();
}

/** An unknown command or option of ptc itself: say so, with a guess, then the usage, on stderr. */
async function refuse(io: CliIo, word: string | undefined): Promise<number> {
  let head = '';
  if (word !== undefined) {
    const isOption = word.startsWith('-');
    const known = isOption ? ['--help', '--version'] : [...COMMANDS.map(([n]) => n), 'help'];
    const guess = closest(word, known);
    head = `ptc: unknown ${isOption ? 'option' : 'command'} ${word}${guess !== undefined ? `; did you mean ${guess}?` : ''}\n\n`;
  }
  io.stderr.write(head + (await usage()) + '\n');
  return EXIT.usage;
}

/**
 * Runs `ptc` with the words after it and resolves to the exit code. Everything it reads and writes
 * goes through `io` (the process's by default); it never ends the process itself, so tests call it
 * in process. Errors other than a usage or session problem are thrown: a bug, with its stack.
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case '--help':
    case '-h':
      io.stdout.write((await usage()) + '\n');
      return EXIT.ok;
    case 'help': {
      if (rest.length === 0) {
        io.stdout.write((await usage()) + '\n');
        return EXIT.ok;
      }
      const target = await findCommand(rest[0]);
      if (target === undefined) return refuse(io, rest[0]);
      if (rest.length > 1) {
        io.stderr.write(`ptc help: give one command (got ${rest.join(' ')})\n`);
        return EXIT.usage;
      }
      return target.invoke(['--help'], io);
    }
    case '--version':
    case '-v':
      io.stdout.write(`ptc ${version()}\n`);
      return EXIT.ok;
  }
  const command = cmd === undefined ? undefined : await findCommand(cmd);
  if (command === undefined) return refuse(io, cmd);
  try {
    return await command.invoke(rest, io);
  } catch (e) {
    if (e instanceof SessionProblems || e instanceof UsageError) {
      io.stderr.write(`ptc ${command.name}: ${e.message}\n`);
      if (e instanceof ArgumentError) io.stderr.write(`(ptc ${command.name} --help lists its options and arguments)\n`);
      return EXIT.usage;
    }
    if (e instanceof ServersUnreachable) {
      io.stderr.write(`ptc ${command.name}: ${e.message}\n`);
      return EXIT.provider;
    }
    throw e;
  }
}

export { warmUp } from './warm-up.ts';
