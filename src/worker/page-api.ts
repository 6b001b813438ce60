// The page's API: the calls the worker exposes (each with its line in ./protocol.ts). They are the
// Engine's methods, each taking what the page already has of the view (`Known`) and answering with a
// patch (./view-patch.ts) instead of the whole view, plus branches and experiments. Tests of the page
// use it in-process, as the worker does.
import type { Problem } from '../lisp/problem.ts';
import type { Engine, ExportOptions } from './engine.ts';
import type { ToolChange } from './mcp-servers.ts';
import {
  Experiments,
  type ExperimentInput,
  type ExperimentPlanView,
  type ExperimentRunInput,
  type ExperimentRunResult,
  type ExperimentRunUpdate,
} from './experiments.ts';
import { makePatch, type Known, type ViewPatch } from './view-patch.ts';
import { branchSide, checkoutSession, forkSession, removeBranchOf, type BranchOp, type BranchSide, type ForkRequest } from './branch-ops.ts';
import { loadTokenizer, memoizedCounter } from '../compression/tokens.ts';
import type { OpenResult, ReplResult, RequestResult, SessionDefinition, StepResult, TurnProgress, View, ViewOptions } from './views.ts';

export type PatchedOpen = { ok: true; view: ViewPatch; warnings?: string[] } | { ok: false; problems: Problem[] };
export type PatchedStep = { ok: true; view: ViewPatch } | { ok: false; error: string; view: ViewPatch; stopped?: true };
export type PatchedRequest = Exclude<RequestResult, { ok: false }> | (Omit<Extract<RequestResult, { ok: false }>, 'view'> & { view: ViewPatch });

export type PatchedBranch = { ok: true; view: ViewPatch } | { ok: false; errors: readonly string[] };

export class PageApi {
  constructor(
    readonly engine: Engine,
    readonly experiments: Experiments = new Experiments(),
  ) {}

  private patch(view: View, known: Known | undefined): ViewPatch {
    return makePatch(view, this.engine.savedText(), known);
  }

  private opened(r: OpenResult, known: Known | undefined): PatchedOpen {
    return r.ok ? { ...r, view: this.patch(r.view, known) } : r;
  }

  private stepped(r: StepResult, known: Known | undefined): PatchedStep {
    return { ...r, view: this.patch(r.view, known) };
  }

  open(input: string | object, known?: Known): PatchedOpen {
    return this.opened(this.engine.open(input), known);
  }

  openLink(fragment: string, known?: Known): PatchedOpen {
    return this.opened(this.engine.openLink(fragment), known);
  }

  setDefinition(def: SessionDefinition, known?: Known): PatchedOpen {
    return this.opened(this.engine.setDefinition(def), known);
  }

  /** `onProgress` (a Comlink proxy the page's client gives) hears when the program waits on tool calls. */
  async stepTurn(reply?: string, options?: ViewOptions, onProgress?: TurnProgress, known?: Known): Promise<PatchedStep> {
    return this.stepped(await this.engine.stepTurnLive(reply, options, onProgress), known);
  }

  reset(options?: ViewOptions, known?: Known): ViewPatch {
    return this.patch(this.engine.reset(options), known);
  }

  view(options?: ViewOptions, known?: Known): ViewPatch {
    return this.patch(this.engine.view(options), known);
  }

  async requestReply(apiKey: string, onText?: (textSoFar: string) => void, known?: Known): Promise<PatchedRequest> {
    const r = await this.engine.requestReply(apiKey, onText);
    return r.ok ? r : { ...r, view: this.patch(r.view, known) };
  }

  async applyRequested(options?: ViewOptions, onProgress?: TurnProgress, known?: Known): Promise<PatchedStep> {
    return this.stepped(await this.engine.applyRequestedLive(options, onProgress), known);
  }

  abortRequest(): boolean {
    return this.engine.abortRequest();
  }

  abortToolCalls(): boolean {
    return this.engine.abortToolCalls();
  }

