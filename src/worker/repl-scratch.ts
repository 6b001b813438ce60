// The REPL's own definitions and its last results (*1 *2 *3): a person's scratch work beside the
// session, never part of it. They are kept through edits of the session and Steps; another session
// or a new run starts without them.
import { printValue } from '../lisp/printer.ts';
import { run, runWithTools, type RunOptions, type RunResult, type ToolHost, type ToolWaitOptions } from '../lisp/run.ts';
import type { Definition } from '../lisp/runtime.ts';
import type { Value } from '../lisp/values.ts';
import { cut, errorView, type ReplResult } from './views.ts';

/** What a REPL program runs against: the session's data, tools and limits, the latest turn's definitions. */
export type ReplContext = Required<Pick<RunOptions, 'data' | 'tools'>> & Pick<RunOptions, 'limits'> & { memory: ReadonlyMap<string, Definition> };

export class ReplScratch {
  private definitions = new Map<string, Definition>();
  private results: Value[] = [];

  /** The names the REPL defined. */
  names(): string[] {
    return [...this.definitions.keys()];
  }

  /** Runs a program with the REPL's definitions over the turn's; what it defines is kept here. */
  evaluate(program: string, ctx: ReplContext): ReplResult {
    return this.kept(run(this.runOptions(program, ctx)));
  }

  /** evaluate, with the calls of the tools `host` makes live (a connected server's) made between passes; Stop (`wait.signal`) aborts them. */
  async evaluateLive(program: string, ctx: ReplContext, host: ToolHost, wait: ToolWaitOptions): Promise<ReplResult> {
    const started = Date.now();
    try {
      return this.kept(await runWithTools(this.runOptions(program, ctx), host, wait));
    } catch (e) {
      if (wait.signal?.aborted !== true) throw e;
      const message = 'Stopped: the tool calls in flight were aborted';
      return { ok: false, error: { type: 'stopped', message }, prints: [], signal: null, durationMs: Date.now() - started, defined: [] };
    }
  }

  private runOptions(program: string, ctx: ReplContext): RunOptions {
    return { program, memory: this.over(ctx.memory), data: ctx.data, tools: ctx.tools, limits: ctx.limits, history: this.results };
  }

  private kept(r: RunResult): ReplResult {
    if (!r.ok) return { ok: false, error: errorView(r.error), prints: r.prints, signal: null, durationMs: r.durationMs, defined: [] };
    for (const d of r.defined) this.definitions.set(d.name, d);
    this.results = [r.value, ...this.results].slice(0, 3);
    const defined = r.defined.map((d) => d.name);
    return { ok: true, result: cut(printValue(r.value)), prints: r.prints, signal: r.signal, durationMs: r.durationMs, defined };
  }

  /**
   * The definitions made again from the programs that made them, in order (a restarted worker has
   * lost them; functions need their code, so values are not enough). Starts from none; a program
   * that fails now is skipped. Returns the names defined.
   */
  restore(programs: readonly string[], ctx: ReplContext): string[] {
    this.definitions = new Map();
    this.results = [];
    for (const program of programs) {
      const r = run({ program, memory: this.over(ctx.memory), data: ctx.data, tools: ctx.tools, limits: ctx.limits });
      if (r.ok) for (const d of r.defined) this.definitions.set(d.name, d);
    }
    return this.names();
  }

  private over(turnMemory: ReadonlyMap<string, Definition>): Map<string, Definition> {
    const memory = new Map<string, Definition>(turnMemory);
    for (const [k, d] of this.definitions) memory.set(k, d);
    return memory;
  }
}
