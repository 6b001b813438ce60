// The state of one program run: limits, the clock, printed output, tool calls and new definitions.
// Evaluation is synchronous and single-threaded, so the active run is a module-level variable that
// builtins reach through `rt()`; `withRuntime` sets it for one run and puts the previous one back,
// so runs interleaved across awaits, and a run started by a tool inside another, each see their own
// (test/agent/concurrent-runs.test.ts).
//
// Everything a run owns lives in its Runtime. What else the engine keeps in modules is never a run's:
// scratch counters of one synchronous operation, reset before it returns (the hash and equality
// budgets, walk.ts's work count, loop/recur's argument buffer, the last merge's key cache); caches
// that never change a result (the compiler's warmth and compiled units, identity hashes, regex
// literals, analysis facts per node); the builtin registry, filled once at load; and the counter of
// generated names, which only need to be distinct.
import { arityError, asPtcError, PtcError, type Loc, typeError } from './errors.ts';
import type { SpreadFn } from './builtins/registry.ts';
import { printBrief, printValue } from './printer.ts';
import { setActiveMeter } from './run-meter.ts';
import { Keyword, makeFn, PMap, PSet, type PtcFn, type Value } from './values.ts';

export interface Limits {
  /** Wall time per program in milliseconds, tool calls included. */
  timeoutMs: number;
  /** Iterations of one loop (or recursion through recur) before it is stopped. */
  maxLoopIterations: number;
  /** Nested function calls. */
  maxDepth: number;
  /** Characters printed by println per program. */
  maxOutputChars: number;
  /** Elements in any single collection built, and characters in any string built (UTF-16 units, as JavaScript counts them). */
  maxValueSize: number;
}

export const DEFAULT_LIMITS: Limits = {
  timeoutMs: 1000,
  maxLoopIterations: 1000,
  maxDepth: 1000,
  maxOutputChars: 64 * 1024,
  maxValueSize: 1_000_000,
};

export interface ToolCallRecord {
  name: string;
  args: Value[];
  result: Value;
  durationMs: number;
  error?: string;
  /** For an MCP server's tool: the server (L5). */
  server?: string;
  /** For an MCP server's tool the program calls by another name (`as`): the server's own name. */
  tool?: string;
}

export interface Definition {
  name: string;
  value: Value;
  doc?: string;
  /** The defining form as written, for `(source name)`; absent when not known (a replay that failed). */
  source?: string;
}

/** A tool the program may call: a PTC function (or a host function tagged as one). */
export interface ToolImpl {
  name: string;
  fn: PtcFn;
  /** What introspection tells of it (dir, export-meta, source, doc, apropos). */
  signature?: string;
  description?: string;
  /** Its implementation as written, when it is PTC-Lisp. */
  source?: string;
  /** For an MCP server's tool: the server, and the server's own name for the tool when it differs. */
  server?: string;
  toolName?: string;
  /** Present for a tool answered from outside the run (I/O): `fn` is then never called. */
  external?: ExternalTool;
}

/**
 * A tool whose calls the host answers (an MCP server, a host function that does I/O). The program
 * stays synchronous: a call is answered from the run's `answers`, and a call nothing answers yet
 * either fails (a plain `run`) or, under `runWithTools`, ends the pass so the host can make it and
 * run the program again (run.ts explains the passes).
 */
export interface ExternalTool {
  /** What identifies a call: equal keys are equal calls, and the k-th equal call gets the k-th answer. Throws a PtcError for arguments that cannot be sent. */
  key(args: readonly Value[]): string;
  /** The error of a call no one can answer (no host, and not among the `recorded` calls with its key). */
  unanswered(key: string, recorded: number): PtcError;
}

/** How a host answered one call. */
export interface ToolAnswer {
  readonly result: Value;
  /** Time the call took at the host, not the run's. */
  readonly durationMs: number;
  /** The tool_error's message when the call failed. */
  readonly error?: string;
}

/**
 * Answers for external calls: the `occurrence`-th call (from 0) with this key in the run, or the
 * call at `slot` (its key, and where it stands among pmap's and pcalls' elements: see ToolRequest).
 */
export interface ToolAnswers {
  answer(tool: string, key: string, occurrence: number, slot: string): ToolAnswer | undefined;
  /** How many answers with this key a record holds, for the error of a call past them. */
  recorded?(key: string): number;
}

