// What is chosen or dropped becomes a results folder's files: a dropped folder is walked (entries read
// batch by batch, as Chromium hands them out), each file keeping its path; results.json is found
// (the shallowest one; two at the same depth are refused); run files are saved a chunk at a time and
// only for runs results.json has; a failing store leaves nothing behind.
import { describe, expect, it } from 'vitest';
import { createExperimentDb, memoryKv, type Kv } from '../../../../src/ui/features/experiments/experiment-db.ts';
import { IMPORT_CHUNK, importResults, pickedFromDrop, type PickedFile } from '../../../../src/ui/features/experiments/results-import.ts';
import { resultsOf, runFileText } from './results-fixtures.ts';

const picked = (path: string, text: string): PickedFile => ({ path, text: () => Promise.resolve(text) });

/** A file-system entry tree as drag and drop hands it out (readEntries gives at most `batch` at a time). */
function dirEntry(fullPath: string, children: FileSystemEntry[], batch = 2): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (entries: FileSystemEntry[]) => void) => {
          const next = children.slice(at, at + batch);
          at += next.length;
          setTimeout(() => ok(next), 0);
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

function fileEntry(fullPath: string, text: string): FileSystemFileEntry {
  return {
    isFile: true,
    isDirectory: false,
    fullPath,
    file: (ok: (f: File) => void) => ok(new File([text], fullPath.slice(fullPath.lastIndexOf('/') + 1))),
  } as unknown as FileSystemFileEntry;
}

const folder = resultsOf(['full', 'trim'], 2, () => 'success');

describe('opening a results folder', () => {
  it('walks a dropped folder, every file with its path inside it', async () => {
    const root = dirEntry('/out', [
      fileEntry('/out/results.json', folder.texts.json),
      dirEntry('/out/runs', [
        dirEntry('/out/runs/01-full', [fileEntry('/out/runs/01-full/run-001.json', 'a'), fileEntry('/out/runs/01-full/run-002.json', 'b')]),
        dirEntry('/out/runs/02-trim', [fileEntry('/out/runs/02-trim/run-001.json', 'c')]),
      ]),
      fileEntry('/out/results-runs.csv', folder.texts.runs),
    ]);
    const data = { items: [{ kind: 'file', webkitGetAsEntry: () => root }], files: [] } as unknown as DataTransfer;
    const files = await pickedFromDrop(data);
    expect(files.map((f) => f.path)).toEqual([
      'out/results.json',
      'out/runs/01-full/run-001.json',
      'out/runs/01-full/run-002.json',
      'out/runs/02-trim/run-001.json',
      'out/results-runs.csv',
    ]);
    expect(await files[3].text()).toBe('c');
  });

  it('takes the shallowest results.json, and refuses two side by side', async () => {
    const db = createExperimentDb({ kv: memoryKv() });
    const nested = await importResults([picked('out/results.json', folder.texts.json), picked('out/old/results.json', '{')], db, { id: 'a', now: 1 });
    expect(nested.ok).toBe(true);
    const two = await importResults([picked('a/results.json', folder.texts.json), picked('b/results.json', folder.texts.json)], db, { id: 'b', now: 2 });
    expect(two).toEqual({ ok: false, errors: ['2 results.json files were chosen (a/results.json, b/results.json): open one results folder at a time.'] });
  });

  it('saves run files a chunk at a time, only for runs results.json has, and says how far it got', async () => {
    const many = resultsOf(['v'], 250, () => 'success');
    const db = createExperimentDb({ kv: memoryKv() });
    const progress: [number, number][] = [];
    const files = [
      picked('out/results.json', many.texts.json),
      ...Array.from({ length: 250 }, (_, i) => picked(`out/runs/01-v/run-${String(i + 1).padStart(3, '0')}.json`, runFileText('v', i + 1))),
      // A variant past the plan's and a file elsewhere: neither is a run of these results.
      picked('out/runs/02-w/run-001.json', runFileText('w', 1)),
      picked('elsewhere/runs/01-v/run-001.json', 'other'),
    ];
    const outcome = await importResults(files, db, { id: 'e', now: 5, onProgress: (done, total) => progress.push([done, total]) });
    if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
    expect(outcome.record).toMatchObject({ id: 'e', created: 5, title: 'Reviews and inventory', runs: 250, total: 250, sessionText: '' });
    expect(outcome.record.imported?.runFiles).toHaveLength(250);
    expect(progress).toEqual([
      [IMPORT_CHUNK, 251],
      [2 * IMPORT_CHUNK, 251],
      [251, 251],
    ]);
    expect(await db.getRunText('e', 'v', 250)).toBe(runFileText('v', 250));
    expect(await db.getRunText('e', 'w', 1)).toBeUndefined();
  });

  it('leaves nothing behind when the store fails midway', async () => {
    const inner = memoryKv();
    let writes = 0;
    const kv: Kv = {
      ...inner,
      set: (k, v) => (++writes > 3 ? Promise.reject(new Error('QuotaExceededError')) : inner.set(k, v)),
    };
    const db = createExperimentDb({ kv });
    const outcome = await importResults(
      [picked('out/results.json', folder.texts.json), ...[1, 2].map((run) => picked(`out/runs/01-full/run-00${run}.json`, runFileText('full', run)))],
      db,
      { id: 'x', now: 1 },
    );
    expect(outcome).toEqual({ ok: false, errors: ['The results could not be saved in this browser: QuotaExceededError'] });
    expect(await inner.keys()).toEqual([]);
  });
});
