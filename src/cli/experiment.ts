// `ptc experiment SESSION.json --runs N [--variants FILE.json] …`: the same experiment the app runs,
// headless. Every run of every variant calls the LLM; each finished run prints a progress line on
// stderr (and is saved at once with --out); the results table (or --json) goes to stdout.
import { mockLlm } from '../agent/llm.ts';
import { prepareAgent } from '../agent/loop.ts';
import { DEFAULT_PRICES } from '../agent/cost.ts';
import { countsTokens } from '../compression/strategy.ts';
import { loadTokenizer } from '../compression/tokens.ts';
import { planExperiment, type ExperimentPlan, type LlmChanges, type Variant } from '../experiment/plan.ts';
import type { RunRecord } from '../experiment/records.ts';
import { exportTexts, type ExperimentSetup } from '../experiment/exports.ts';
import { resultsJson, summarizeAll } from '../experiment/results.ts';
import { runExperiment, schedule, type Budget, type RunLlm } from '../experiment/runner.ts';
import { readVariantsText } from '../experiment/variants-json.ts';
import { scriptAnswer } from '../experiment/script-answer.ts';
import { encodeValue } from '../session/value-codec.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../session/session-file.ts';
import { defineCommand } from './args.ts';
import { readSource, UsageError } from './common.ts';
import { ResultsFolder, type FolderManifest, FOLDER_VERSION } from './experiment-folder.ts';
import { MERGE_EXIT_CODES, MERGE_USAGE, withMerge } from './experiment-merge.ts';
import { resumedShard, shardFlag, SHARD_WITHOUT_OUT } from './experiment-shard.ts';
import { prepareBatches, startBatches, stoppingWords, unreadWords } from './experiment-batch.ts';
import { DEFAULT_BATCHED_IN_FLIGHT, MAX_BATCHED_IN_FLIGHT } from '../experiment/batch-waves.ts';
import { formatResultsTable, priceNote, progressLine } from './experiment-table.ts';
import { EXIT, type CliIo } from './io.ts';
import { hasLlmFlags, LLM_OPTIONS, llmFlagValues, mergeLlm, parseLlmFlags, realLlm } from './llm-options.ts';
import { SessionProblems } from './session.ts';
import { connectServers, MCP_OPTIONS, parseMcpFlags, ServersUnreachable, serversWithFlags } from './mcp-options.ts';
import type { AgentDef } from '../agent/agent.ts';

function wholeFlag(flag: string, text: string, min: number, max: number): number {
  const n = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
    throw new UsageError(`${flag}: expected a whole number from ${min} to ${max.toLocaleString('en-US')}, got ${JSON.stringify(text)}`);
  return n;
}

function positiveFlag(flag: string, text: string): number {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`${flag}: expected a positive number, got ${JSON.stringify(text)}`);
  return n;
}

async function readVariantsFile(path: string, io: CliIo): Promise<unknown> {
  const read = readVariantsText(await readSource(path, io.stdin));
  if (!read.ok) throw new UsageError(`variants file ${path}: ${read.error}`);
  return read.json;
}

/** The variants file with its success check replaced by what the session's script returns. */
function withScriptAnswer(session: Session, file: unknown): unknown {
  const answer = scriptAnswer(session);
  if (answer === undefined)
    throw new UsageError("--expect-script: the session's script does not return a value (no mock replies or recorded replies that end in (return …))");
  const success = { expected: encodeValue(answer) };
  if (file === null) return { success };
  if (typeof file !== 'object' || Array.isArray(file)) return file;
  if ('success' in file) throw new UsageError('--expect-script replaces the success check: leave "success" out of the variants file, or the flag out');
  return { ...file, success };
}

