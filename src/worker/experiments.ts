// Experiments in the worker: the open session run many times per variant, each run's LLM the mock, the
// simulated model or a real provider (with the key the page gives for that variant's endpoint, used
// for this experiment only). Each ended run goes to the page at once, with its session file's text,
// so the page saves it before the next one ends: stopping or closing the tab loses no finished run.
import { DEFAULT_PRICES, type ModelPrice } from '../agent/cost.ts';
import { mockLlm } from '../agent/llm.ts';
import { DEFAULT_MAX_OUTPUT_TOKENS, type ProviderName } from '../agent/llm-settings.ts';
import { prepareAgent } from '../agent/loop.ts';
import { createLlm, type ProviderOptions } from '../agent/providers/index.ts';
import { countsTokens } from '../compression/strategy.ts';
import { loadTokenizer } from '../compression/tokens.ts';
import { planExperiment, type ExperimentPlan, type Variant } from '../experiment/plan.ts';
import type { CutKind, RunRecord } from '../experiment/records.ts';
import { summarizeAll, type VariantSummary } from '../experiment/results.ts';
import { runExperiment, type Budget, type RunLlm } from '../experiment/runner.ts';
import type { AgentDef } from '../agent/agent.ts';
import { describeCheck } from '../experiment/success.ts';
import { readVariantsText } from '../experiment/variants-json.ts';
import { scriptAnswer } from '../experiment/script-answer.ts';
import { encodeValue, type JsonValue } from '../session/value-codec.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../session/session-file.ts';
import { sentWithOf } from './sent-with.ts';

export interface ExperimentInput {
  /** The variants file's text; blank: one variant with the session's settings, success meaning it returned. */
  readonly variantsText: string;
  readonly runs: number;
  /**
   * The session to run, as a session file's text; absent: the open session as it is now. The page keeps
   * the text an experiment started with, so a resumed experiment runs the same session whatever is open.
   */
  readonly sessionText?: string;
}

export interface PlannedVariant {
  readonly name: string;
  /** The strategy its requests are rendered with. */
  readonly strategy: string;
  /** Who answers, in words: `mock`, `simulated (slip 0.1, guess 0.5)`, `openai gpt-4o-mini`. */
  readonly answerer: string;
  /** For a real provider: where its requests go (the page finds the key for it). */
  readonly endpoint?: { readonly provider: Exclude<ProviderName, 'mock'>; readonly baseUrl?: string; readonly model?: string };
}

export type ExperimentPlanView =
  | { readonly ok: true; readonly variants: readonly PlannedVariant[]; readonly runs: number; readonly total: number; readonly check: string }
  | { readonly ok: false; readonly errors: readonly string[] };

export interface ExperimentRunInput extends ExperimentInput {
  readonly concurrency: number;
  /** The key for each variant (by index) a real provider answers; ignored for the others. */
  readonly keys: readonly (string | null)[];
  /** Runs already finished (resuming): kept, not run again. */
  readonly done: readonly RunRecord[];
  readonly budget?: Budget;
  /** The page's whole price table, used instead of the built-in one (the session's own prices still win). */
  readonly prices?: readonly (readonly [string, ModelPrice])[];
}

/** One ended run, sent to the page as it ends. */
export interface ExperimentRunUpdate {
  readonly record: RunRecord;
  /** The run as a session file (it opens as any session does). */
  readonly sessionText: string;
}

export type ExperimentRunResult =
  | {
      readonly ok: true;
      readonly records: readonly RunRecord[];
      readonly summaries: readonly VariantSummary[];
      /** Why runs were left unstarted, when they were. */
      readonly stopped?: CutKind;
    }
  | { readonly ok: false; readonly errors: readonly string[] };

type Planned = { ok: true; plan: ExperimentPlan } | { ok: false; errors: readonly string[] };

function planOf(open: Session, input: ExperimentInput): Planned {
  let session = open;
  if (input.sessionText !== undefined) {
    const parsed = parseSession(input.sessionText);
    if (!parsed.ok) return { ok: false, errors: parsed.errors.map((e) => `session: ${e}`) };
    session = parsed.session;
  }
  let file: unknown;
  if (input.variantsText.trim() !== '') {
    const read = readVariantsText(input.variantsText);
    if (!read.ok) return { ok: false, errors: [read.error] };
    file = read.json;
  }
  return planExperiment(session, file, input.runs);
}

