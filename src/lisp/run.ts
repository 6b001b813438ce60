// The run API: read, analyze and evaluate one program against memory, data and tools.
// Never throws: every failure comes back as a value. Memory passed in is never mutated.
import { analyze } from './analyzer.ts';
import './builtins/index.ts';
import { asPtcError, type PtcErrorInfo } from './errors.ts';
import './forms/index.ts';
import { readProgram, type Form } from './reader.ts';
import { isBuiltinName } from './builtins/registry.ts';
import { analyzing } from './jit/compile.ts';
import {
  DEFAULT_LIMITS,
  FailSignal,
  PendingCalls,
  ReturnSignal,
  Runtime,
  withRuntime,
  type Definition,
  type Limits,
  type ToolAnswer,
  type ToolAnswers,
  type ToolCallRecord,
  type ToolImpl,
  type ToolRequest,
  type RunMark,
} from './runtime.ts';
import { FnScope, type Ctx, type Frame, type Node } from './scope.ts';
import type { Value } from './values.ts';

export interface RunOptions {
  program: string;
  /** User definitions from earlier turns, in order of first definition. */
  memory?: ReadonlyMap<string, Definition>;
  data?: ReadonlyMap<string, Value> | Readonly<Record<string, Value>>;
  tools?: readonly ToolImpl[];
  limits?: Partial<Limits>;
  /** Results of earlier turns, most recent first: *1, *2, *3. */
  history?: readonly Value[];
  now?: () => number;
  /** Answers for the calls of external tools (recorded ones, say); a call none covers fails. */
  answers?: ToolAnswers;
  /** The wall clock programs read; the real one by default. */
  wallClock?: () => number;
}

interface RunBase {
  prints: string[];
  /** What the reader forgave (stray closing brackets after the last form); empty when nothing. */
  warnings: string[];
  toolCalls: ToolCallRecord[];
  durationMs: number;
}

export interface RunSuccess extends RunBase {
  ok: true;
  /** The last expression's value, the value given to (return v), or the reason given to (fail r). */
  value: Value;
  /** How the program ended: by itself (null), with (return v), or with (fail reason). */
  signal: 'return' | 'fail' | null;
  /** Memory after the run: the memory passed in plus this run's definitions. */
  memory: Map<string, Definition>;
  /** The definitions this run made, in order of first definition (latest value each). */
  defined: Definition[];
  /** The latest value returned by each defn'd function called in this run. */
  returns: Map<string, Value>;
}

export interface RunFailure extends RunBase {
  ok: false;
  error: PtcErrorInfo;
  /** Unchanged: a failed program keeps none of its definitions. */
  memory: Map<string, Definition>;
}

export type RunResult = RunSuccess | RunFailure;

const defaultNow = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Parse and analyze a whole program: returns its top-level forms, their nodes and the top-level scope.
 * Given `warnings`, the reader forgives stray closers after the last form and records why there.
 * `shadowed` names the builtins the user had defined when the program started.
 */
export function compileProgram(src: string, warnings?: string[], shadowed?: ReadonlySet<string>): CompiledProgram {
  const forms = readProgram(src, warnings, true);
  analyzing(src);
  const root = new FnScope(null);
  const ctx: Ctx = {
    fn: root,
    locals: null,
    tail: false,
    recur: null,
    loc: { line: 1, column: 1 },
    ...(shadowed !== undefined && shadowed.size > 0 ? { shadowed } : {}),
  };
  return { forms, nodes: forms.map((f) => analyze(f, ctx)), root };
}

export interface CompiledProgram {
  readonly forms: readonly Form[];
  readonly nodes: Node[];
  /** The top-level scope: its slot count is the frame's size. */
  readonly root: FnScope;
}

/** The builtin names among the user's definitions. */
function shadowedBuiltins(names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const n of names) if (isBuiltinName(n)) out.add(n);
  return out;
}

/** The top-level forms being run: where a pass that waited on calls goes on from. */
interface TopLevel {
  readonly program: CompiledProgram;
  readonly frame: Frame;
  readonly shadowed: Set<string>;
  /** Top-level forms done, and the run's state right after them. */
  done: number;
  mark: RunMark | null;
}

/**
 * Run the top-level forms in order, from the first not done. Every form was analyzed before the
 * first ran (so a malformed form fails the program before any tool is called); when a form defines
 * a builtin's name, the forms after it are analyzed again so that they call the user's definition,
 * as later turns will. With `marking`, the run's state is kept after each form, so that a pass that
 * ends waiting on calls is taken up again after the last form it finished.
 */