/** A call of an external tool that no answer covered yet. */
export interface ToolRequest {
  /** The name the program called (`tool/NAME`). */
  readonly tool: string;
  readonly args: readonly Value[];
  readonly key: string;
  readonly occurrence: number;
  /**
   * The call told apart by where it is made: its key, the pmap or pcalls element it is made in, and
   * how many equal calls that element made before. A pass stops an element part way while the ones
   * after it go on, so only this names the same call in the next pass.
   */
  readonly slot: string;
}

/**
 * Thrown when calls must be made before the program can go on: not an Error, so nothing in the
 * language catches or relocates it. `pmap` and `pcalls` gather their elements' requests into one.
 */
export class PendingCalls {
  constructor(readonly requests: readonly ToolRequest[]) {}
}

/** Thrown by `(return v)` and `(fail reason)` to end the program. */
export class ReturnSignal {
  constructor(readonly value: Value) {}
}
export class FailSignal {
  constructor(readonly reason: Value) {}
}

/** A run's state between two top-level forms: enough to go on from there (Runtime.mark, Runtime.resume). */
export interface RunMark {
  readonly prints: number;
  readonly printedChars: number;
  readonly toolCalls: number;
  readonly defs: ReadonlyMap<string, Definition>;
  readonly returns: ReadonlyMap<string, Value>;
  readonly occurrences: ReadonlyMap<string, number>;
  readonly placed: ReadonlyMap<string, number>;
  readonly gatherings: ReadonlyMap<string, number>;
  readonly read: number;
}

/** Returned (not thrown) by a `recur` node; the enclosing loop or fn reads `rt().recurArgs`. */
export const RECUR: unique symbol = Symbol('recur');

/** Ticks between two readings of the clock (compiled loops count them inline, see jit/emitter.ts). */
export const CLOCK_EVERY = 256;
/**
 * Elements a builtin may walk between two readings of the clock. Builtins charge their work once
 * per collection, and long loops every 4,096 elements (see coerce.ts), so a timeout comes within
 * about this much work of the limit; a clock reading costs about as much as walking ten elements.
 */
const WORK_EVERY = 16_384;

export class Runtime {
  depth = 0;
  /** Ticks since the clock was last read: public for the loops that tick inline (jit/emitter.ts, forms/fn-closure.ts). */
  ticks = 0;
  private work = 0;
  private deadline: number;
  readonly prints: string[] = [];
  private printedChars = 0;
  readonly toolCalls: ToolCallRecord[] = [];
  readonly defs = new Map<string, Definition>();
  /** Last value returned by each defn'd function this run (for the user/ section's return types). */
  readonly returns = new Map<string, Value>();
  /** Who answers external calls, and whether an unanswered one waits for the host (PendingCalls) rather than failing. */
  answers: ToolAnswers | null = null;
  deferCalls = false;
  /** Equal external calls made so far this run, by key, and by key within each element (`place`). */
  private readonly occurrences = new Map<string, number>();
  private readonly placed = new Map<string, number>();
  /** The pmap or pcalls element being run, as a path (empty outside them). */
  place = '';
  /** Gatherings started so far in each place, to name the next one. */
  private readonly gatherings = new Map<string, number>();
  /** The wall clock programs read (System/currentTimeMillis, java.util.Date): `clock`, its readings kept in `readings` and replayed from there. */
  clock: () => number = Date.now;
  readings: number[] = [];
  private read = 0;

  constructor(
    readonly limits: Limits,
    readonly memory: ReadonlyMap<string, Definition>,
    readonly data: ReadonlyMap<string, Value>,
    readonly tools: ReadonlyMap<string, ToolImpl>,
    readonly history: readonly Value[],
    readonly now: () => number,
  ) {
    this.deadline = now() + limits.timeoutMs;
  }

  /** Called on every function call and loop iteration; checks the clock now and then. */
  tick(): void {
    if (++this.ticks >= CLOCK_EVERY) {
      this.ticks = 0;
      this.checkClock();
    }
  }

  /** The rest of tick() once `ticks` has reached CLOCK_EVERY (for loops that count inline). */
  clockTick(): void {
    this.ticks = 0;
    this.checkClock();
  }