/** The LLM flags as changes to every variant: a real provider's fields, or the simulated model. */
function llmChanges(values: Readonly<Record<string, unknown>>): { changes: LlmChanges; retries?: number; manifest: Pick<FolderManifest, 'llm' | 'simulated'> } {
  const flags = llmFlagValues(values);
  if (flags.get('--llm') === 'simulated') {
    flags.delete('--llm');
    if (flags.size > 0) throw new UsageError(`--llm simulated takes none of ${[...flags.keys()].join(', ')}: the simulated model has no provider settings`);
    return { changes: { simulated: {} }, manifest: { simulated: {} } };
  }
  const overrides = parseLlmFlags(flags);
  if (!hasLlmFlags(overrides)) return { changes: {}, manifest: {} };
  const { retries, ...rest } = overrides;
  const fields = Object.fromEntries(Object.entries(mergeLlm({ provider: 'mock' }, rest)).filter(([k]) => k !== 'provider' || rest.provider !== undefined));
  return { changes: { fields }, ...(retries !== undefined ? { retries } : {}), manifest: { llm: fields } };
}

/** The LLM each run of a variant gets; every real provider is checked (key, model) before any request. */
function answerers(plan: ExperimentPlan, io: CliIo, retries?: number): (variant: Variant, run: number) => RunLlm {
  const made = new Map<string, () => RunLlm>();
  for (const v of plan.variants) {
    if (v.simulated !== undefined) continue;
    const config = v.session.llm;
    if (config.provider === 'mock') {
      made.set(v.name, () => ({ llm: mockLlm(config.replies ?? []) }));
      continue;
    }
    let real;
    try {
      real = realLlm(config, io.env, retries);
    } catch (e) {
      throw new UsageError(`variant ${v.name}: ${(e as Error).message}`);
    }
    const { sentWith } = real;
    made.set(v.name, () => ({ llm: realLlm(config, io.env, retries).llm, sentWith }));
  }
  return (variant) => {
    const make = made.get(variant.name);
    if (make === undefined) throw new Error(`no LLM for variant ${variant.name}`);
    return make();
  };
}

