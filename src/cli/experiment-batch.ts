// `ptc experiment --batch`: the variants' requests go through the providers' batch interfaces, wave by
// wave (src/experiment/batch-waves.ts). Here: one batch interface per endpoint, made from each
// variant's settings and the key in the environment as a direct run makes its provider; the progress
// lines on stderr; and the folder's records of every batch and outcome, which --resume reads.
import type { BatchProviderFactory } from '../agent/providers/batch.ts';
import type { LlmSettings } from '../agent/llm-settings.ts';
import { gatedAnswerers, WaveGate, type BatchedVariant, type BatchTarget, type WaveEvent } from '../experiment/batch-waves.ts';
import type { ExperimentPlan, Variant } from '../experiment/plan.ts';
import type { RunRecord } from '../experiment/records.ts';
import type { RunLlm } from '../experiment/runner.ts';
import { UsageError } from './common.ts';
import type { ResultsFolder } from './experiment-folder.ts';
import type { CliIo } from './io.ts';
import { KEY_VARIABLES, realLlm } from './llm-options.ts';

/** Each batched variant's endpoint and settings, checked (model, key, base URL) before anything runs. */
export interface PreparedBatches {
  readonly batchedAs: (variant: Variant) => BatchedVariant | undefined;
}

export interface BatchRun {
  readonly llmFor: (variant: Variant, run: number) => RunLlm;
  readonly gate: WaveGate;
}

/** The request settings a batch carries: the direct request's, nothing of the session's script. */
function requestSettings(config: LlmSettings, maxOutputTokens: number): LlmSettings {
  return {
    provider: config.provider,
    ...(config.baseUrl !== undefined ? { baseUrl: config.baseUrl } : {}),
    ...(config.model !== undefined ? { model: config.model } : {}),
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    ...(config.requestTimeoutMs !== undefined ? { requestTimeoutMs: config.requestTimeoutMs } : {}),
    maxOutputTokens,
  };
}

/**
 * Makes the batch interfaces: one per provider, base URL and key source (and model, for OpenAI);
 * the mock's and the simulated model's variants stay local. Refuses an experiment with nothing to batch.
 */
export async function prepareBatches(plan: ExperimentPlan, io: CliIo, retries?: number): Promise<PreparedBatches> {
  const real = plan.variants.filter((v) => v.simulated === undefined && v.session.llm.provider !== 'mock');
  if (real.length === 0)
    throw new UsageError(
      '--batch needs a variant with a real provider (openai or anthropic): the mock and the simulated model answer at once, with nothing to batch',
    );
  // Loaded only here, so that `ptc` starts without the providers' batch clients.
  const create: BatchProviderFactory = io.batch?.createProvider ?? (await import('../agent/providers/batch-providers.ts')).createBatchProvider;
  const targets = new Map<string, BatchTarget>();
  const byVariant = new Map<string, BatchedVariant>();
  for (const variant of real) {
    let made;
    try {
      made = realLlm(variant.session.llm, io.env, retries);
    } catch (e) {
      throw new UsageError(`variant ${variant.name}: ${(e as Error).message}`);
    }
    const { sentWith, apiKey } = made;
    const provider = sentWith.provider === 'anthropic' ? 'anthropic' : 'openai';
    const settings = requestSettings(made.config, sentWith.maxOutputTokens ?? 0);
    const key = [provider, settings.baseUrl ?? '', KEY_VARIABLES[provider], provider === 'openai' ? (settings.model ?? '') : ''].join('\u0000');
    let target = targets.get(key);
    if (target === undefined) {
      let batches;
      try {
        batches = create(settings, apiKey, retries !== undefined ? { maxRetries: retries } : {});
      } catch (e) {
        throw new UsageError(`variant ${variant.name}: ${(e as Error).message}`);
      }
      target = {
        key,
        batches,
        ...(settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {}),
        ...(provider === 'openai' && settings.model !== undefined ? { model: settings.model } : {}),
      };
      targets.set(key, target);
    }
    byVariant.set(variant.name, { target, settings, sentWith });
  }
  return { batchedAs: (variant) => byVariant.get(variant.name) };
}

/**
 * Starts the gate: the runs the runner takes first are enrolled (the others as they start); the folder's records (with
 * --out or --resume) are written as batches are made and read, and read back on --resume.
 */
export function startBatches(
  prepared: PreparedBatches,
  plan: ExperimentPlan,
  local: (variant: Variant, run: number) => RunLlm,
  options: { readonly io: CliIo; readonly folder?: ResultsFolder; readonly done: readonly RunRecord[]; readonly pollMs?: number; readonly inFlight?: number },
): BatchRun {
  const { io, folder } = options;
  const gate = new WaveGate({
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    ...(io.batch?.sleep !== undefined ? { sleep: io.batch.sleep } : {}),
    ...(folder !== undefined ? { past: folder.batchHistory(), onBatch: (r) => folder.saveBatch(r), onOutcomes: (rs) => folder.saveOutcomes(rs) } : {}),
    onEvent: (e) => void io.stderr.write(waveLine(e) + '\n'),
  });
  return { gate, llmFor: gatedAnswerers(plan, gate, prepared.batchedAs, local, options.done, options.inFlight) };
}

/** A progress line: which wave, which batch, its state and counts. */
export function waveLine(e: WaveEvent): string {
  const requests = (n: number): string => `${n} ${n === 1 ? 'request' : 'requests'}`;
  switch (e.type) {
    case 'submitted':
      return `wave ${e.wave}: batch ${e.batchId} submitted to ${e.provider} (${requests(e.requests)})`;
    case 'resumed':
      return `wave ${e.wave}: batch ${e.batchId} (${e.provider}, ${requests(e.requests)}) was submitted before: polling it`;
    case 'refused':
      return `wave ${e.wave}: ${e.provider} refused a batch of ${requests(e.requests)}: ${e.message}`;
    case 'state':
      return `wave ${e.wave}: batch ${e.batchId} ${e.providerState}: ${e.succeeded} succeeded, ${e.failed} failed of ${e.total}`;
    case 'gone':
      return `wave ${e.wave}: batch ${e.batchId} (${e.provider}, ${requests(e.requests)}) is no longer known to the provider (${e.message}): its requests go out again`;
  }
}

/** What becomes of batches this process stops polling: they go on at the provider, and the folder can pick them up. */
export function resumeWords(dir: string | undefined): string {
  return dir !== undefined ? `ptc experiment --resume ${dir} polls them and reads their results` : 'without --out their results are not kept';
}

/** What Ctrl+C says in batch mode. */
export function stoppingWords(dir: string | undefined): string {
  return `the batches in flight keep running at the provider (${resumeWords(dir)})`;
}

/** Said at the end when batches were left unread (Ctrl+C, a budget, a refusal that stopped the experiment). */
export function unreadWords(ids: readonly string[], dir: string | undefined): string {
  return `ptc experiment: left running at the provider, not read: ${ids.join(', ')}; ${resumeWords(dir)}`;
}
