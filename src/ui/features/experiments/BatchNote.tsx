// Shown in the setup when many runs would wait on a real provider: the same experiment as a command
// line with `--batch`, the two files it needs (the session as Export saves it, the variants file
// exactly as the form would run it) and a copy button; shards and merge for more than one machine.
import { useState } from 'react';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { downloadSession, fileNameFor } from '../../state/examples.ts';
import { useController, usePlayground } from '../../state/playground.tsx';
import { batchCommand, VARIANTS_FILE } from './batch-note.ts';
import { download } from './figures.ts';

async function copied(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or no secure context): the command stays selectable.
    return false;
  }
}

export function BatchNote({ runs, total, variantsText }: { runs: number; total: number; variantsText: string }) {
  const c = useController();
  const title = usePlayground((s) => s.view?.setup.definition.title ?? 'session');
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const hasVariants = variantsText.trim() !== '';
  const command = batchCommand({ sessionFile: fileNameFor(title), variantsFile: hasVariants ? VARIANTS_FILE : null, runs });

  const downloadSessionFile = () =>
    void c.exportText().then((text) => {
      if (text !== undefined) downloadSession(text, title);
    });

  return (
    <div
      data-testid="experiment-batch-note"
      className="flex flex-col gap-1 rounded border border-amber-400 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      <p>
        {total} runs asking a real provider: that is work for the command line. <code>ptc experiment --batch</code> sends the requests through the
        provider&apos;s batch interface, at half the price and under limits of its own, but a batch may take hours to answer, and a browser tab is no place to
        wait for it. The same experiment:
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="experiment-batch-command" className="rounded bg-white px-1.5 py-0.5 font-mono text-xs select-all dark:bg-slate-900">
          {command}
        </code>
        <button
          type="button"
          className={SMALL_BUTTON}
          data-testid="experiment-batch-copy"
          onClick={() => void copied(command).then((ok) => setCopy(ok ? 'copied' : 'failed'))}
        >
          Copy command
        </button>
        <span role="status" className="text-xs">
          {copy === 'copied' ? 'Copied.' : copy === 'failed' ? 'The browser refused the clipboard: select the command and copy it.' : ''}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={SMALL_BUTTON} data-testid="experiment-batch-session" onClick={downloadSessionFile}>
          Download {fileNameFor(title)}
        </button>
        {hasVariants && (
          <button
            type="button"
            className={SMALL_BUTTON}
            data-testid="experiment-batch-variants"
            onClick={() => download(variantsText, VARIANTS_FILE, 'application/json')}
          >
            Download {VARIANTS_FILE}
          </button>
        )}
        <span className="text-xs text-slate-600 dark:text-slate-300">the key comes from the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY), never a file</span>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        To spread the runs over machines, give each process <code className="whitespace-nowrap">--shard i/n</code> and its own <code>--out</code> folder, then
        join the folders with <code className="whitespace-nowrap">ptc experiment merge DIR… --out DIR</code> (docs/experiments.md, &ldquo;Shards&rdquo;). Open
        the results folder here with &ldquo;Open results…&rdquo;.
      </p>
    </div>
  );
}