  /** Account for `n` elements walked or built by a builtin: time inside builtins counts too. */
  charge(n: number): void {
    // Written so that a NaN charge also resets the counter rather than disabling it.
    if (!((this.work += n) < WORK_EVERY)) {
      this.work = 0;
      this.checkClock();
    }
  }

  checkClock(): void {
    if (this.now() > this.deadline) {
      throw new PtcError('timeout', `Execution timed out after ${this.limits.timeoutMs} ms; simplify the program or process less data per turn`);
    }
  }

  enter(loc?: Loc | null): void {
    if (++this.depth > this.limits.maxDepth) {
      this.depth = 0;
      throw new PtcError(
        'depth_limit_exceeded',
        `Call depth exceeded ${this.limits.maxDepth} nested calls (runaway recursion?); use loop/recur or reduce instead`,
        loc,
      );
    }
    if (++this.ticks >= CLOCK_EVERY) {
      this.ticks = 0;
      this.checkClock();
    }
  }

  private readonly toolFns = new Map<string, PtcFn>();

  /** The callable for tool `name`: runs its implementation and records the call (L5). */
  toolFn(name: string): PtcFn {
    let f = this.toolFns.get(name);
    if (f !== undefined) return f;
    const tool = this.tools.get(name);
    if (tool === undefined) throw new PtcError('unknown_tool', `Unknown tool tool/${name}`);
    const impl = tool.fn;
    const external = tool.external;
    f = makeFn(
      (...args: Value[]) => {
        const start = this.now();
        const record: ToolCallRecord = {
          name,
          args,
          result: null,
          durationMs: 0,
          ...(tool.server !== undefined ? { server: tool.server } : {}),
          ...(tool.toolName !== undefined && tool.toolName !== name ? { tool: tool.toolName } : {}),
        };
        this.toolCalls.push(record);
        try {
          if (external !== undefined) return this.answerExternal(record, external);
          record.result = invoke(impl, args);
          return record.result;
        } catch (e) {
          if (e instanceof PendingCalls) throw e;
          record.error = asPtcError(e, 'tool/' + name)?.message ?? 'the tool stopped the program';
          throw e;
        } finally {
          // An external call's time is the host's, set with its answer.
          if (external === undefined) record.durationMs = this.now() - start;
          this.checkClock();
        }
      },
      { name: 'tool/' + name, kind: 'tool', minArity: impl.ptc.minArity, maxArity: impl.ptc.maxArity, params: impl.ptc.params },
    );
    this.toolFns.set(name, f);
    return f;
  }

  /** An external call: its answer, its failure, or (when the host will make it) a pending request. */
  private answerExternal(record: ToolCallRecord, external: ExternalTool): Value {
    const key = external.key(record.args);
    const occurrence = this.occurrences.get(key) ?? 0;
    this.occurrences.set(key, occurrence + 1);
    const at = `${this.place}\u0000${key}`;
    const local = this.placed.get(at) ?? 0;
    this.placed.set(at, local + 1);
    const slot = `${at}\u0000${local}`;
    const answer = this.answers?.answer(record.name, key, occurrence, slot);
    if (answer === undefined) {
      if (!this.deferCalls) throw external.unanswered(key, this.answers?.recorded?.(key) ?? 0);
      // Not made yet: the call is recorded in the pass that gets its answer.
      this.toolCalls.pop();
      throw new PendingCalls([{ tool: record.name, args: record.args, key, occurrence, slot }]);
    }
    record.result = answer.result;
    record.durationMs = answer.durationMs;
    if (answer.error !== undefined) throw new PtcError('tool_error', answer.error);
    return answer.result;
  }

  /** The wall clock's next reading: one made before in the run (by an earlier pass) is given again. */
  wallClock(): number {
    const i = this.read++;
    if (i < this.readings.length) return this.readings[i];
    const t = this.clock();
    this.readings.push(t);
    return t;
  }

  /** What a run has done so far, between two top-level forms (see run.ts: a pass resumes there). */
  mark(): RunMark {
    return {
      prints: this.prints.length,
      printedChars: this.printedChars,
      toolCalls: this.toolCalls.length,
      defs: new Map(this.defs),
      returns: new Map(this.returns),
      occurrences: new Map(this.occurrences),
      placed: new Map(this.placed),
      gatherings: new Map(this.gatherings),
      read: this.read,
    };
  }

