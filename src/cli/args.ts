// One declarative description per command (name, summary, options, arguments, exit codes), from
// which both its argument parsing (node:util's parseArgs) and its --help are made, in one format.
// A new command is a description and a handler: defineCommand(...) and a line in main.ts's list.
import { parseArgs } from 'node:util';
import { UsageError } from './common.ts';
import type { CliIo } from './io.ts';

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** One letter: `-e`. */
  readonly short?: string;
  /** May be given more than once; the values come as a list, in order. */
  readonly multiple?: boolean;
  /** The value's placeholder in the help: FILE.json, N. */
  readonly value?: string;
  /** The value when the option is not given (shown in the help). */
  readonly default?: string;
  /** One line or a few; `\n` breaks a line. */
  readonly description: string;
}

export type Options = Readonly<Record<string, OptionSpec>>;

/** The parsed values: a boolean option is true or false, a multiple one a list, a string one its text or undefined. */
export type Values<O extends Options> = {
  -readonly [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['multiple'] extends true
      ? string[]
      : O[K]['default'] extends string
        ? string
        : string | undefined;
};

export interface PositionalSpec {
  /** As shown in the usage line: SESSION.json. */
  readonly name: string;
  readonly description: string;
  /** Refused when missing, with `missing` as the message. */
  readonly required?: boolean;
  readonly missing?: string;
  /** Takes every remaining argument (the last positional only). */
  readonly variadic?: boolean;
}

export interface Parsed<O extends Options> {
  readonly values: Values<O>;
  readonly positionals: readonly string[];
}

/** What a command says about itself: everything its help and the command list show. */
export interface CommandInfo {
  readonly name: string;
  /** One line, for `ptc --help`. */
  readonly summary: string;
  /** Usage lines after `ptc NAME`; by default one made of the options and arguments. */
  readonly usage?: readonly string[];
  /** What the command does, a paragraph or two. */
  readonly description?: string;
  readonly options: Options;
  readonly positionals: readonly PositionalSpec[];
  /** The codes it may end with, besides 2 and 141 which every command has. */
  readonly exitCodes: readonly (readonly [number, string])[];
  /** Text after the exit codes (a REPL's commands, the limits and their defaults). */
  readonly notes?: string;
}

export interface CommandSpec<O extends Options> extends CommandInfo {
  readonly options: O;
  run(args: Parsed<O>, io: CliIo): number | Promise<number>;
}

export interface Command extends CommandInfo {
  /** Parses `argv` (the words after the command's name), shows the help or runs the handler. */
  invoke(argv: readonly string[], io: CliIo): Promise<number>;
}

/** Every command has these two. */
export const COMMON_EXIT_CODES: readonly (readonly [number, string])[] = [
  [2, 'usage error: an unknown or missing option or argument, an unreadable or invalid file'],
  [141, 'the reader of the output closed the pipe early (128 + SIGPIPE)'],
];

const HELP_OPTION: OptionSpec = { type: 'boolean', short: 'h', description: 'show this help and exit' };

/** A mistake in the words of the command line itself: the message says how to get the help. */
export class ArgumentError extends UsageError {}

export function defineCommand<const O extends Options>(spec: CommandSpec<O>): Command {
  return {
    ...spec,
    async invoke(argv, io) {
      if (wantsHelp(spec, argv)) {
        io.stdout.write(helpText(spec) + '\n');
        return 0;
      }
      return spec.run(parseCommandArgs(spec, argv), io);
    },
  };
}

function optionsWithHelp(info: CommandInfo): Options {
  return { ...info.options, help: HELP_OPTION };
}

function toParseArgsConfig(options: Options): Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> {
  const config: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, o] of Object.entries(options)) {
    config[name] = { type: o.type, ...(o.short !== undefined ? { short: o.short } : {}), ...(o.multiple === true ? { multiple: true } : {}) };
  }
  return config;
}

type Token = ReturnType<typeof parseArgs>['tokens'] extends (infer T)[] | undefined ? T : never;

/**
 * The tokens of `argv`, as parseArgs reads them. Not strict: an option's value is the next word
 * whatever it starts with (`--max-turns -3`, `-e -1` reach the command, which says what is wrong),
 * and unknown options come back as tokens so they can be refused with a suggestion.
 */
