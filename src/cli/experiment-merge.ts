// `ptc experiment merge DIR… --out DIR`: the folders of a sharded experiment (`--shard i/n`) merged
// into the folder one unsharded run would have written: the same experiment.json (without its shard),
// every run's record and session file, and the results made of them, so `--resume` on it works.
// Folders that do not add up to one experiment are refused, naming them (merge.ts says what is checked).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exportTexts, type ExperimentSetup } from '../experiment/exports.ts';
import { mergeShards, runWords, someOf, type RunPlace, type ShardFolder } from '../experiment/merge.ts';
import { planExperiment, type LlmChanges } from '../experiment/plan.ts';
import { resultsJson, summarizeAll } from '../experiment/results.ts';
import { shardText } from '../experiment/shards.ts';
import { parseSession } from '../session/session-file.ts';
import { ArgumentError, defineCommand, type Command } from './args.ts';
import { UsageError } from './common.ts';
import { ResultsFolder, variantFolder, type FolderManifest } from './experiment-folder.ts';
import { formatResultsTable, priceNote } from './experiment-table.ts';
import { SessionProblems } from './failures.ts';
import { EXIT, type CliIo } from './io.ts';

export const MERGE_USAGE = 'merge DIR... --out DIR [--partial] [--json]';

/** The codes `merge` ends with, as `ptc experiment --help` lists them. */
export const MERGE_EXIT_CODES: readonly (readonly [number, string])[] = [
  [0, 'merge: the folders were merged into --out'],
  [
    2,
    'merge: refused, naming the folders: not an experiment folder, folders of different experiments (session, variants file, runs, LLM flags) or shard counts, a run in two folders, a run missing or only cut (without --partial)',
  ],
];

/** What makes two folders the same experiment; everything else in experiment.json (its shard) may differ. */
function experimentOf(m: FolderManifest): Record<string, unknown> {
  return { session: m.session, variants: m.variants, runs: m.runs, llm: m.llm, simulated: m.simulated };
}

/** The earliest start the folders' results say, when any does. */
function earliestStart(dirs: readonly string[]): string | undefined {
  let first: string | undefined;
  for (const dir of dirs) {
    try {
      const doc = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { configuration?: { started?: unknown } };
      const started = doc.configuration?.started;
      if (typeof started === 'string' && (first === undefined || started < first)) first = started;
    } catch {
      // A shard stopped before its first results were written: its start is unknown.
    }
  }
  return first;
}

/** Why a merge with unfinished runs is refused, folder by folder, and how to finish them. */
function unfinishedWords(missing: readonly RunPlace[], cut: readonly RunPlace[]): string {
  const all = [...missing.map((p) => ({ p, how: 'missing' })), ...cut.map((p) => ({ p, how: 'cut' }))];
  const parts: string[] = [];
  const fixes: string[] = [];
  for (const shard of [...new Set(all.filter(({ p }) => p.folder === undefined).map(({ p }) => shardText(p.shard)))]) {
    const n = all.filter(({ p }) => p.folder === undefined && shardText(p.shard) === shard).length;
    parts.push(`no folder of shard ${shard} was given (its ${n} ${n === 1 ? 'run' : 'runs'})`);
    fixes.push(`ptc experiment … --shard ${shard} --out DIR, then give DIR`);
  }
  for (const folder of [...new Set(all.flatMap(({ p }) => (p.folder !== undefined ? [p.folder] : [])))]) {
    const runs = all.filter(({ p }) => p.folder === folder).map(({ p, how }) => `${runWords(p.variant, p.run)} ${how}`);
    parts.push(`${folder}: ${someOf(runs)}`);
    fixes.push(`ptc experiment --resume ${folder}`);
  }
  return `${all.length} ${all.length === 1 ? 'run' : 'runs'} of the experiment ${all.length === 1 ? 'is' : 'are'} not finished: ${parts.join('; ')}. Finish them (${fixes.join('; ')}), or merge what there is with --partial`;
}