const runCommand = defineCommand({
  name: 'experiment',
  summary: 'run a session many times per variant (strategy, prompt, model) and report success rates, tokens and cost',
  usage: ['SESSION.json --runs N [--variants FILE.json] [options]', '--resume DIR [options]', MERGE_USAGE],
  description:
    'Runs every variant of the session N times with its LLM (the mock, the simulated model or a real provider), judges each run by the success check, and prints a table: the success rate with its 95% Wilson interval (runs that were cut are left out), turns, tokens, cost and time. Settings apply field by field: the session, then the LLM flags, then the variant. The variants file is {"success": {"expected": VALUE} | {"predicate": "(fn [result] …)"}, "variants": [{"name", "compression", "systemPrompt", "llm"}]}; VALUE is JSON read as data/ is, the other fields take the session file\'s forms, and {"provider": "simulated", "slip": 0.1, "guess": 0.5} picks the simulated model. Without --variants: one variant with the session\'s settings, success meaning the run returned. Ctrl+C stops: the runs in flight are cut, finished ones are kept. With --shard i/n it runs only its share of the runs; `ptc experiment merge` merges the shards\' folders into the unsharded results (ptc experiment merge --help).',
  positionals: [{ name: 'SESSION.json', description: 'a session file (- reads it from stdin); not with --resume' }],
  options: {
    runs: { type: 'string', value: 'N', description: 'runs of each variant (1 to 1000); with --resume, a larger N adds runs' },
    variants: { type: 'string', value: 'FILE.json', description: 'the success check and the variants to compare' },
    ...LLM_OPTIONS,
    llm: {
      type: 'string',
      value: 'openai|anthropic|simulated',
      description:
        "ask a real provider (openai: any OpenAI-compatible server; anthropic), key from OPENAI_API_KEY or ANTHROPIC_API_KEY; or simulated: the simulated model, which follows the session's mock replies (or recorded replies) with mistakes seeded by the run's number",
    },
    concurrency: {
      type: 'string',
      value: 'K',
      description: `runs at once (1 to 32, default 2); with --batch, runs in flight at once, each waiting for its wave (1 to ${MAX_BATCHED_IN_FLIGHT.toLocaleString('en-US')}, default ${DEFAULT_BATCHED_IN_FLIGHT.toLocaleString('en-US')}: each holds its agent in memory)`,
    },
    batch: {
      type: 'boolean',
      description:
        "send every request of the real providers' variants through their batch interfaces (OpenAI's Batch API, Anthropic's Message Batches) at their batch price, in waves: each wave holds the next request of every run in flight (--concurrency); the mock and the simulated model answer at once",
    },
    'poll-ms': {
      type: 'string',
      value: 'MS',
      description: 'with --batch: how often a batch is polled (default 10000; waits 1.5 times longer, up to 5 minutes, while its counts do not move)',
    },
    'budget-tokens': { type: 'string', value: 'N', description: 'stop once the runs reported this many tokens (input + output); runs in flight are cut' },
    'budget-usd': { type: 'string', value: 'USD', description: 'stop once the runs cost this much (runs of unknown cost count nothing)' },
    'expect-script': {
      type: 'boolean',
      description:
        "judge every run against what the session's own script returns (its mock replies, else its recorded replies), instead of the variants file's success check: the natural check for the simulated model, whose guesses return nil",
    },
    out: { type: 'string', value: 'DIR', description: 'save every run as it ends (a session file each), its record, and the results, in DIR' },
    ...MCP_OPTIONS,
    tools: {
      type: 'string',
      value: 'live|recorded',
      default: 'live',
      description:
        'how variants that do not say answer MCP calls: live calls the servers (connected once, before the first run); recorded answers from the session\'s recorded calls; a variant may say "tools": "live" or "recorded" (not kept by --resume: give it again)',
    },
    resume: { type: 'string', value: 'DIR', description: 'continue the experiment saved in DIR: finished runs are kept, cut and missing ones run' },
    shard: {
      type: 'string',
      value: 'i/n',
      description:
        'run only shard i of n (1 ≤ i ≤ n ≤ 1000): with runs numbered variant by variant, k = v×N + run − 1, the runs with k mod n = i − 1; each shard into its own --out, merged by ptc experiment merge; kept by --resume',
    },
    json: {
      type: 'boolean',
      description:
        'print only {"variants": [{name, runs, successes, successRate, interval: [lo, hi], meanTurns, meanMs, inputTokens, outputTokens, cost, failures, cut, cachedTokens, consistency}]} on stdout (rates in 0..1, tokens summed over the runs, null when unknown)',
    },
  },
  exitCodes: [
    [0, 'every run finished (succeeded or failed)'],
    [1, 'the budget was spent before every run finished (continue with --resume)'],
    [
      3,
      'the provider failed: one or more runs were cut by an HTTP error, a refused connection or a timeout (with --batch: a batch that expired, failed or was cancelled first, or a request that failed inside its batch); or an MCP server could not be reached (before the first run)',
    ],
    [130, 'interrupted (Ctrl+C); with --out, continue with --resume (with --batch, the batches keep running at the provider and --resume picks them up)'],
    ...MERGE_EXIT_CODES,
  ],
  async run({ values, positionals }, io) {
    if (values.out !== undefined && values.resume !== undefined)
      throw new UsageError('give --out DIR (a new experiment) or --resume DIR (an earlier one), not both');
    const pollMs = values['poll-ms'] !== undefined ? wholeFlag('--poll-ms', values['poll-ms'], 1, 3_600_000) : undefined;
    const budget: Budget = {
      ...(values['budget-tokens'] !== undefined ? { tokens: wholeFlag('--budget-tokens', values['budget-tokens'], 1, Number.MAX_SAFE_INTEGER) } : {}),
      ...(values['budget-usd'] !== undefined ? { usd: positiveFlag('--budget-usd', values['budget-usd']) } : {}),
    };
    let manifest: FolderManifest;
    let folder: ResultsFolder | undefined;
    let done: RunRecord[] = [];
    let retries: number | undefined;
    if (values.resume !== undefined) {
      if (
        positionals.length > 0 ||
        values.variants !== undefined ||
        values['expect-script'] ||
        hasLlmFlags(parseLlmFlags(llmFlagValues(values))) ||
        values.llm !== undefined
      )
        throw new UsageError('--resume continues the experiment as it was asked: give no session, --variants, --expect-script or LLM flags with it');
      const opened = ResultsFolder.open(values.resume);
      folder = opened.folder;
      done = opened.records;
      manifest = resumedShard(opened.manifest, values.shard, values.runs);
      if (values.batch && manifest.batch !== true)
        throw new UsageError(`--batch: ${values.resume} was run one request at a time; resume it without --batch (a folder keeps the way it was run)`);
      if (values.runs !== undefined) {
        const runs = wholeFlag('--runs', values.runs, 1, 1000);
        if (runs < manifest.runs) throw new UsageError(`--runs: the experiment already has ${manifest.runs} runs per variant; give at least that many`);
        manifest = { ...manifest, runs };
      }
    } else {
      if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'give a session file (JSON)' : 'give one session file');
      if (values.runs === undefined) throw new UsageError('--runs: how many runs of each variant? (for example --runs 5)');
      const runs = wholeFlag('--runs', values.runs, 1, 1000);
      const read = parseSession(await readSource(positionals[0], io.stdin));
      if (!read.ok) throw new SessionProblems(positionals[0], read.errors);
      // Stored as this build writes it, so --resume reads exactly the session that was run.
      const session = JSON.parse(serializeSession(read.session)) as unknown;
      let variants = values.variants !== undefined ? await readVariantsFile(values.variants, io) : null;
      if (values['expect-script']) variants = withScriptAnswer(read.session, variants);
      const llm = llmChanges(values);
      retries = llm.retries;
      const shard = values.shard !== undefined ? shardFlag(values.shard) : undefined;
      manifest = {
        version: FOLDER_VERSION,
        session,
        variants,
        runs,
        ...llm.manifest,
        ...(shard !== undefined ? { shard } : {}),
        ...(values.batch ? { batch: true } : {}),
      };
    }
    const batched = manifest.batch === true;
    if (pollMs !== undefined && !batched) throw new UsageError('--poll-ms: only with --batch (or --resume of a batched experiment)');
    // In batches a run in flight mostly waits for its wave, so many more are in flight at once.
    const concurrency = batched
      ? values.concurrency !== undefined
        ? wholeFlag('--concurrency', values.concurrency, 1, MAX_BATCHED_IN_FLIGHT)
        : DEFAULT_BATCHED_IN_FLIGHT
      : values.concurrency !== undefined
        ? wholeFlag('--concurrency', values.concurrency, 1, 32)
        : 2;
    const parsed = parseSession(manifest.session);
    if (!parsed.ok) throw new SessionProblems(positionals[0] ?? `${values.resume ?? ''}/experiment.json`, parsed.errors);
    const mcpFlags = parseMcpFlags(
      values,
      (parsed.session.mcpServers ?? []).map((s) => s.name),
    );
    const changes: LlmChanges = {
      ...(manifest.llm !== undefined ? { fields: manifest.llm } : {}),
      ...(manifest.simulated !== undefined ? { simulated: manifest.simulated } : {}),
      tools: mcpFlags.mode,
    };
    const planned = planExperiment(parsed.session, manifest.variants ?? undefined, manifest.runs, changes);
    if (!planned.ok) throw new SessionProblems(values.variants ?? 'experiment', planned.errors);
    const plan: ExperimentPlan = manifest.shard !== undefined ? { ...planned.plan, shard: manifest.shard } : planned.plan;
    if (manifest.shard !== undefined && folder === undefined && values.out === undefined) io.stderr.write(SHARD_WITHOUT_OUT + '\n');
    const direct = answerers(plan, io, retries);
    const batches = batched ? await prepareBatches(plan, io, retries) : undefined;
    // The simulated model reports the tokens it was sent; strategies that decide by size need the tokenizer too.
    const needsTokens = plan.variants.some((v) => {
      if (v.simulated !== undefined) return true;
      const p = prepareAgent(sessionToAgent(v.session));
      return p.ok && countsTokens(p.agent.strategy, p.agent.options);
    });
    if (needsTokens) await loadTokenizer('o200k_base');
    // The servers connect once, before the first run, when a variant calls them live.
    const live = plan.variants.some((v) => v.tools === 'live');
    const servers = live ? await connectServers(serversWithFlags(parsed.session.mcpServers ?? [], mcpFlags), { ...mcpFlags, mode: 'live' }, io) : null;
    if (servers !== null && servers.unreachable.length > 0) {
      await servers.close();
      throw new ServersUnreachable(servers.unreachable);
    }
    const liveTools: Partial<AgentDef> | undefined =
      servers === null || servers.records.length === 0
        ? undefined
        : {
            mcpServers: servers.records,
            ...(servers.mcp !== undefined ? { mcp: servers.mcp } : {}),
            ...(mcpFlags.toolTimeoutMs !== undefined ? { toolLimits: { toolTimeoutMs: mcpFlags.toolTimeoutMs } } : {}),
          };
    if (values.out !== undefined) folder = ResultsFolder.create(values.out, manifest);
    const waves =
      batches !== undefined
        ? startBatches(batches, plan, direct, { io, folder, done, inFlight: concurrency, ...(pollMs !== undefined ? { pollMs } : {}) })
        : undefined;

    const controller = new AbortController();
    const stopListening = io.onInterrupt?.(() => {
      if (controller.signal.aborted) {
        io.quit?.(EXIT.interrupted);
        return;
      }
      const batchWords = waves !== undefined ? `; ${stoppingWords(folder?.dir)}` : '';
      io.stderr.write(`\nptc experiment: stopping; runs in flight are cut${batchWords} (Ctrl+C again to quit at once)\n`);
      controller.abort();
    });
    const total = schedule(plan).length;
    const ended: RunRecord[] = [...done];
    let count = done.filter((r) => r.outcome !== 'cut').length;
    const names = plan.variants.map((v) => v.name);
    const setup: ExperimentSetup = {
      title: parsed.session.title,
      started: new Date().toISOString(),
      runsPerVariant: plan.runs,
      ...(batched ? { batch: true } : { concurrency }),
      variants: names,
      variantsFile: manifest.variants,
      ...(plan.shard !== undefined ? { shard: plan.shard } : {}),
    };
    let resultsWritten = 0;
    let result;
    try {
      result = await runExperiment(plan, {
        llmFor: waves?.llmFor ?? direct,
        ...(liveTools !== undefined ? { liveTools } : {}),
        // In batch mode a wave holds the next request of every run in flight.
        concurrency: batched ? Math.min(concurrency, total) : concurrency,
        budget,
        signal: controller.signal,
        prices: DEFAULT_PRICES,
        done,
        onRunDone: (record, session) => {
          if (record.outcome !== 'cut') count++;
          ended.push(record);
          let saved: string | undefined;
          if (folder !== undefined) {
            saved = folder.saveRun(record, names.indexOf(record.variant), serializeSession(session));
            // The results so far, at most once a second (runs.jsonl already holds every run); whole at the end.
            if (Date.now() - resultsWritten >= 1000) {
              folder.saveResults(exportTexts(setup, summarizeAll(names, latest(ended)), latest(ended)));
              resultsWritten = Date.now();
            }
          }
          io.stderr.write(progressLine(record, count, total, saved) + '\n');
        },
      });
    } finally {
      stopListening?.();
      waves?.gate.close();
      await servers?.close();
    }
    const leftRunning = waves?.gate.pendingBatches() ?? [];
    if (leftRunning.length > 0) io.stderr.write(unreadWords(leftRunning, folder?.dir) + '\n');
    const summaries = summarizeAll(names, result.records);
    if (folder !== undefined) folder.saveResults(exportTexts(setup, summaries, result.records));
    io.stdout.write(
      values.json
        ? JSON.stringify(resultsJson(summaries), null, 2) + '\n'
        : formatResultsTable(plan, summaries, result.stopped, priceNote(result.records)) + '\n',
    );
    if (result.stopped === 'stopped') return EXIT.interrupted;
    if (result.records.some((r) => r.cutKind === 'provider')) return EXIT.provider;
    if (result.stopped === 'budget') return EXIT.failed;
    return EXIT.ok;
  },
});

/** `ptc experiment`, and `ptc experiment merge` (experiment-merge.ts). */
export const experimentCommand = withMerge(runCommand);

/** The latest record of each run (a resumed run replaces its cut record). */
function latest(records: readonly RunRecord[]): RunRecord[] {
  const byRun = new Map<string, RunRecord>();
  for (const r of records) byRun.set(`${r.variant}\u0000${r.run}`, r);
  return [...byRun.values()];
}
