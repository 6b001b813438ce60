// Shard folders merged into the runs one unsharded experiment would have ended with: the folders must
// be of the same experiment and the same split, no run may be in two of them, and every run of the
// plan is accounted for as finished, cut or missing. The records come out in the runner's own order,
// so the results and exports made of them are the unsharded experiment's.
import { isFinished, runKey, type RunRecord } from './records.ts';
import { inShard, shardOf, shardText, type Shard } from './shards.ts';

/** One folder to merge, as read. */
export interface ShardFolder {
  /** How messages name it (its path). */
  readonly label: string;
  /** What makes the experiment (session, variants file, runs, LLM settings): equal across folders, field by field. */
  readonly experiment: Readonly<Record<string, unknown>>;
  /** Absent: the folder holds the whole experiment (one shard of one). */
  readonly shard?: Shard;
  readonly records: readonly RunRecord[];
}

/** A run of the plan, the shard it belongs to, and the folder of that shard when one was given. */
export interface RunPlace {
  readonly variant: string;
  readonly run: number;
  readonly shard: Shard;
  readonly folder?: string;
}

export type MergeResult =
  | {
      readonly ok: true;
      /** Every run found, cut ones included, in the runner's order (run 1 of every variant, then run 2…). */
      readonly records: readonly RunRecord[];
      /** For each record, the index of the folder it came from. */
      readonly from: readonly number[];
      /** Runs of the plan in no folder. */
      readonly missing: readonly RunPlace[];
      /** Runs of the plan found only cut. */
      readonly cut: readonly RunPlace[];
      readonly shards: number;
    }
  | { readonly ok: false; readonly problems: readonly string[] };

/** What the fields of `experiment` are called in a refusal. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  session: 'session',
  variants: 'variants file (variants or success check)',
  runs: 'runs per variant',
  llm: 'LLM flags',
  simulated: 'simulated model settings',
};

/** JSON with keys sorted, so equal values compare equal whatever order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

function differences(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys
    .filter((k) => canonical(a[k]) !== canonical(b[k]))
    .map((k) => (k === 'runs' ? `${FIELD_WORDS.runs} (${String(a[k])} and ${String(b[k])})` : (FIELD_WORDS[k] ?? k)));
}

const countOf = (f: ShardFolder): number => f.shard?.count ?? 1;
const shardOfFolder = (f: ShardFolder): Shard => f.shard ?? { index: 1, count: 1 };

/** `run 3 of "trim"`. */
export const runWords = (variant: string, run: number): string => `run ${run} of ${JSON.stringify(variant)}`;

/** At most `max` items, then how many more. */
export function someOf(items: readonly string[], max = 8): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/**
 * Merges the folders of one sharded experiment of `variants` (in the plan's order) × `runs`. Refuses
 * folders of different experiments or splits, runs outside a folder's shard, and a run in two folders;
 * finished, cut and missing runs are reported for the caller to decide whether a partial merge will do.
 */
export function mergeShards(variants: readonly string[], runs: number, folders: readonly ShardFolder[]): MergeResult {
  if (folders.length === 0) return { ok: false, problems: ['no folders to merge'] };
  const first = folders[0];
  const problems: string[] = [];
  for (const f of folders.slice(1)) {
    const differ = differences(first.experiment, f.experiment);
    if (differ.length > 0) problems.push(`${first.label} and ${f.label} are folders of different experiments: their ${differ.join(', ')} differ`);
  }
  if (problems.length > 0) return { ok: false, problems };
  if (folders.some((f) => countOf(f) !== countOf(first)))
    return {
      ok: false,
      problems: [
        `the folders' shard counts disagree: ${folders.map((f) => `${f.label} is ${f.shard === undefined ? 'not sharded (1/1)' : `shard ${shardText(f.shard)}`}`).join(', ')}`,
      ],
    };
  const count = countOf(first);

  const variantIndex = new Map(variants.map((name, i) => [name, i]));
  const found = new Map<string, { record: RunRecord; folder: number }>();
  const twice: string[] = [];
  folders.forEach((f, fi) => {
    const shard = shardOfFolder(f);
    const outside: string[] = [];
    for (const r of f.records) {
      const v = variantIndex.get(r.variant);
      if (v === undefined || r.run < 1 || r.run > runs || !Number.isInteger(r.run) || !inShard(shard, v, r.run, runs)) {
        outside.push(runWords(r.variant, r.run));
        continue;
      }
      const key = runKey(r.variant, r.run);
      const earlier = found.get(key);
      if (earlier !== undefined) twice.push(`${runWords(r.variant, r.run)} is in both ${folders[earlier.folder].label} and ${f.label}`);
      else found.set(key, { record: r, folder: fi });
    }
    if (outside.length > 0) problems.push(`${f.label} holds runs that are not in its shard ${shardText(shard)} of this experiment: ${someOf(outside)}`);
  });
  if (twice.length > 0) problems.push(`a run is in two folders: ${someOf(twice, 4)}`);
  if (twice.length === 0) {
    // Folders of the same shard that hold no runs yet: still two folders for one share.
    const byIndex = new Map<number, string>();
    for (const f of folders) {
      const index = shardOfFolder(f).index;
      const other = byIndex.get(index);
      if (other !== undefined) problems.push(`${other} and ${f.label} are both shard ${shardText(shardOfFolder(f))}`);
      byIndex.set(index, f.label);
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const folderOf = new Map<number, string>(folders.map((f) => [shardOfFolder(f).index, f.label]));
  const records: RunRecord[] = [];
  const from: number[] = [];
  const missing: RunPlace[] = [];
  const cut: RunPlace[] = [];
  for (let run = 1; run <= runs; run++) {
    variants.forEach((variant, v) => {
      const hit = found.get(runKey(variant, run));
      const index = shardOf(v, run, runs, count);
      const folder = folderOf.get(index);
      const place: RunPlace = { variant, run, shard: { index, count }, ...(folder !== undefined ? { folder } : {}) };
      if (hit === undefined) {
        missing.push(place);
        return;
      }
      if (!isFinished(hit.record)) cut.push(place);
      records.push(hit.record);
      from.push(hit.folder);
    });
  }
  return { ok: true, records, from, missing, cut, shards: count };
}