function runForms(top: TopLevel, r: Runtime, marking: boolean): Value {
  const { program, frame, shadowed } = top;
  const { forms, nodes, root } = program;
  let value: Value = null;
  let known = r.defs.size;
  for (let i = top.done; i < nodes.length; i++) {
    value = nodes[i](frame);
    if (r.defs.size !== known && i < nodes.length - 1) {
      known = r.defs.size;
      let grew = false;
      for (const n of r.defs.keys()) {
        if (shadowed.has(n) || !isBuiltinName(n)) continue;
        shadowed.add(n);
        grew = true;
      }
      if (grew) {
        const ctx: Ctx = { fn: root, locals: null, tail: false, recur: null, loc: { line: 1, column: 1 }, shadowed };
        for (let j = i + 1; j < nodes.length; j++) nodes[j] = analyze(forms[j], ctx);
        for (let s = frame.length; s < root.nslots; s++) frame.push(null);
      }
    }
    if (marking && i < nodes.length - 1) {
      top.done = i + 1;
      top.mark = r.mark();
    }
  }
  return value;
}

/**
 * Any exception as an error value of the language (never JavaScript's own wording). Given the
 * running program, a location in another program's code is told as such (see PtcError.from).
 */
export function toErrorInfo(e: unknown, program?: string): PtcErrorInfo {
  const p = asPtcError(e);
  if (p !== null) return program !== undefined ? p.from(program) : p.toInfo();
  return { type: 'runtime_error', message: 'Internal error in the interpreter: the program stopped unexpectedly; try another way to compute this' };
}

export function run(opts: RunOptions): RunResult {
  const r = runPass(opts, false);
  // Without deferring, an unanswered call fails where it is made: no pass can end waiting.
  if ('waiting' in r) throw new Error('a run that cannot wait ended waiting on calls');
  return r;
}

/** A pass that ended waiting on calls, with what it did before, and where the next pass goes on. */
interface Waiting extends RunBase {
  readonly waiting: readonly ToolRequest[];
  readonly resume: Resume;
}

/** The state a pass leaves for the next: the same runtime and top-level forms, the clock's readings. */
interface Resume {
  readonly runtime: Runtime;
  readonly top: TopLevel;
  readonly warnings: string[];
}

/**
 * One run of the program; with `defer`, calls of external tools no answer covers end it waiting on
 * them. Given `resume`, the pass goes on after the last top-level form the one before finished.
 */
function runPass(opts: RunOptions, defer: boolean, resume?: Resume): RunResult | Waiting {
  const now = opts.now ?? defaultNow;
  const start = now();
  const memory = opts.memory ?? new Map<string, Definition>();
  let r: Runtime;
  let warnings: string[];
  if (resume !== undefined) {
    r = resume.runtime;
    warnings = resume.warnings;
  } else {
    const data = opts.data instanceof Map ? opts.data : new Map(Object.entries((opts.data ?? {}) as Record<string, Value>));
    const tools = new Map((opts.tools ?? []).map((t) => [t.name, t] as const));
    const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
    r = new Runtime(limits, memory, data, tools, opts.history ?? [], now);
    r.answers = opts.answers ?? null;
    r.deferCalls = defer;
    if (opts.wallClock !== undefined) r.clock = opts.wallClock;
    warnings = [];
  }
  const runtime = r;
  let top: TopLevel | null = resume?.top ?? null;
  if (top !== null) {
    if (top.mark !== null) runtime.resume(top.mark);
    else runtime.resume(EMPTY_MARK);
  }
  const base = (): RunBase => ({ prints: [...runtime.prints], warnings, toolCalls: [...runtime.toolCalls], durationMs: now() - start });
  const success = (value: Value, signal: RunSuccess['signal']): RunSuccess => {
    const mem = new Map(memory);
    for (const [k, d] of runtime.defs) mem.set(k, d);
    return { ok: true, value, signal, memory: mem, defined: [...runtime.defs.values()], returns: runtime.returns, ...base() };
  };
  try {
    return withRuntime(runtime, () => {
      if (top === null) {
        const shadowed = shadowedBuiltins(memory.keys());
        const program = compileProgram(opts.program, warnings, shadowed);
        const frame: Frame = new Array<Value>(program.root.nslots);
        frame[0] = [];
        top = { program, frame, shadowed, done: 0, mark: null };
      }
      return success(runForms(top, runtime, defer), null);
    });
  } catch (e) {
    if (e instanceof PendingCalls && top !== null) return { waiting: e.requests, resume: { runtime, top, warnings }, ...base() };
    if (e instanceof ReturnSignal) return success(e.value, 'return');
    if (e instanceof FailSignal) return success(e.reason, 'fail');
    return { ok: false, error: toErrorInfo(e, opts.program), memory: new Map(memory), ...base() };
  }
}

/** The state of a run before its first form. */
const EMPTY_MARK: RunMark = {
  prints: 0,
  printedChars: 0,
  toolCalls: 0,
  defs: new Map(),
  returns: new Map(),
  occurrences: new Map(),
  placed: new Map(),
  gatherings: new Map(),
  read: 0,
};

/** Who makes the calls of external tools for `runWithTools`. */
export interface ToolHost {
  /**
   * Make the calls, side by side, and give one answer per request in order (a failed call is an
   * answer with its error). Rejects only when `signal` aborts.
   */
  answer(requests: readonly ToolRequest[], signal: AbortSignal): Promise<readonly ToolAnswer[]>;
}