  /** Back to `m`, with a new deadline: the next pass goes on from there. */
  resume(m: RunMark): void {
    this.prints.length = m.prints;
    this.printedChars = m.printedChars;
    this.toolCalls.length = m.toolCalls;
    const copy = <K, V>(to: Map<K, V>, from: ReadonlyMap<K, V>): void => {
      to.clear();
      for (const [k, v] of from) to.set(k, v);
    };
    copy(this.defs, m.defs);
    copy(this.returns, m.returns);
    copy(this.occurrences, m.occurrences);
    copy(this.placed, m.placed);
    copy(this.gatherings, m.gatherings);
    this.read = m.read;
    this.depth = 0;
    this.ticks = 0;
    this.work = 0;
    this.place = '';
    this.deadline = this.now() + this.limits.timeoutMs;
  }

  /** The name of the next gathering (pmap, pcalls) in the current place. */
  nextGathering(): string {
    const n = this.gatherings.get(this.place) ?? 0;
    this.gatherings.set(this.place, n + 1);
    return `${this.place}/${n}`;
  }

  noteReturn(name: string, value: Value): void {
    this.returns.set(name, value);
  }

  /** Look up a user definition: this run's first, then memory from earlier turns. */
  lookupDef(name: string): Definition | undefined {
    return this.defs.get(name) ?? this.memory.get(name);
  }

  print(line: string): void {
    this.printedChars += line.length + 1;
    if (this.printedChars > this.limits.maxOutputChars) {
      throw new PtcError(
        'output_limit_exceeded',
        `Printed output exceeded ${this.limits.maxOutputChars} characters; print summaries (count, first few items) instead of whole collections`,
      );
    }
    this.prints.push(line);
  }

  /** The size check for a collection growing piece by piece: no charge (the pieces are charged). */
  checkGrowing(n: number, what = 'collection'): void {
    if (n > this.limits.maxValueSize) this.checkSize(n, what);
  }

  /**
   * Check the length of a string being built. Its characters count against the size limit as
   * JavaScript counts them (UTF-16 units), so text doubled in a loop is refused long before it
   * takes seconds and hundreds of megabytes to build and print.
   */
  checkText(n: number, what = 'string'): void {
    if (n > this.limits.maxValueSize) {
      throw new PtcError('memory_exceeded', `A ${what} of ${n} characters exceeds the limit of ${this.limits.maxValueSize}; build less text at a time`);
    }
  }

  /** Check the size of a collection being built (and charge the work of building it). */
  checkSize(n: number, what = 'collection'): void {
    this.charge(n);
    if (n > this.limits.maxValueSize) {
      throw new PtcError('memory_exceeded', `A ${what} of ${n} elements exceeds the limit of ${this.limits.maxValueSize}; work on less data at a time`);
    }
  }
}

/**
 * The elements of `pmap` and `pcalls`, in order: an element waiting on calls does not hold back the
 * ones after it, so all their calls go out together. Once one waits, an element that ends the
 * program (an error, return, fail) only ends this pass: in order, the waiting one comes first.
 */
export function gatherElements(count: number, element: (i: number) => Value): Value[] {
  const r = rt();
  const outer = r.place;
  const gathering = r.nextGathering();
  const out = new Array<Value>(count);
  let waiting: ToolRequest[] | null = null;
  try {
    for (let i = 0; i < count; i++) {
      r.place = `${gathering}.${i}`;
      try {
        out[i] = element(i);
      } catch (e) {
        if (e instanceof PendingCalls) (waiting ??= []).push(...e.requests);
        else if (waiting !== null) break;
        else throw e;
      }
    }
  } finally {
    r.place = outer;
  }
  if (waiting !== null) throw new PendingCalls(waiting);
  return out;
}

export function loopLimitError(what: string, loc: Loc): PtcError {
  const max = rt().limits.maxLoopIterations;
  return new PtcError('loop_limit_exceeded', `${what} exceeded ${max} iterations; check the exit condition, or process fewer items`, loc);
}

let active: Runtime | null = null;

