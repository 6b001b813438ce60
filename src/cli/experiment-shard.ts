// `ptc experiment --shard i/n`: the flag read, and what --resume makes of it. A shard's folder keeps
// its shard, so a resumed shard runs the same share; the split depends on the runs per variant, so a
// shard's runs cannot grow (the other shards' folders would no longer match it).
import { readShard, sameShard, shardText, type Shard } from '../experiment/shards.ts';
import { UsageError } from './common.ts';
import type { FolderManifest } from './experiment-folder.ts';

/** Said on stderr when a shard saves nothing: its results are only useful merged. */
export const SHARD_WITHOUT_OUT = 'ptc experiment: a shard runs only its share of the runs; give --out DIR to keep them for ptc experiment merge';

export function shardFlag(text: string): Shard {
  const read = readShard(text);
  if (!read.ok) throw new UsageError(`--shard: ${read.error}`);
  return read.shard;
}

/** The manifest a --resume continues, checked against the --shard and --runs given with it. */
export function resumedShard(manifest: FolderManifest, shardValue: string | undefined, runsText: string | undefined): FolderManifest {
  const asked = shardValue !== undefined ? shardFlag(shardValue) : undefined;
  const kept = manifest.shard;
  if (asked !== undefined && !sameShard(asked, kept))
    throw new UsageError(
      `--shard ${shardText(asked)}: the folder holds ${kept === undefined ? 'an unsharded experiment' : `shard ${shardText(kept)}`}; --resume keeps it (leave --shard out)`,
    );
  // A --runs that is not a number is --runs's own mistake, said where it is read.
  if (kept !== undefined && runsText !== undefined && /^\s*\d+\s*$/.test(runsText) && Number(runsText) !== manifest.runs)
    throw new UsageError(
      `--runs: a shard cannot change its runs (the split depends on the runs per variant); merge the shards, then --resume the merged folder with --runs`,
    );
  return manifest;
}
