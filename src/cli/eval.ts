// `ptc eval`: run one program (from -e, a file or stdin) and print its result in Clojure notation.
import { printValue } from '../lisp/printer.ts';
import { jitSettings } from '../lisp/jit/compile.ts';
import { run } from '../lisp/run.ts';
import { DEFAULT_LIMITS, type Limits } from '../lisp/runtime.ts';
import type { Value } from '../lisp/values.ts';
import { runBatch } from './batch.ts';
import { errorLine, formatMs, loadDataFile, readSource, UsageError } from './common.ts';

export const EVAL_USAGE = `usage: ptc eval [--data FILE.json] [--time] [--interpret] [--limit NAME=N]... (-e PROGRAM | FILE.clj | -)
       ptc eval --batch [--interpret] < LINES.jsonl
limits (defaults): ${Object.entries(DEFAULT_LIMITS).map(([k, v]) => `${k}=${v}`).join(' ')}`;

interface EvalArgs {
  program?: string;
  file?: string;
  data?: string;
  time: boolean;
  batch: boolean;
  interpret: boolean;
  limits: Partial<Limits>;
}

/** `maxLoopIterations=100000` → one limit; the name must be a known limit and the value a positive number. */
function parseLimit(text: string, limits: Partial<Limits>): void {
  const eq = text.indexOf('=');
  const name = eq > 0 ? text.slice(0, eq) : text;
  if (!Object.hasOwn(DEFAULT_LIMITS, name)) {
    throw new UsageError(`unknown limit ${name} (known: ${Object.keys(DEFAULT_LIMITS).join(', ')})`);
  }
  const value = eq > 0 ? Number(text.slice(eq + 1)) : NaN;
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--limit ${name} needs a positive number, as in --limit ${name}=${DEFAULT_LIMITS[name as keyof Limits]}`);
  limits[name as keyof Limits] = value;
}

function parseEvalArgs(argv: string[]): EvalArgs {
  const a: EvalArgs = { time: false, batch: false, interpret: false, limits: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = (): string => {
      if (i + 1 >= argv.length) throw new UsageError(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '-e' || arg === '--expr') a.program = next();
    else if (arg === '--data') a.data = next();
    else if (arg === '--time') a.time = true;
    else if (arg === '--batch') a.batch = true;
    else if (arg === '--interpret') a.interpret = true;
    else if (arg === '--limit') parseLimit(next(), a.limits);
    else if (arg === '-' || !arg.startsWith('-')) {
      if (a.file !== undefined) throw new UsageError(`only one program file may be given (got ${a.file} and ${arg})`);
      a.file = arg;
    } else throw new UsageError(`unknown option ${arg}`);
  }
  if (a.batch && Object.keys(a.limits).length > 0) throw new UsageError('--limit applies to one program; --batch runs each line with the default limits');
  if (a.batch && (a.program !== undefined || a.file !== undefined)) throw new UsageError('--batch reads programs from stdin; give no -e or FILE');
  if (!a.batch && a.program === undefined && a.file === undefined) throw new UsageError('give a program with -e, a FILE, or - for stdin');
  if (a.program !== undefined && a.file !== undefined) throw new UsageError('give either -e or FILE, not both');
  return a;
}

export async function evalCommand(argv: string[]): Promise<number> {
  const args = parseEvalArgs(argv);
  // Without the compiler to JavaScript: to compare results, or to time the interpreter alone.
  if (args.interpret) jitSettings.enabled = false;
  if (args.batch) return runBatch(process.stdin, process.stdout);
  const data: Map<string, Value> | undefined = args.data !== undefined ? loadDataFile(args.data) : undefined;
  const program = args.program ?? readSource(args.file as string);
  const result = run({ program, data, limits: args.limits });
  for (const w of result.warnings) process.stderr.write(`warning: ${w}\n`);
  for (const line of result.prints) process.stderr.write(line + '\n');
  if (args.time) process.stderr.write(`time-ms: ${formatMs(result.durationMs)}\n`);
  if (!result.ok) {
    process.stderr.write(errorLine(result.error) + '\n');
    return 1;
  }
  if (result.signal === 'fail') {
    process.stderr.write(`fail: ${printValue(result.value)}\n`);
    return 1;
  }
  process.stdout.write(printValue(result.value) + '\n');
  return 0;
}
