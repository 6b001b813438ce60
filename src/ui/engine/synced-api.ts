// The engine as the page's code calls it: the worker's methods with whole views, rebuilt here from the
// patches the worker sends (src/worker/view-patch.ts). Each worker has its own: the view it last gave
// is what the next call says the page has, so the worker sends only what changed since.
import type { Remote } from 'comlink';
import { applyPatch, isViewPatch, knownOf, type Known, type ViewPatch } from '../../worker/view-patch.ts';
import type { OpenResult, ReplResult, RequestResult, SessionDefinition, ShareLinkResult, StepResult, View, ViewOptions } from '../../worker/views.ts';
import type { ExportOptions } from '../../worker/engine.ts';
import type { WorkerApi } from '../../worker/engine.worker.ts';
import type { CompareView } from '../../worker/compare-view.ts';
import type { RefEntry } from '../../lisp/reference/index.ts';
import type { CheckResult, Lesson } from '../../worker/lessons.ts';
import type { Message } from '../../records/records.ts';
import type { Problem } from '../../lisp/problem.ts';
import type { BranchSide, ForkRequest } from '../../worker/branch-ops.ts';
import type { JsonValue } from '../../session/value-codec.ts';
import type { ExperimentInput, ExperimentPlanView, ExperimentRunInput, ExperimentRunResult, ExperimentRunUpdate } from '../../worker/experiments.ts';

export type EngineRemote = Remote<WorkerApi>;

/** A branch operation's answer: the new view, or why it was refused. */
export type BranchResult = { ok: true; view: View } | { ok: false; errors: readonly string[] };

/** What the page's code calls (through EngineClient.call): the engine's methods, views whole. */
export interface EngineApi {
  open(input: string | object): Promise<OpenResult>;
  openLink(fragment: string): Promise<OpenResult>;
  setDefinition(def: SessionDefinition): Promise<OpenResult>;
  stepTurn(reply?: string, options?: ViewOptions): Promise<StepResult>;
  reset(options?: ViewOptions): Promise<View>;
  view(options?: ViewOptions): Promise<View>;
  requestReply(apiKey: string, onText?: (textSoFar: string) => void): Promise<RequestResult>;
  applyRequested(options?: ViewOptions): Promise<StepResult>;
  abortRequest(): Promise<boolean>;
  repl(program: string): Promise<ReplResult>;
  restoreRepl(programs: readonly string[]): Promise<string[]>;
  countTokens(texts: string[]): Promise<number[]>;
  exportSession(options?: ExportOptions): Promise<string>;
  shareLink(options: { turns: boolean; branches?: boolean }): Promise<ShareLinkResult>;
  /** Every strategy's figures over the recorded run (loads the tokenizer on first use). */
  compare(): Promise<CompareView | null>;
  /** The language reference (the same entries as `ptc doc --json`). */
  reference(): Promise<RefEntry[]>;
  /** The lessons, solutions included (the page shows a solution after the hints). */
  lessons(): Promise<Lesson[]>;
  /** Runs the learner's code against a lesson and says what is wrong, if anything. */
  checkLesson(id: string, code: string): Promise<CheckResult>;
  /** Problems of a program being typed (parse errors; names that will not resolve, as warnings); nothing runs. */
  diagnose(program: string): Promise<Problem[]>;
  /** Turn `turn`'s request under a strategy, for a diff. */
  requestMessages(strategy: string, turn: number): Promise<Message[] | null>;
  /** Forks the open branch at a turn with other settings and opens the new branch. */
  fork(request: ForkRequest): Promise<BranchResult>;
  checkoutBranch(id: string): Promise<BranchResult>;
  /** Removes a branch that is not open (its children hang from its parent). */
  removeBranch(id: string): Promise<BranchResult>;
  /** Two branches side by side; null for one that is not there. */
  compareBranches(a: string, b: string): Promise<[BranchSide | null, BranchSide | null]>;
  /** What an experiment on the open session would run, or every problem with its input. */
  planExperiment(input: ExperimentInput): Promise<ExperimentPlanView>;
  /** Runs an experiment; `onRun` (wrap it with Comlink's proxy) gets each run as it ends. */
  runExperiment(input: ExperimentRunInput, onRun: (update: ExperimentRunUpdate) => void | Promise<void>): Promise<ExperimentRunResult>;
  /** Stops the running experiment: runs in flight are cut, the rest are not started. */
  stopExperiment(): Promise<boolean>;
  /** What the open session's script returns, as a variants file writes an expected value (null: it does not return). */
  scriptAnswer(): Promise<JsonValue | null>;
}

/** Anything with a view in it, as the worker sends it: a patch (or, from a test's fake, as it is). */
type WithView<T> = T extends { view: View } ? Omit<T, 'view'> & { view: ViewPatch | View } : T;

export class SyncedApi implements EngineApi {
  /** The whole view this worker last gave (the base of the next patch). */
  private last: View | null = null;

  constructor(private readonly remote: EngineRemote) {}