export const mergeCommand = defineCommand({
  name: 'experiment merge',
  summary: "merge the folders of a sharded experiment's shards into the results one unsharded run would have given",
  usage: ['DIR... --out DIR [--partial] [--json]'],
  description:
    'Reads the folders that `ptc experiment … --shard i/n --out DIR` wrote (shards run directly or in batches alike) and writes one experiment folder to --out: experiment.json without the shard, runs.jsonl and runs/NN-VARIANT/run-NNN.json with every run, and the results (results-runs.csv, results-variants.csv, results.json, whose configuration says "shards": n) — the runs, successes, rates, Wilson intervals, tokens and costs one unsharded run would have given. Then prints the results table (or --json). Refused, naming the folders: a folder that is not an experiment folder; folders of different experiments (session, variants file with its success check, runs per variant, LLM flags) or of different shard counts; a run in two folders; a run of the experiment in no folder or only cut (finish it with --resume on its shard folder), unless --partial.',
  positionals: [
    {
      name: 'DIR',
      description: 'a shard folder (--shard i/n --out DIR); give every shard of the experiment',
      required: true,
      variadic: true,
      missing: 'give the shard folders to merge',
    },
  ],
  options: {
    out: { type: 'string', value: 'DIR', description: 'the merged experiment folder to write (a new one)' },
    partial: {
      type: 'boolean',
      description:
        'merge even when runs are missing or only cut: they are left out of the rates as a cut run is, the table and results.json ("missingRuns") say so, and --resume on the merged folder runs them',
    },
    json: { type: 'boolean', description: 'print only {"variants": […]} on stdout, as ptc experiment --json does' },
  },
  exitCodes: [
    [0, 'the folders were merged into --out'],
    [
      2,
      'refused, naming the folders: not an experiment folder, folders of different experiments (session, variants file, runs, LLM flags) or shard counts, a run in two folders, a run missing or only cut (without --partial)',
    ],
  ],
  run({ values, positionals }, io) {
    if (values.out === undefined) throw new ArgumentError('--out DIR: where to write the merged experiment folder');
    const given = new Set<string>();
    for (const dir of positionals) {
      if (given.has(resolve(dir))) throw new UsageError(`refused: ${dir} is given twice`);
      given.add(resolve(dir));
    }
    const opened = positionals.map((dir) => ({ dir, ...ResultsFolder.open(dir, 'refused') }));
    const folders: ShardFolder[] = opened.map((o) => ({
      label: o.dir,
      experiment: experimentOf(o.manifest),
      ...(o.manifest.shard !== undefined ? { shard: o.manifest.shard } : {}),
      records: o.records,
    }));
    const manifest = opened[0].manifest;
    const parsed = parseSession(manifest.session);
    if (!parsed.ok) throw new SessionProblems(`${opened[0].dir}/experiment.json`, parsed.errors);
    const changes: LlmChanges = {
      ...(manifest.llm !== undefined ? { fields: manifest.llm } : {}),
      ...(manifest.simulated !== undefined ? { simulated: manifest.simulated } : {}),
    };
    // The plan gives the variants' names in order (the runs' folders are numbered by it) and the check the table names.
    const planned = planExperiment(parsed.session, manifest.variants ?? undefined, manifest.runs, changes);
    if (!planned.ok) throw new SessionProblems(`${opened[0].dir}/experiment.json`, planned.errors);
    const plan = planned.plan;
    const names = plan.variants.map((v) => v.name);
    const merged = mergeShards(names, plan.runs, folders);
    if (!merged.ok) throw new UsageError(`refused: ${merged.problems.join('; ')}`);
    const unfinished = merged.missing.length + merged.cut.length;
    if (unfinished > 0 && !values.partial) throw new UsageError(`refused: ${unfinishedWords(merged.missing, merged.cut)}`);

    // Every session file is read before anything is written, so a refusal leaves no half-made folder.
    const sessions = merged.records.map((r, i) => {
      const dir = opened[merged.from[i]].dir;
      const path = join(dir, 'runs', variantFolder(names.indexOf(r.variant), r.variant), `run-${String(r.run).padStart(3, '0')}.json`);
      try {
        return readFileSync(path, 'utf8');
      } catch (e) {
        throw new UsageError(`refused: ${dir} records ${runWords(r.variant, r.run)} but its session file cannot be read: ${(e as Error).message}`);
      }
    });
    const { shard: _shard, ...whole } = manifest;
    const out = ResultsFolder.create(values.out, whole);
    merged.records.forEach((r, i) => out.saveRun(r, names.indexOf(r.variant), sessions[i]));
    const started = earliestStart(positionals);
    const setup: ExperimentSetup = {
      title: parsed.session.title,
      ...(started !== undefined ? { started } : {}),
      runsPerVariant: plan.runs,
      variants: names,
      variantsFile: manifest.variants,
      shards: merged.shards,
      ...(merged.missing.length > 0 ? { missingRuns: merged.missing.length } : {}),
      ...(whole.batch === true ? { batch: true } : {}),
    };
    const summaries = summarizeAll(names, merged.records);
    out.saveResults(exportTexts(setup, summaries, merged.records));
    io.stderr.write(
      `ptc experiment merge: ${positionals.length} ${positionals.length === 1 ? 'folder' : 'folders'} (${merged.shards} ${merged.shards === 1 ? 'shard' : 'shards'}) merged into ${values.out}: ${merged.records.length} of ${names.length * plan.runs} runs\n`,
    );
    const notes = [
      ...(unfinished === 0
        ? []
        : [
            `Partial merge: ${merged.missing.length} ${merged.missing.length === 1 ? 'run' : 'runs'} in no folder and ${merged.cut.length} cut are left out of the rates; ptc experiment --resume ${values.out} runs them.`,
          ]),
      ...priceNote(merged.records),
    ];
    io.stdout.write(values.json ? JSON.stringify(resultsJson(summaries), null, 2) + '\n' : formatResultsTable(plan, summaries, undefined, notes) + '\n');
    return EXIT.ok;
  },
});

/** `ptc experiment` with its sub-command: `ptc experiment merge …` is the merge, anything else runs an experiment. */
export function withMerge(experiment: Command): Command {
  return {
    ...experiment,
    async invoke(argv, io: CliIo) {
      if (argv[0] !== 'merge') return experiment.invoke(argv, io);
      try {
        return await mergeCommand.invoke(argv.slice(1), io);
      } catch (e) {
        // Said as the sub-command's own, with its own help to turn to.
        if (!(e instanceof UsageError || e instanceof SessionProblems)) throw e;
        io.stderr.write(`ptc experiment merge: ${e.message}\n`);
        if (e instanceof ArgumentError) io.stderr.write('(ptc experiment merge --help lists its options and arguments)\n');
        return EXIT.usage;
      }
    },
  };
}
