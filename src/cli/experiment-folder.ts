// The folder `ptc experiment --out DIR` fills as runs finish, and `--resume DIR` continues from:
//   experiment.json   what was asked (the session, the variants file, runs, LLM flags; never a key)
//   runs.jsonl        one run record per line, appended as each run ends (the last line of a run wins)
//   runs/NN-VARIANT/run-NNN.json   each run as an ordinary session file
//   results-runs.csv, results-variants.csv, results.json
//                     the results so far (exports.ts: the page exports the same), rewritten as runs end
//   batches.jsonl, batch-outcomes.jsonl
//                     with --batch: each provider batch the moment it is created, each request's
//                     outcome once its batch is read (appended; what --resume polls and answers from)
// Every file is written whole to a temporary name and renamed, so a crash leaves the last good copy.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchRecord, OutcomeRecord } from '../experiment/batch-waves.ts';
import { EXPORT_FILES } from '../experiment/exports.ts';
import type { RunRecord } from '../experiment/records.ts';
import { readShard, type Shard } from '../experiment/shards.ts';
import { UsageError } from './common.ts';

export const FOLDER_VERSION = 1;

/** What experiment.json holds: enough to plan the same experiment again. */
export interface FolderManifest {
  readonly version: number;
  /** The session file's JSON, as read. */
  readonly session: unknown;
  /** The variants file's JSON, or null for the session's own settings. */
  readonly variants: unknown;
  readonly runs: number;
  /** The LLM flags' fields (provider, model, base URL…), or the simulated model's settings. */
  readonly llm?: Readonly<Record<string, unknown>>;
  readonly simulated?: Readonly<Record<string, unknown>>;
  /** Set when the folder holds one shard's share of the runs (`--shard i/n`); a merged folder has none. */
  readonly shard?: Shard;
  /** The requests go through the providers' batch interfaces (`--batch`); --resume keeps it so. */
  readonly batch?: boolean;
}

function isShard(x: unknown): boolean {
  if (x === null || typeof x !== 'object') return false;
  const { index, count } = x as Record<string, unknown>;
  return typeof index === 'number' && typeof count === 'number' && readShard(`${index}/${count}`).ok;
}

function writeWhole(path: string, text: string): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** A folder name for a variant: its position (names may differ only in case or punctuation) and its name. */
export function variantFolder(index: number, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${String(index + 1).padStart(2, '0')}-${slug || 'variant'}`;
}

export class ResultsFolder {
  private constructor(readonly dir: string) {}

  /** A new folder for an experiment; refuses one that already holds an experiment (use --resume). */
  static create(dir: string, manifest: FolderManifest): ResultsFolder {
    if (existsSync(join(dir, 'experiment.json'))) throw new UsageError(`--out: ${dir} already holds an experiment; continue it with --resume ${dir}`);
    mkdirSync(join(dir, 'runs'), { recursive: true });
    writeWhole(join(dir, 'experiment.json'), JSON.stringify(manifest, null, 2) + '\n');
    return new ResultsFolder(dir);
  }

  /** An existing folder, its manifest and the runs it recorded. */
  static open(dir: string, asked = '--resume'): { folder: ResultsFolder; manifest: FolderManifest; records: RunRecord[] } {
    const path = join(dir, 'experiment.json');
    let manifest: FolderManifest;
    try {
      manifest = JSON.parse(readFileSync(path, 'utf8')) as FolderManifest;
    } catch (e) {
      const why =
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? `no experiment.json there${asked === '--resume' ? ' (start one with --out)' : ''}`
          : (e as Error).message;
      throw new UsageError(`${asked}: cannot read ${path}: ${why}`);
    }
    if (
      manifest === null ||
      typeof manifest !== 'object' ||
      manifest.version !== FOLDER_VERSION ||
      typeof manifest.runs !== 'number' ||
      (manifest.shard !== undefined && !isShard(manifest.shard))
    )
      throw new UsageError(`${asked}: ${path} is not an experiment folder of this version (${FOLDER_VERSION})`);
    return { folder: new ResultsFolder(dir), manifest, records: readRecords(join(dir, 'runs.jsonl')) };
  }

  /** Saves one ended run: its record, appended; its session, whole. */
  saveRun(record: RunRecord, variantIndex: number, sessionText: string): string {
    const folder = join(this.dir, 'runs', variantFolder(variantIndex, record.variant));
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `run-${String(record.run).padStart(3, '0')}.json`);
    writeWhole(file, sessionText);
    appendFileSync(join(this.dir, 'runs.jsonl'), JSON.stringify(record) + '\n');
    return file;
  }

  /** Appends a batch the moment the provider created it (never a key: its record holds none). */
  saveBatch(record: BatchRecord): void {
    appendFileSync(join(this.dir, 'batches.jsonl'), JSON.stringify(record) + '\n');
  }

  /** Appends the outcomes of a batch's requests, once read. */
  saveOutcomes(records: readonly OutcomeRecord[]): void {
    appendFileSync(join(this.dir, 'batch-outcomes.jsonl'), records.map((r) => JSON.stringify(r) + '\n').join(''));
  }

  /** The batches and outcomes recorded so far, in order (a torn last line is skipped). */
  batchHistory(): { batches: BatchRecord[]; outcomes: OutcomeRecord[] } {
    const batches = readLines<BatchRecord>(
      join(this.dir, 'batches.jsonl'),
      (r) => typeof r.id === 'string' && typeof r.wave === 'number' && Array.isArray(r.customIds),
    );
    const outcomes = readLines<OutcomeRecord>(
      join(this.dir, 'batch-outcomes.jsonl'),
      (r) => typeof r.customId === 'string' && typeof r.batchId === 'string' && typeof r.ok === 'boolean',
    );
    return { batches, outcomes };
  }

  saveResults(texts: Readonly<Record<keyof typeof EXPORT_FILES, string>>): void {
    for (const key of ['runs', 'variants', 'json'] as const) writeWhole(join(this.dir, EXPORT_FILES[key]), texts[key]);
  }
}

/** The records of runs.jsonl, the last one of each run winning; a torn last line (a crash mid-write) is skipped. */
export function readRecords(path: string): RunRecord[] {
  if (!existsSync(path)) return [];
  const byRun = new Map<string, RunRecord>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let r: RunRecord;
    try {
      r = JSON.parse(line) as RunRecord;
    } catch {
      continue;
    }
    if (typeof r.variant === 'string' && typeof r.run === 'number' && typeof r.outcome === 'string') byRun.set(`${r.variant}\u0000${r.run}`, r);
  }
  return [...byRun.values()];
}

/** The records of a JSON-lines file; a line that does not parse or is not such a record (a crash mid-write) is skipped. */
function readLines<T>(path: string, isRecord: (r: Record<string, unknown>) => boolean): T[] {
  if (!existsSync(path)) return [];
  const out: T[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && isRecord(value as Record<string, unknown>)) out.push(value as T);
    } catch {
      continue;
    }
  }
  return out;
}