export function rt(): Runtime {
  if (active === null) throw new Error('no PTC-Lisp program is running');
  return active;
}

/** The running program's runtime, or null outside a run (helpers shared with hosts). */
export function activeRuntime(): Runtime | null {
  return active;
}

/** Run `body` with `r` as the active runtime (restoring the previous one: tools can nest runs). */
export function withRuntime<T>(r: Runtime, body: () => T): T {
  const prev = active;
  active = r;
  setActiveMeter(r);
  try {
    return body();
  } finally {
    active = prev;
    setActiveMeter(prev);
  }
}

/** Lookup in a map by key, accepting a keyword for a string key and vice versa. */
export function getFlex(m: PMap, key: Value): Value | undefined {
  if (key instanceof Keyword) return m.getKeyword(key);
  const v = m.lookup(key);
  if (v !== undefined) return v;
  if (typeof key === 'string') return m.lookup(Keyword.of(key));
  return undefined;
}

function describe(v: Value): string {
  return printBrief(v, 40);
}

export function arityMessage(f: PtcFn, n: number): string {
  const m = f.ptc;
  const name = m.name ?? 'anonymous function';
  const expected = m.maxArity === Infinity ? `at least ${m.minArity}` : m.minArity === m.maxArity ? String(m.minArity) : `${m.minArity} to ${m.maxArity}`;
  return `${name} expects ${expected} argument${expected === '1' ? '' : 's'}, got ${n}`;
}

/** Past this many arguments a call goes through the function's array entry (see `SpreadFn`). */
const MAX_SPREAD = 8192;

/** `invoke` for argument lists of any length (apply). */
export function invokeMany(f: Value, args: Value[]): Value {
  if (args.length <= MAX_SPREAD || typeof f !== 'function') return invoke(f, args);
  const fn = f as SpreadFn;
  if (args.length < fn.ptc.minArity || args.length > fn.ptc.maxArity) throw arityError(arityMessage(fn, args.length));
  if (fn.spread !== undefined) return fn.spread(args);
  const name = fn.ptc.name ?? 'this function';
  throw new PtcError(
    'runtime_error',
    `${name} cannot take ${args.length} arguments at once (at most ${MAX_SPREAD}); use reduce, or a function that takes the collection itself`,
  );
}

/** Call any callable value: functions, keywords, maps, sets and vectors. */
export function invoke(f: Value, args: Value[]): Value {
  if (typeof f === 'function') {
    const fn = f as PtcFn;
    const m = fn.ptc;
    if (args.length < m.minArity || args.length > m.maxArity) throw arityError(arityMessage(fn, args.length));
    return fn(...args);
  }
  return invokeData(f, args);
}

export function invokeData(f: Value, args: Value[]): Value {
  if (f instanceof Keyword) {
    if (args.length < 1 || args.length > 2)
      throw arityError(`keyword ${printValue(f)} used as a function expects 1 or 2 arguments (map, default), got ${args.length}`);
    const m = args[0];
    const notFound = args.length === 2 ? args[1] : null;
    if (m instanceof PMap) return getFlex(m, f) ?? notFound;
    if (m instanceof PSet) return m.has(f) ? f : notFound;
    return notFound;
  }
  if (f instanceof PMap) {
    if (args.length < 1 || args.length > 2) throw arityError(`a map used as a function expects 1 or 2 arguments (key, default), got ${args.length}`);
    return getFlex(f, args[0]) ?? (args.length === 2 ? args[1] : null);
  }
  if (f instanceof PSet) {
    if (args.length !== 1) throw arityError(`a set used as a function expects 1 argument, got ${args.length}`);
    return f.lookup(args[0]) ?? null;
  }
  if (Array.isArray(f)) {
    if (args.length !== 1) throw arityError(`a vector used as a function expects 1 argument (index), got ${args.length}`);
    const i = args[0];
    if (typeof i !== 'number' || !Number.isInteger(i)) throw typeError(`a vector used as a function needs an integer index, got ${describe(i)}`);
    if (i < 0 || i >= f.length) throw new PtcError('runtime_error', `Index ${i} out of bounds for a vector of ${f.length} items`);
    return f[i];
  }
  throw new PtcError('not_callable', `${describe(f)} is not a function and cannot be called`);
}