function tokensOf(options: Options, argv: readonly string[]): Token[] {
  const { tokens } = parseArgs({ args: [...argv], options: toParseArgsConfig(options), strict: false, allowPositionals: true, tokens: true });
  return tokens;
}

/** `--help` or `-h` anywhere among the options: the help, whatever else is there. */
function wantsHelp(info: CommandInfo, argv: readonly string[]): boolean {
  return tokensOf(optionsWithHelp(info), argv).some((t) => t.kind === 'option' && t.name === 'help');
}

/** Edits from `a` to `b`: insertions, deletions, substitutions and swaps of neighbours (`rnu` → `run` is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known word closest to `word`, when it is close enough to be a likely typo (or `word` begins it). */
export function closest(word: string, known: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(w, k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(1, Math.min(3, Math.floor(best.length / 3)))) return best;
  const prefixed = known.filter((k) => w.length >= 2 && k.toLowerCase().startsWith(w));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

function unknownOption(info: CommandInfo, written: string): ArgumentError {
  const options = optionsWithHelp(info);
  // `-json` is read as -j -s -o -n: the user meant --json. A lone unknown letter gets no guess.
  const asLong = written.startsWith('--') ? written : written.length > 2 ? `-${written}` : undefined;
  const guess =
    asLong === undefined
      ? undefined
      : closest(
          asLong,
          Object.keys(options).map((name) => `--${name}`),
        );
  return new ArgumentError(`unknown option ${written}${guess !== undefined ? `; did you mean ${guess}?` : ''}`);
}

/** The values and arguments of `argv` for the command, or an ArgumentError saying what is wrong. */
export function parseCommandArgs<O extends Options>(info: CommandInfo & { readonly options: O }, argv: readonly string[]): Parsed<O> {
  const options = optionsWithHelp(info);
  const values: Record<string, string | boolean | string[] | undefined> = {};
  for (const [name, o] of Object.entries(options)) values[name] = o.type === 'boolean' ? false : o.multiple === true ? [] : o.default;
  const positionals: string[] = [];
  for (const t of tokensOf(options, argv)) {
    if (t.kind === 'positional') positionals.push(t.value);
    if (t.kind !== 'option') continue;
    const o = Object.hasOwn(options, t.name) ? options[t.name] : undefined;
    const word = argv[t.index];
    // A group of short options (`-json`) with an unknown letter is named whole.
    if (o === undefined) throw unknownOption(info, word.startsWith('--') ? t.rawName : word.length > 2 ? word : t.rawName);
    const shown = `--${t.name}`;
    if (o.type === 'boolean') {
      if (t.value !== undefined) throw new ArgumentError(`${shown} takes no value (got ${word})`);
      values[t.name] = true;
    } else {
      if (t.value === undefined) throw new ArgumentError(`${t.rawName} needs a value${o.value !== undefined ? ` (${t.rawName} ${o.value})` : ''}`);
      if (o.multiple === true) (values[t.name] as string[]).push(t.value);
      else values[t.name] = t.value;
    }
  }
  const last = info.positionals[info.positionals.length - 1];
  if (positionals.length > info.positionals.length && last?.variadic !== true) {
    const kept = positionals.slice(0, info.positionals.length);
    const extra = positionals[info.positionals.length];
    throw new ArgumentError(
      info.positionals.length === 0 ? `takes no arguments (got ${extra})` : `only one ${last.name} may be given (got ${kept[kept.length - 1]} and ${extra})`,
    );
  }
  info.positionals.forEach((p, i) => {
    if (p.required === true && positionals[i] === undefined) throw new ArgumentError(p.missing ?? `give ${p.name}`);
  });
  return { values: values as Values<O>, positionals };
}

/** Breaks `text` into lines of at most `width` characters; `\n` breaks a line where it stands. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      if (line !== '' && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    lines.push(line);
  }
  return lines;
}

const WIDTH = 100;

/** Two columns: `  left  right…`, the right one wrapped and indented under itself. */
function table(rows: readonly (readonly [string, string])[]): string[] {
  const left = Math.min(28, Math.max(...rows.map(([l]) => l.length)) + 2);
  return rows.flatMap(([l, r]) => {
    const text = wrap(r, WIDTH - left - 2);
    if (l.length + 2 > left) return [`  ${l}`, ...text.map((t) => ' '.repeat(left + 2) + t)];
    return text.map((t, i) => (i === 0 ? `  ${l.padEnd(left)}${t}` : ' '.repeat(left + 2) + t));
  });
}

function optionLabel(name: string, o: OptionSpec): string {
  const long = `--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
  return o.short !== undefined ? `-${o.short}, ${long}` : long;
}

/** The usage line made of the options and arguments: `ptc repl [--data FILE.json]`. */
export function defaultUsage(info: CommandInfo): string {
  const opts = Object.entries(info.options).map(
    ([name, o]) => `[--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}]${o.multiple === true ? '...' : ''}`,
  );
  const args = info.positionals.map((p) => (p.required === true ? p.name : `[${p.name}]`) + (p.variadic === true ? '...' : ''));
  return [`ptc ${info.name}`, ...args, ...opts].join(' ');
}

function exitCodeEntries(info: CommandInfo): (readonly [number, string])[] {
  return [...COMMON_EXIT_CODES, ...info.exitCodes].sort((a, b) => a[0] - b[0]);
}

/** A command's exit codes, one row per code (its meanings joined). */
export function exitCodesOf(info: CommandInfo): [number, string][] {
  const rows = new Map<number, string[]>();
  for (const [code, meaning] of exitCodeEntries(info)) rows.set(code, [...(rows.get(code) ?? []), meaning]);
  return [...rows.entries()].map(([code, meanings]) => [code, meanings.join('; ')]);
}

/** The help of a command: usage, what it does, arguments, options, exit codes, notes. */
export function helpText(info: CommandInfo): string {
  const usage = info.usage?.map((u) => `ptc ${info.name} ${u}`) ?? [defaultUsage(info)];
  const parts = [usage.map((u, i) => (i === 0 ? `usage: ${u}` : `       ${u}`)).join('\n')];
  if (info.description !== undefined) parts.push(wrap(info.description, WIDTH).join('\n'));
  if (info.positionals.length > 0) parts.push(['arguments:', ...table(info.positionals.map((p) => [p.name, p.description]))].join('\n'));
  const options = Object.entries(optionsWithHelp(info)).map(([name, o]): [string, string] => [
    optionLabel(name, o),
    o.default !== undefined ? `${o.description} (default: ${o.default})` : o.description,
  ]);
  parts.push(['options:', ...table(options)].join('\n'));
  parts.push(['exit codes:', ...table(exitCodesOf(info).map(([c, m]) => [String(c), m]))].join('\n'));
  if (info.notes !== undefined) parts.push(info.notes);
  return parts.join('\n\n');
}

/** Every code any command may end with, and what it means for which commands. */
export function exitCodeTable(commands: readonly CommandInfo[]): [number, string][] {
  const byCode = new Map<number, Map<string, string[]>>();
  for (const c of commands) {
    for (const [code, meaning] of exitCodeEntries(c)) {
      const meanings = byCode.get(code) ?? new Map<string, string[]>();
      meanings.set(meaning, [...(meanings.get(meaning) ?? []), c.name]);
      byCode.set(code, meanings);
    }
  }
  return [...byCode.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([code, meanings]) => [
      code,
      [...meanings.entries()].map(([meaning, names]) => (names.length === commands.length ? meaning : `${names.join(', ')}: ${meaning}`)).join('; '),
    ]);
}

/** `ptc --help`: the commands, the options of ptc itself and every exit code. */
export function overviewText(title: string, commands: readonly CommandInfo[], extra: readonly (readonly [string, string])[]): string {
  return [
    title,
    'usage: ptc COMMAND [options] [arguments]\n       ptc COMMAND --help        (its options, arguments and exit codes)',
    ['commands:', ...table([...commands.map((c): [string, string] => [c.name, c.summary]), ['help [COMMAND]', 'this help, or the help of COMMAND']])].join(
      '\n',
    ),
    ['options:', ...table(extra)].join('\n'),
    ['exit codes:', ...table(exitCodeTable(commands).map(([c, m]) => [String(c), m]))].join('\n'),
  ].join('\n\n');
}