export interface ToolWaitOptions {
  /** Time a run may spend waiting on calls in all (T4's toolWaitMs), running the program again included; unbounded when absent. */
  readonly waitMs?: number;
  /** Stop: aborts the calls in flight, and the run rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** What running with external tools took, beyond the result. */
export interface ToolWaitFigures {
  /** Times the program ran: once, plus once per round of calls it waited on. */
  readonly passes: number;
  /** Rounds of calls made side by side. */
  readonly rounds: number;
  readonly calls: number;
  readonly waitedMs: number;
  /** The interpreter's own time, every pass counted. */
  readonly interpreterMs: number;
  /** The part of it spent in passes after the first (counted as waiting). */
  readonly rerunMs: number;
}

export type RunWithToolsResult = RunResult & { readonly figures: ToolWaitFigures };

/**
 * Run a program whose external tools are answered by a host that does I/O, keeping the interpreter
 * synchronous: the program runs until it needs an answer no one has yet, the host makes those calls
 * (all of a `pmap`'s or `pcalls`'s at once), and the program runs again with the answers so far,
 * from the start of the top-level form that waited (the state after the forms before it is kept).
 * Each pass is deterministic: memory passed in is never changed, each call made is answered in the
 * next pass where it stands (its slot), and the wall clock's readings are replayed.
 * The program's time limit applies to each pass; waiting counts against `waitMs` instead (L8, T4).
 * The result is the last pass's: its prints, its tool calls (each with the host's time) and value.
 */
export async function runWithTools(opts: RunOptions, host: ToolHost, wait: ToolWaitOptions = {}): Promise<RunWithToolsResult> {
  const now = opts.now ?? defaultNow;
  const start = now();
  const given = opts.answers;
  const made = new Map<string, ToolAnswer>();
  const answers: ToolAnswers = {
    answer: (tool, key, occurrence, slot) => made.get(slot) ?? given?.answer(tool, key, occurrence, slot),
    recorded: (key) => given?.recorded?.(key) ?? 0,
  };
  let resume: Resume | undefined;
  let passes = 0;
  let rerunMs = 0;
  let rounds = 0;
  let calls = 0;
  let waitedMs = 0;
  let interpreterMs = 0;
  for (;;) {
    const t0 = now();
    const r = runPass({ ...opts, answers }, true, resume);
    const passMs = now() - t0;
    interpreterMs += passMs;
    // Running again is the price of waiting: past the first pass it counts against waiting's budget.
    if (passes > 0) rerunMs += passMs;
    passes++;
    const figures = (): ToolWaitFigures => ({ passes, rounds, calls, waitedMs, interpreterMs, rerunMs });
    if (!('waiting' in r)) return { ...r, durationMs: now() - start, figures: figures() };
    wait.signal?.throwIfAborted();
    const requests = r.waiting;
    resume = r.resume;
    const left = wait.waitMs === undefined ? Infinity : wait.waitMs - waitedMs - rerunMs;
    const w0 = now();
    const got = left > 0 ? await answerWithin(host, requests, left, wait.signal) : null;
    waitedMs += now() - w0;
    rounds++;
    calls += requests.length;
    if (got === null) {
      const error = {
        type: 'timeout' as const,
        message: `Waiting on tool calls took more than ${wait.waitMs ?? 0} ms in this program; make fewer calls one after another (pmap makes them side by side), or raise the limit on waiting`,
      };
      // What the program did before it waited is kept, as a failed program's is.
      const { prints, warnings, toolCalls } = r;
      return { ok: false, error, memory: new Map(opts.memory ?? []), prints, warnings, toolCalls, durationMs: now() - start, figures: figures() };
    }
    requests.forEach((q, i) => made.set(q.slot, got[i]));
  }
}

/**
 * The host's answers, or null when `left` ms pass first. Either way out (the time, Stop) aborts the
 * calls in flight, and neither waits for a host that does not heed the abort.
 */
async function answerWithin(
  host: ToolHost,
  requests: readonly ToolRequest[],
  left: number,
  stop: AbortSignal | undefined,
): Promise<readonly ToolAnswer[] | null> {
  const controller = new AbortController();
  let onStop = (): void => undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    onStop = (): void => {
      reject(stop?.reason);
      controller.abort(stop?.reason);
    };
  });
  stop?.addEventListener('abort', onStop, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<null>((resolve) => {
    if (left === Infinity) return;
    timer = setTimeout(
      () => {
        resolve(null);
        controller.abort(new Error('the time for waiting on tool calls ran out'));
      },
      Math.max(0, left),
    );
  });
  const answering = host.answer(requests, controller.signal);
  // Once the time ran out or Stop was pressed, the aborted calls' rejection has no one to hear it.
  answering.catch(() => undefined);
  stopped.catch(() => undefined);
  try {
    return await Promise.race([answering, expired, stopped]);
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
  }
}
