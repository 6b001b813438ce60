// Opening a results folder `ptc experiment --out` (or `merge`) wrote: what was chosen (a folder, a
// dropped folder, or files one by one) becomes a list of paths with their texts read only when
// needed; results.json is read strictly (src/experiment/results-file.ts), the run files beside it are
// matched to its runs, and their texts go to the saved experiment's store a chunk at a time, so a
// folder of thousands of runs neither holds every text at once nor keeps the page busy for long.
import { runKey } from '../../../experiment/records.ts';
import { RESULTS_FILE, readResultsFile, runFilePlace, runOfSessionText } from '../../../experiment/results-file.ts';
import type { ExperimentDb, ExperimentRecord } from './experiment-db.ts';

/** A file that was chosen: its path inside what was chosen ("out/runs/01-trim/run-001.json"), its text on demand. */
export interface PickedFile {
  readonly path: string;
  readonly text: () => Promise<string>;
}

export type ImportOutcome = { readonly ok: true; readonly record: ExperimentRecord } | { readonly ok: false; readonly errors: readonly string[] };

/** Run files read and saved per step: a step's texts are all that is held at once. */
export const IMPORT_CHUNK = 100;

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The files of an `<input type="file">` (with `webkitdirectory`, each knows its path in the folder). */
export function pickedFromFiles(files: Iterable<File>): PickedFile[] {
  // Some hosts leave webkitRelativePath out rather than empty.
  return [...files].map((f) => ({ path: f.webkitRelativePath || f.name, text: () => f.text() }));
}

function entriesOf(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  // readEntries answers a batch at a time (about a hundred in Chromium) until an empty one.
  return new Promise((resolve, reject) => {
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const fileEntry = entry as FileSystemFileEntry;
    out.push({
      path: entry.fullPath.replace(/^\//, ''),
      text: () => new Promise<File>((resolve, reject) => fileEntry.file(resolve, reject)).then((f) => f.text()),
    });
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, out);
  }
}

/** What was dropped: folders walked (their files keep their paths), or plain files. */
export async function pickedFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = [...data.items].map((item) => (item.kind === 'file' && typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null));
  if (entries.length === 0 || entries.some((e) => e === null)) return pickedFromFiles([...data.files]);
  const out: PickedFile[] = [];
  for (const e of entries) if (e !== null) await walk(e, out);
  return out;
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The one results.json chosen (the shallowest, when a folder holds copies deeper down), or why there is none. */
function resultsFileOf(files: readonly PickedFile[]): PickedFile | string {
  const all = files.filter((f) => baseName(f.path) === RESULTS_FILE);
  if (all.length === 0)
    return `No ${RESULTS_FILE} among the ${files.length} file${files.length === 1 ? '' : 's'} chosen: choose the folder that ptc experiment --out wrote, or its ${RESULTS_FILE}.`;
  const depth = (f: PickedFile) => f.path.split('/').length;
  const top = Math.min(...all.map(depth));
  const shallowest = all.filter((f) => depth(f) === top);
  if (shallowest.length > 1)
    return `${shallowest.length} ${RESULTS_FILE} files were chosen (${shallowest.map((f) => f.path).join(', ')}): open one results folder at a time.`;
  return shallowest[0];
}

export interface ImportOptions {
  readonly id: string;
  /** When it was opened (the saved list's order). */
  readonly now: number;
  /** Run files saved so far, of how many. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Reads the chosen results and saves them as an experiment of `db`; on any problem nothing is saved
 * (what was written is removed again) and the problems are returned.
 */
export async function importResults(files: readonly PickedFile[], db: ExperimentDb, options: ImportOptions): Promise<ImportOutcome> {
  const resultsFile = resultsFileOf(files);
  if (typeof resultsFile === 'string') return { ok: false, errors: [resultsFile] };
  let text: string;
  try {
    text = await resultsFile.text();
  } catch (e) {
    return { ok: false, errors: [`${resultsFile.path} could not be read: ${messageOf(e)}`] };
  }
  const read = readResultsFile(text);
  if (!read.ok) return { ok: false, errors: read.errors.map((e) => `${resultsFile.path}: ${e}`) };
  const { setup, records, total, differences } = read.results;
  const prefix = resultsFile.path.slice(0, resultsFile.path.length - RESULTS_FILE.length);
  const folder = prefix === '' ? null : prefix.slice(0, -1);

  const wanted = new Set(records.map((r) => runKey(r.variant, r.run)));
  // A run file's place by its path; a file chosen alone says in its own text which run it is.
  const candidates = files.filter((f) => f !== resultsFile && f.path.startsWith(prefix) && /^run-\d+\.json$/.test(baseName(f.path)));
  const saved = new Set<string>();
  try {
    for (let i = 0; i < candidates.length; i += IMPORT_CHUNK) {
      const chunk = candidates.slice(i, i + IMPORT_CHUNK);
      const texts = await Promise.all(
        chunk.map(async (f) => {
          const place = runFilePlace(f.path.slice(prefix.length));
          const variant = place === null ? undefined : setup.variants[place.variantIndex];
          if (place !== null && variant === undefined) return null;
          const body = await f.text();
          const which = place !== null && variant !== undefined ? { variant, run: place.run } : runOfSessionText(body);
          if (which === null) return null;
          const key = runKey(which.variant, which.run);
          if (!wanted.has(key) || saved.has(key)) return null;
          saved.add(key);
          return { ...which, text: body };
        }),
      );
      await db.putRunTexts(
        options.id,
        texts.filter((t) => t !== null),
      );
      options.onProgress?.(Math.min(i + IMPORT_CHUNK, candidates.length), candidates.length);
    }
    const record: ExperimentRecord = {
      id: options.id,
      created: options.now,
      title: setup.title,
      sessionText: '',
      variantsText: setup.variantsFile === null ? '' : JSON.stringify(setup.variantsFile, null, 2) + '\n',
      runs: setup.runsPerVariant,
      concurrency: setup.concurrency ?? 1,
      variants: setup.variants,
      total,
      records,
      imported: { folder, setup, runFiles: [...saved], differences },
    };
    await db.put(record);
    return { ok: true, record };
  } catch (e) {
    await db.delete(options.id).catch(() => undefined);
    return { ok: false, errors: [`The results could not be saved in this browser: ${messageOf(e)}`] };
  }
}
