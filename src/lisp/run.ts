// The run API: read, analyze and evaluate one program against memory, data and tools.
// Never throws: every failure comes back as a value. Memory passed in is never mutated.
import { analyze } from './analyzer.ts';
import './builtins/index.ts';
import { PtcError, type PtcErrorInfo } from './errors.ts';
import './forms/index.ts';
import { readProgram } from './reader.ts';
import { analyzing } from './jit/compile.ts';
import { DEFAULT_LIMITS, FailSignal, ReturnSignal, Runtime, withRuntime, type Definition, type Limits, type ToolCallRecord, type ToolImpl } from './runtime.ts';
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
}

interface RunBase {
  prints: string[];
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

/** Parse and analyze a whole program: returns the nodes and the size of the top-level frame. */
export function compileProgram(src: string): { nodes: Node[]; frameSize: number } {
  const forms = readProgram(src);
  analyzing(src);
  const root = new FnScope(null);
  const ctx: Ctx = { fn: root, locals: null, tail: false, recur: null, loc: { line: 1, column: 1 } };
  const nodes = forms.map((f) => analyze(f, ctx));
  return { nodes, frameSize: root.nslots };
}

export function toErrorInfo(e: unknown): PtcErrorInfo {
  if (e instanceof PtcError) return e.toInfo();
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return { type: 'depth_limit_exceeded', message: 'The program nests too deeply (stack exhausted); use loop/recur or reduce instead of deep recursion' };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { type: 'execution_error', message: `Internal error: ${message}` };
}

export function run(opts: RunOptions): RunResult {
  const now = opts.now ?? defaultNow;
  const start = now();
  const memory = opts.memory ?? new Map<string, Definition>();
  const data = opts.data instanceof Map ? opts.data : new Map(Object.entries((opts.data ?? {}) as Record<string, Value>));
  const tools = new Map((opts.tools ?? []).map((t) => [t.name, t] as const));
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const r = new Runtime(limits, memory, data, tools, opts.history ?? [], now);
  const base = (): RunBase => ({ prints: r.prints, toolCalls: r.toolCalls, durationMs: now() - start });
  const success = (value: Value, signal: RunSuccess['signal']): RunSuccess => {
    const mem = new Map(memory);
    for (const [k, d] of r.defs) mem.set(k, d);
    return { ok: true, value, signal, memory: mem, defined: [...r.defs.values()], returns: r.returns, ...base() };
  };
  try {
    return withRuntime(r, () => {
      const { nodes, frameSize } = compileProgram(opts.program);
      const frame: Frame = new Array<Value>(frameSize);
      frame[0] = [];
      let value: Value = null;
      for (const n of nodes) value = n(frame);
      return success(value, null);
    });
  } catch (e) {
    if (e instanceof ReturnSignal) return success(e.value, 'return');
    if (e instanceof FailSignal) return success(e.reason, 'fail');
    return { ok: false, error: toErrorInfo(e), memory: new Map(memory), ...base() };
  }
}
