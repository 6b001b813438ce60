// Reading a results folder that `ptc experiment --out` (or `ptc experiment merge`) wrote, so a host
// other than the one that ran it can show it: `results.json` checked field by field (a mistake is
// named by its path, `runs[3].outcome: …`; fields this build does not know are kept, for folders of
// later builds), and the run files beside it (`runs/NN-VARIANT/run-NNN.json`) placed by their path or,
// without one, by the `experimentRun` field the runner writes into each.
// Only zod/mini here: the page's Experiments panel loads this module, and the session reader's
// helpers would bring the interpreter's values into the page with them.
import * as z from 'zod/mini';
import type { ExperimentSetup } from './exports.ts';
import { runKey, type RunRecord } from './records.ts';
import { summarizeAll, type VariantSummary } from './results.ts';
import { shareSize } from './shards.ts';

export const RESULTS_FILE = 'results.json';

const count = z.int().check(z.minimum(0));
const positive = z.int().check(z.minimum(1));
const measure = z.number().check(z.minimum(0));

const usageSchema = z.looseObject({
  inputTokens: z.optional(measure),
  outputTokens: z.optional(measure),
  cachedInputTokens: z.optional(measure),
  cacheWriteTokens: z.optional(measure),
});

const runSchema = z.looseObject({
  variant: z.string(),
  run: positive,
  outcome: z.enum(['success', 'failure', 'cut']),
  why: z.optional(z.string()),
  cutKind: z.optional(z.enum(['stopped', 'budget', 'provider'])),
  errorKind: z.optional(z.string()),
  status: z.string(),
  returned: z.optional(z.string()),
  turns: count,
  usage: usageSchema,
  cost: z.nullable(measure),
  ms: measure,
});

const configurationSchema = z.looseObject({
  title: z.string(),
  started: z.optional(z.string()),
  runsPerVariant: positive,
  concurrency: z.optional(positive),
  variants: z.array(z.string()).check(z.minLength(1, 'must name at least one variant')),
  variantsFile: z.optional(z.unknown()),
  // One shard's share (`--shard i/n`), a merge of n shards (with the runs no folder held), or batches.
  shard: z.optional(z.looseObject({ index: positive, count: positive })),
  shards: z.optional(positive),
  missingRuns: z.optional(count),
  batch: z.optional(z.boolean()),
});

// Only the counts are compared with what the runs say; the rest of a summary is derived from them.
const summarySchema = z.looseObject({
  name: z.string(),
  runs: z.optional(count),
  successes: z.optional(count),
  failures: z.optional(count),
  cut: z.optional(count),
});

const resultsSchema = z.looseObject({
  configuration: configurationSchema,
  variants: z.array(summarySchema),
  runs: z.array(runSchema),
});

/** A results file read: what was asked, every run, and where the file's own summary disagreed with its runs. */
export interface ResultsFile {
  readonly setup: ExperimentSetup & { readonly variantsFile: unknown };
  readonly records: readonly RunRecord[];
  /** runsPerVariant × variants. */
  readonly total: number;
  /** The figures, made from the runs (the file's summary is not trusted over them). */
  readonly summaries: readonly VariantSummary[];
  /** Each way the file's own summary differs from what its runs say, in words. */
  readonly differences: readonly string[];
}

export type ResultsFileRead = { readonly ok: true; readonly results: ResultsFile } | { readonly ok: false; readonly errors: readonly string[] };

const MAX_ERRORS = 20;

/** A JSON value named in a message: its kind, and a short excerpt of a scalar. */
function described(x: unknown): string {
  if (x === undefined) return 'nothing';
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'object') return 'an object';
  const text = JSON.stringify(x);
  return `${typeof x} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

const KINDS: Readonly<Record<string, string>> = { string: 'a string', number: 'a number', int: 'a whole number', object: 'an object', array: 'an array' };

/** Messages worded as the session reader words its own: what was expected, and what was found. */
const messageOf: z.core.$ZodErrorMap = (iss) => {
  if (iss.input === undefined && iss.code !== 'custom') return 'required';
  switch (iss.code) {
    case 'invalid_type':
      return `expected ${KINDS[iss.expected] ?? iss.expected}, got ${described(iss.input)}`;
    case 'invalid_value':
      return `expected ${iss.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${described(iss.input)}`;
    case 'too_small':
      return iss.origin === 'number' ? `must be at least ${String(iss.minimum)}, got ${described(iss.input)}` : undefined;
    default:
      return undefined;
  }
};

/** `runs[3].usage.inputTokens`; the file itself for its top level. */
function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (typeof p === 'string') out += /^[A-Za-z_$][\w$]*$/.test(p) ? (out === '' ? p : `.${p}`) : `[${JSON.stringify(p)}]`;
  }
  return out === '' ? RESULTS_FILE : out;
}

/** The checks zod cannot make one field at a time: every run belongs to a variant, once, within the plan. */
function crossChecks(configuration: z.infer<typeof configurationSchema>, runs: readonly RunRecord[]): string[] {
  const errors: string[] = [];
  const { shard } = configuration;
  if (shard !== undefined && shard.index > shard.count) errors.push(`configuration.shard: shard ${shard.index} of ${shard.count} does not exist`);
  const names = new Set<string>();
  configuration.variants.forEach((name, i) => {
    if (names.has(name)) errors.push(`configuration.variants[${i}]: "${name}" is named twice`);
    names.add(name);
  });
  const seen = new Map<string, number>();
  runs.forEach((r, i) => {
    if (!names.has(r.variant)) errors.push(`runs[${i}].variant: "${r.variant}" is not one of configuration.variants`);
    else if (r.run > configuration.runsPerVariant)
      errors.push(`runs[${i}].run: ${r.run} is past configuration.runsPerVariant (${configuration.runsPerVariant})`);
    const key = runKey(r.variant, r.run);
    const first = seen.get(key);
    if (first !== undefined) errors.push(`runs[${i}]: ${r.variant} run ${r.run} is already runs[${first}]`);
    else seen.set(key, i);
  });
  return errors;
}

const COUNTS = [
  ['runs', 'runs'],
  ['successes', 'successes'],
  ['failures', 'failures'],
  ['cut', 'cut runs'],
] as const;

/** Where the file's summary per variant says something else than its runs. */
function differencesOf(fileSummaries: readonly z.infer<typeof summarySchema>[], summaries: readonly VariantSummary[]): string[] {
  const out: string[] = [];
  const byName = new Map(fileSummaries.map((s) => [s.name, s]));
  for (const s of summaries) {
    const given = byName.get(s.name);
    if (given === undefined) {
      out.push(`variants: no summary of "${s.name}"`);
      continue;
    }
    for (const [field, words] of COUNTS) {
      const said = given[field];
      if (said !== undefined && said !== s[field]) out.push(`"${s.name}": the file's summary says ${said} ${words}, its runs ${s[field]}`);
    }
  }
  const known = new Set(summaries.map((s) => s.name));
  for (const name of byName.keys()) if (!known.has(name)) out.push(`variants: "${name}" is summarized but not in configuration.variants`);
  return out;
}