function describeVariant(v: Variant): PlannedVariant {
  const prepared = prepareAgent(sessionToAgent(v.session));
  const strategy = prepared.ok ? prepared.agent.strategy.name : '?';
  const llm = v.session.llm;
  if (v.simulated !== undefined) return { name: v.name, strategy, answerer: `simulated (slip ${v.simulated.slip}, guess ${v.simulated.guess})` };
  if (llm.provider === 'mock') return { name: v.name, strategy, answerer: 'mock' };
  const endpoint = {
    provider: llm.provider,
    ...(llm.baseUrl !== undefined ? { baseUrl: llm.baseUrl } : {}),
    ...(llm.model !== undefined ? { model: llm.model } : {}),
  };
  return { name: v.name, strategy, answerer: `${llm.provider} ${llm.model ?? '(no model)'}`, endpoint };
}

export class Experiments {
  private running: AbortController | null = null;

  constructor(private readonly providerOptions: ProviderOptions = {}) {}

  /** What an experiment would run, or every problem with its input (nothing runs). */
  plan(session: Session, input: ExperimentInput): ExperimentPlanView {
    const planned = planOf(session, input);
    if (!planned.ok) return planned;
    const { plan } = planned;
    return {
      ok: true,
      variants: plan.variants.map(describeVariant),
      runs: plan.runs,
      total: plan.runs * plan.variants.length,
      check: describeCheck(plan.success),
    };
  }

  /** Runs the experiment, calling `onRun` as each run ends; one experiment at a time. */
  async run(
    session: Session,
    input: ExperimentRunInput,
    onRun: (update: ExperimentRunUpdate) => void | Promise<void>,
    /** The open session's connected MCP servers, for the variants that call them live. */
    liveTools?: Partial<AgentDef>,
  ): Promise<ExperimentRunResult> {
    if (this.running !== null) return { ok: false, errors: ['An experiment is already running; stop it first'] };
    const planned = planOf(session, input);
    if (!planned.ok) return planned;
    const { plan } = planned;
    const makers = new Map<string, () => RunLlm>();
    const errors: string[] = [];
    plan.variants.forEach((v, i) => {
      if (v.simulated !== undefined) return;
      const llm = v.session.llm;
      if (llm.provider === 'mock') {
        makers.set(v.name, () => ({ llm: mockLlm(llm.replies ?? []) }));
        return;
      }
      const key = input.keys[i] ?? '';
      if (llm.model === undefined || llm.model.trim() === '') errors.push(`${v.name}: no model; set llm.model in the variant or the session`);
      const settings = { ...llm, maxOutputTokens: llm.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS };
      const sentWith = sentWithOf(settings);
      makers.set(v.name, () => ({ llm: createLlm(settings, key, this.providerOptions), sentWith }));
    });
    if (errors.length > 0) return { ok: false, errors };
    const needsTokens = plan.variants.some((v) => {
      if (v.simulated !== undefined) return true;
      const p = prepareAgent(sessionToAgent(v.session));
      return p.ok && countsTokens(p.agent.strategy, p.agent.options);
    });
    if (needsTokens) await loadTokenizer('o200k_base');
    const controller = new AbortController();
    this.running = controller;
    // The page's table is complete (defaults the person removed are not in it), so it replaces the built-in one.
    const prices = new Map<string, ModelPrice>(input.prices ?? DEFAULT_PRICES);
    try {
      const result = await runExperiment(plan, {
        llmFor: (variant) => {
          const make = makers.get(variant.name);
          if (make === undefined) throw new Error(`no LLM for variant ${variant.name}`);
          return make();
        },
        concurrency: Math.max(1, Math.min(32, Math.floor(input.concurrency))),
        signal: controller.signal,
        done: input.done,
        prices,
        ...(input.budget !== undefined ? { budget: input.budget } : {}),
        onRunDone: (record, runSession) => onRun({ record, sessionText: serializeSession(runSession) }),
        ...(liveTools !== undefined ? { liveTools } : {}),
      });
      const names = plan.variants.map((v) => v.name);
      const summaries = summarizeAll(names, result.records);
      return {
        ok: true,
        records: result.records,
        summaries,
        ...(result.stopped !== undefined ? { stopped: result.stopped } : {}),
      };
    } finally {
      this.running = null;
    }
  }

  /** What the session's script returns, as a variants file writes an expected value (null: it does not return). */
  scriptAnswer(session: Session): JsonValue | null {
    const value = scriptAnswer(session);
    return value === undefined ? null : encodeValue(value);
  }

  /** Stops the running experiment: runs in flight are cut, the rest are not started. */
  stop(): boolean {
    if (this.running === null) return false;
    this.running.abort();
    return true;
  }
}