  /** Header values go to the server's connection and nowhere else. */
  async connectServer(name: string, url: string, headers?: Readonly<Record<string, string>>, known?: Known): Promise<PatchedStep> {
    return this.stepped(await this.engine.connectServer(name, url, headers), known);
  }

  disconnectServer(name: string, known?: Known): PatchedStep {
    return this.stepped(this.engine.disconnectServer(name), known);
  }

  setServerTool(server: string, tool: string, change: ToolChange, known?: Known): PatchedStep {
    return this.stepped(this.engine.setServerTool(server, tool, change), known);
  }

  removeServer(name: string, known?: Known): PatchedStep {
    return this.stepped(this.engine.removeServer(name), known);
  }

  /** With a server connected its calls are made live, the page told when the program waits on them. */
  repl(program: string, onProgress?: TurnProgress): Promise<ReplResult> {
    return this.engine.replLive(program, onProgress);
  }

  restoreRepl(programs: readonly string[]): string[] {
    return this.engine.restoreRepl(programs);
  }

  countTokens(texts: readonly string[]): Promise<number[]> {
    return this.engine.countTokens(texts);
  }

  exportSession(options?: ExportOptions): string {
    return this.engine.exportSession(options);
  }

  reference(): ReturnType<Engine['reference']> {
    return this.engine.reference();
  }

  lessons(): ReturnType<Engine['lessons']> {
    return this.engine.lessons();
  }

  checkLesson(id: string, code: string): ReturnType<Engine['checkLesson']> {
    return this.engine.checkLesson(id, code);
  }

  diagnose(program: string): Problem[] {
    return this.engine.diagnose(program);
  }

  compare(): ReturnType<Engine['compare']> {
    return this.engine.compare();
  }

  requestMessages(strategy: string, turn: number): ReturnType<Engine['requestMessages']> {
    return this.engine.requestMessages(strategy, turn);
  }

  shareLink(options: { turns: boolean; branches?: boolean }): ReturnType<Engine['shareLink']> {
    return this.engine.shareLink(options);
  }

  private branched(r: BranchOp, known: Known | undefined): PatchedBranch {
    if (!r.ok) return r;
    const opened = this.engine.replace(r.session);
    return opened.ok ? { ok: true, view: this.patch(opened.view, known) } : { ok: false, errors: opened.problems.map((p) => p.text) };
  }

  /** Forks the open branch at a turn with other settings and opens the new branch. */
  fork(request: ForkRequest, known?: Known): PatchedBranch {
    return this.branched(forkSession(this.engine.current(), request), known);
  }

  checkoutBranch(id: string, known?: Known): PatchedBranch {
    return this.branched(checkoutSession(this.engine.current(), id), known);
  }

  removeBranch(id: string, known?: Known): PatchedBranch {
    return this.branched(removeBranchOf(this.engine.current(), id), known);
  }

  /** Two branches side by side (their turns, how each ended, tokens); null for a branch that is not there. */
  async compareBranches(a: string, b: string): Promise<[BranchSide | null, BranchSide | null]> {
    const count = memoizedCounter(await loadTokenizer('o200k_base'));
    const current = this.engine.current();
    return [branchSide(current, a, count), branchSide(current, b, count)];
  }

  /** What an experiment on the open session would run, or its problems. */
  planExperiment(input: ExperimentInput): ExperimentPlanView {
    return this.experiments.plan(this.engine.current(), input);
  }

  /** Runs an experiment on the open session as it is now; `onRun` (a Comlink proxy) gets each ended run. */
  runExperiment(input: ExperimentRunInput, onRun: (update: ExperimentRunUpdate) => void | Promise<void>): Promise<ExperimentRunResult> {
    return this.experiments.run(this.engine.current(), input, onRun, this.engine.liveTools());
  }

  /** What the open session's script returns, as an expected value (null: it does not return). */
  scriptAnswer(): ReturnType<Experiments['scriptAnswer']> {
    return this.experiments.scriptAnswer(this.engine.current());
  }

  stopExperiment(): boolean {
    return this.experiments.stop();
  }
}