/** Reads the text of a `results.json`; every problem named by its path, or the results. */
export function readResultsFile(text: string): ResultsFileRead {
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch (e) {
    return { ok: false, errors: [`${RESULTS_FILE} is not JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  const parsed = resultsSchema.safeParse(raw, { error: messageOf });
  if (!parsed.success) {
    const errors = parsed.error.issues.slice(0, MAX_ERRORS).map((issue) => `${pathText(issue.path)}: ${issue.message}`);
    const more = parsed.error.issues.length - errors.length;
    return { ok: false, errors: more > 0 ? [...errors, `and ${more} more`] : errors };
  }
  const { configuration, variants } = parsed.data;
  // The runs as written, not as parsed: the same keys in the same order, so exports made again match.
  const records = (raw as { runs: readonly RunRecord[] }).runs;
  const problems = crossChecks(configuration, records);
  if (problems.length > 0)
    return { ok: false, errors: problems.length > MAX_ERRORS ? [...problems.slice(0, MAX_ERRORS), `and ${problems.length - MAX_ERRORS} more`] : problems };
  const summaries = summarizeAll(configuration.variants, records);
  const shard = configuration.shard !== undefined ? { index: configuration.shard.index, count: configuration.shard.count } : undefined;
  const setup = {
    title: configuration.title,
    ...(configuration.started !== undefined ? { started: configuration.started } : {}),
    runsPerVariant: configuration.runsPerVariant,
    ...(configuration.concurrency !== undefined ? { concurrency: configuration.concurrency } : {}),
    variants: configuration.variants,
    variantsFile: configuration.variantsFile ?? null,
    ...(shard !== undefined ? { shard } : {}),
    ...(configuration.shards !== undefined ? { shards: configuration.shards } : {}),
    ...(configuration.missingRuns !== undefined ? { missingRuns: configuration.missingRuns } : {}),
    ...(configuration.batch === true ? { batch: true } : {}),
  };
  return {
    ok: true,
    results: {
      setup,
      records,
      // A shard's folder holds its share of the runs only.
      total: shareSize(shard, configuration.variants.length, configuration.runsPerVariant),
      summaries,
      differences: differencesOf(variants, summaries),
    },
  };
}

/** Where a run file sits in a results folder: the variant's position (0-based) and the run. */
export interface RunFilePlace {
  readonly variantIndex: number;
  readonly run: number;
}

/**
 * The place a path names: `…/runs/NN-VARIANT/run-NNN.json` (NN counts variants from 1 in the plan's
 * order; the folder's name after it is a slug of the variant's name, not the name itself).
 */
export function runFilePlace(path: string): RunFilePlace | null {
  const m = /(?:^|\/)runs\/(\d+)-[^/]*\/run-(\d+)\.json$/.exec(path.replace(/\\/g, '/'));
  if (m === null) return null;
  const variantIndex = Number(m[1]) - 1;
  const run = Number(m[2]);
  return variantIndex >= 0 && run >= 1 ? { variantIndex, run } : null;
}

/** The variant and run a run file says it is (its `experimentRun` field), or null for any other file. */
export function runOfSessionText(text: string): { variant: string; run: number } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== 'object') return null;
  const said = (raw as { experimentRun?: unknown }).experimentRun;
  if (said === null || typeof said !== 'object') return null;
  const { variant, run } = said as { variant?: unknown; run?: unknown };
  return typeof variant === 'string' && typeof run === 'number' && Number.isInteger(run) && run >= 1 ? { variant, run } : null;
}
