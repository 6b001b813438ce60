// The run API: read, analyze and evaluate one program against memory, data and tools.
// Never throws: every failure comes back as a value. Memory passed in is never mutated.
import { analyze } from './analyzer.ts';
import './builtins/index.ts';
import { asPtcError, type PtcErrorInfo } from './errors.ts';
import './forms/index.ts';
import { readProgram, type Form } from './reader.ts';
import { isBuiltinName } from './builtins/registry.ts';
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

/**
 * Run the top-level forms in order. Every form was analyzed before the first ran (so a malformed
 * form fails the program before any tool is called); when a form defines a builtin's name, the forms
 * after it are analyzed again so that they call the user's definition, as later turns will.
 */
function runForms(program: CompiledProgram, r: Runtime, shadowed: Set<string>): Value {
  const { forms, nodes, root } = program;
  const frame: Frame = new Array<Value>(root.nslots);
  frame[0] = [];
  let value: Value = null;
  let known = r.defs.size;
  for (let i = 0; i < nodes.length; i++) {
    value = nodes[i](frame);
    if (r.defs.size === known || i === nodes.length - 1) continue;
    known = r.defs.size;
    let grew = false;
    for (const n of r.defs.keys()) {
      if (shadowed.has(n) || !isBuiltinName(n)) continue;
      shadowed.add(n);
      grew = true;
    }
    if (!grew) continue;
    const ctx: Ctx = { fn: root, locals: null, tail: false, recur: null, loc: { line: 1, column: 1 }, shadowed };
    for (let j = i + 1; j < nodes.length; j++) nodes[j] = analyze(forms[j], ctx);
    for (let s = frame.length; s < root.nslots; s++) frame.push(null);
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
  const now = opts.now ?? defaultNow;
  const start = now();
  const memory = opts.memory ?? new Map<string, Definition>();
  const data = opts.data instanceof Map ? opts.data : new Map(Object.entries((opts.data ?? {}) as Record<string, Value>));
  const tools = new Map((opts.tools ?? []).map((t) => [t.name, t] as const));
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const r = new Runtime(limits, memory, data, tools, opts.history ?? [], now);
  const warnings: string[] = [];
  const base = (): RunBase => ({ prints: r.prints, warnings, toolCalls: r.toolCalls, durationMs: now() - start });
  const success = (value: Value, signal: RunSuccess['signal']): RunSuccess => {
    const mem = new Map(memory);
    for (const [k, d] of r.defs) mem.set(k, d);
    return { ok: true, value, signal, memory: mem, defined: [...r.defs.values()], returns: r.returns, ...base() };
  };
  try {
    return withRuntime(r, () => {
      const shadowed = shadowedBuiltins(memory.keys());
      return success(runForms(compileProgram(opts.program, warnings, shadowed), r, shadowed), null);
    });
  } catch (e) {
    if (e instanceof ReturnSignal) return success(e.value, 'return');
    if (e instanceof FailSignal) return success(e.reason, 'fail');
    return { ok: false, error: toErrorInfo(e, opts.program), memory: new Map(memory), ...base() };
  }
}