  /** The view the worker last gave, whole (null before the first). */
  get lastView(): View | null {
    return this.last;
  }

  /** The whole view from a patch asked against `base`; a patch that does not fit asks for all of it. */
  private async whole(base: View | null, sent: ViewPatch | View, options: ViewOptions | undefined): Promise<View> {
    if (!isViewPatch(sent)) return sent;
    let view: View;
    try {
      view = applyPatch(base, sent);
    } catch {
      view = applyPatch(null, (await this.remote.view(options, undefined)) as ViewPatch);
    }
    this.last = view;
    return view;
  }

  private async withView<T extends object>(call: (known: Known | undefined) => Promise<unknown>, options?: ViewOptions): Promise<T> {
    const base = this.last;
    const r = (await call(knownOf(base))) as WithView<T> & { view?: ViewPatch | View };
    if (r.view === undefined) return r as unknown as T;
    return { ...r, view: await this.whole(base, r.view, options) } as unknown as T;
  }

  open(input: string | object): Promise<OpenResult> {
    return this.withView<OpenResult>((known) => this.remote.open(input, known));
  }

  openLink(fragment: string): Promise<OpenResult> {
    return this.withView<OpenResult>((known) => this.remote.openLink(fragment, known));
  }

  setDefinition(def: SessionDefinition): Promise<OpenResult> {
    // Large data the engine sent as text and nobody edited does not cross back: the engine keeps its own.
    const { dataText, ...rest } = def;
    const sent = dataText !== undefined && dataText === this.last?.definition.dataText ? rest : def;
    return this.withView<OpenResult>((known) => this.remote.setDefinition(sent, known));
  }

  stepTurn(reply?: string, options?: ViewOptions): Promise<StepResult> {
    return this.withView<StepResult>((known) => this.remote.stepTurn(reply, options, known), options);
  }

  applyRequested(options?: ViewOptions): Promise<StepResult> {
    return this.withView<StepResult>((known) => this.remote.applyRequested(options, known), options);
  }

  requestReply(apiKey: string, onText?: (textSoFar: string) => void): Promise<RequestResult> {
    return this.withView<RequestResult>((known) => this.remote.requestReply(apiKey, onText, known));
  }

  async reset(options?: ViewOptions): Promise<View> {
    const base = this.last;
    return this.whole(base, (await this.remote.reset(options, knownOf(base))) as ViewPatch | View, options);
  }

  async view(options?: ViewOptions): Promise<View> {
    const base = this.last;
    return this.whole(base, (await this.remote.view(options, knownOf(base))) as ViewPatch | View, options);
  }

  abortRequest(): Promise<boolean> {
    return this.remote.abortRequest();
  }

  repl(program: string): Promise<ReplResult> {
    return this.remote.repl(program);
  }

  restoreRepl(programs: readonly string[]): Promise<string[]> {
    return this.remote.restoreRepl(programs);
  }

  countTokens(texts: string[]): Promise<number[]> {
    return this.remote.countTokens(texts);
  }

  exportSession(options?: ExportOptions): Promise<string> {
    return this.remote.exportSession(options);
  }

  shareLink(options: { turns: boolean; branches?: boolean }): Promise<ShareLinkResult> {
    return this.remote.shareLink(options);
  }

  compare(): Promise<CompareView | null> {
    return this.remote.compare();
  }

  reference(): Promise<RefEntry[]> {
    return this.remote.reference();
  }

  lessons(): Promise<Lesson[]> {
    return this.remote.lessons();
  }

  checkLesson(id: string, code: string): Promise<CheckResult> {
    return this.remote.checkLesson(id, code);
  }

  fork(request: ForkRequest): Promise<BranchResult> {
    return this.withView<BranchResult>((known) => this.remote.fork(request, known));
  }

  checkoutBranch(id: string): Promise<BranchResult> {
    return this.withView<BranchResult>((known) => this.remote.checkoutBranch(id, known));
  }

  removeBranch(id: string): Promise<BranchResult> {
    return this.withView<BranchResult>((known) => this.remote.removeBranch(id, known));
  }

  compareBranches(a: string, b: string): Promise<[BranchSide | null, BranchSide | null]> {
    return this.remote.compareBranches(a, b);
  }

  planExperiment(input: ExperimentInput): Promise<ExperimentPlanView> {
    return this.remote.planExperiment(input);
  }

  runExperiment(input: ExperimentRunInput, onRun: (update: ExperimentRunUpdate) => void | Promise<void>): Promise<ExperimentRunResult> {
    return this.remote.runExperiment(input, onRun);
  }

  stopExperiment(): Promise<boolean> {
    return this.remote.stopExperiment();
  }

  scriptAnswer(): Promise<JsonValue | null> {
    return this.remote.scriptAnswer();
  }

  diagnose(program: string): Promise<Problem[]> {
    return this.remote.diagnose(program);
  }

  requestMessages(strategy: string, turn: number): Promise<Message[] | null> {
    return this.remote.requestMessages(strategy, turn);
  }
}
