// Shards: one experiment split over n processes (a CI matrix, a Kubernetes indexed Job), each running
// its share of the runs into its own folder, merged afterwards (merge.ts). The split numbers the runs
// variant by variant, k = v·R + (run − 1) (v the variant's 0-based position, R the runs per variant),
// and deals them out like cards: run k goes to shard (k mod n) + 1. Every run is in exactly one
// shard; shard sizes differ by at most one, and so do any one variant's runs per shard, so a slow
// variant (a larger model) is spread over every shard instead of weighing on one.

/** Shard `index` of `count`, 1-based: `--shard 2/4` is {index: 2, count: 4}. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The most shards an experiment may be split into (a typo should not make 10⁶ folders). */
export const MAX_SHARDS = 1000;

/** The shard (1-based) of run `run` (1-based) of the variant at `variantIndex` (0-based). */
export function shardOf(variantIndex: number, run: number, runsPerVariant: number, count: number): number {
  return ((variantIndex * runsPerVariant + (run - 1)) % count) + 1;
}

/** Whether a shard runs that run; no shard (an unsharded experiment) runs every run. */
export function inShard(shard: Shard | undefined, variantIndex: number, run: number, runsPerVariant: number): boolean {
  return shard === undefined || shardOf(variantIndex, run, runsPerVariant, shard.count) === shard.index;
}

/** How many runs a shard holds of `variants` × `runsPerVariant`. */
export function shareSize(shard: Shard | undefined, variants: number, runsPerVariant: number): number {
  const total = variants * runsPerVariant;
  if (shard === undefined) return total;
  // Runs k = index−1, index−1+n, … below the total.
  return shard.index > total ? 0 : Math.floor((total - shard.index) / shard.count) + 1;
}

/** `i/n` read, or what is wrong with it. */
export function readShard(text: string): { readonly ok: true; readonly shard: Shard } | { readonly ok: false; readonly error: string } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m === null ? NaN : Number(m[1]);
  const count = m === null ? NaN : Number(m[2]);
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count) || index < 1 || count > MAX_SHARDS || index > count)
    return { ok: false, error: `expected i/n, whole numbers with 1 ≤ i ≤ n ≤ ${MAX_SHARDS} (for example 2/4), got ${JSON.stringify(text)}` };
  return { ok: true, shard: { index, count } };
}

/** `2/4`. */
export const shardText = (shard: Shard): string => `${shard.index}/${shard.count}`;

export const sameShard = (a: Shard | undefined, b: Shard | undefined): boolean => a?.index === b?.index && a?.count === b?.count;
