// The examples menu, the gallery, "Open file…" and "Export": how sessions come in and go out of the playground.
import { useRef, type ChangeEvent } from 'react';
import { useEngineActions, usePlayground, usePlaygroundStore } from '../../state/playground.tsx';
import { isRunning } from '../../state/run-machine.ts';
import { isEditedExample } from './edited-example.ts';
import { downloadSession, EXAMPLES, useExampleTexts, useExampleTitles } from './examples.ts';
import { GalleryButton } from './GalleryButton.tsx';
import { useOpenBundled } from './open-example.ts';
import { linesOf, type Problem } from '../definition/problems.ts';
import { TOP_BUTTON } from '../../components/top-button.ts';
import { useSessionPersistence } from '../../persistence/SessionPersistence.tsx';

const buttonClass = TOP_BUTTON;

export function ExamplesMenu() {
  const { open, exportText, setDefinition } = useEngineActions();
  const { sync } = useSessionPersistence();
  const openBundled = useOpenBundled();
  const store = usePlaygroundStore();
  const title = usePlayground((s) => s.view?.definition.title ?? null);
  const hasSession = usePlayground((s) => s.view !== null);
  const running = usePlayground((s) => isRunning(s.machine));
  const titles = useExampleTitles();
  const exampleTexts = useExampleTexts();
  const fileInput = useRef<HTMLInputElement>(null);

  const labelOf = (path: string, name: string) => titles.data?.[path] ?? name;
  // The open session is shown as its example while its title matches one.
  const current = EXAMPLES.find((e) => title !== null && titles.data?.[e.path] === title)?.path ?? '';

  const report = (source: string, problems: readonly Problem[]) => {
    if (problems.length > 0) store.getState().setNotice({ kind: 'error', text: `Could not open ${source}:\n${linesOf(problems)}` });
  };

  const openExample = async (path: string) => {
    const entry = EXAMPLES.find((e) => e.path === path);
    // Where sessions are saved, an untouched saved copy of this example is reopened rather than copied again.
    if (entry) await openBundled(entry);
  };

  const openFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      store.getState().setNotice({ kind: 'error', text: `Could not read ${file.name}: ${err instanceof Error ? err.message : String(err)}` });
      return;
    }
    // The titles saved here before: a file opens as a new session, told apart from one of the same title.
    const saved = sync
      ? await sync.list().then(
          (list) => new Set(list.map((m) => m.title)),
          () => new Set<string>(),
        )
      : new Set<string>();
    const r = await open.mutateAsync(text);
    if (!r.ok) {
      report(file.name, r.problems);
      return;
    }
    const view = store.getState().view;
    let name = view?.definition.title ?? file.name;
    if (view && saved.has(name)) {
      name = `${name} (${file.name})`;
      await setDefinition.mutateAsync({ ...view.definition, title: name });
    }
    const said = sync ? `Opened ${file.name} as a new session, "${name}".` : `Opened ${file.name}: "${name}".`;
    store.getState().setNotice({ kind: 'info', text: [said, ...(r.warnings ?? [])].join('\n') });
  };

  const exportSession = () => {
    // An example someone changed no longer is what its gallery description and tags say.
    const definition = store.getState().view?.definition;
    const edited = definition !== undefined && isEditedExample(definition, Object.values(exampleTexts.data ?? {}));
    // The engine writes the text when it is asked for, not with every view.
    void exportText(edited ? { withoutGallery: true } : undefined).then((text) => {
      if (text === undefined || title === null) return;
      downloadSession(text, title);
      if (edited)
        store.getState().setNotice({ kind: 'info', text: "Exported without the example's description and tags: they describe the example, not this edit." });
    });
  };

  return (
    <div className="flex items-center gap-2">
      <label className="sr-only" htmlFor="examples-menu">
        Example
      </label>
      <select
        id="examples-menu"
        data-testid="examples-menu"
        className={`${buttonClass} w-44 truncate`}
        value={current}
        disabled={running}
        title="Open a bundled example session"
        onChange={(e) => void openExample(e.target.value)}
      >
        <option value="" disabled>
          {title === null ? 'Examples…' : 'Examples… (session not from an example)'}
        </option>
        {EXAMPLES.map((e) => (
          <option key={e.path} value={e.path}>
            {labelOf(e.path, e.name)}
          </option>
        ))}
      </select>
      <GalleryButton className={buttonClass} disabled={running} />
      <button type="button" className={buttonClass} data-testid="open-file-button" disabled={running} onClick={() => fileInput.current?.click()}>
        Open file…
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        className="hidden"
        data-testid="open-file"
        aria-label="Session file"
        onChange={(e) => void openFile(e)}
      />
      <button
        type="button"
        className={buttonClass}
        data-testid="export"
        disabled={!hasSession}
        title="Download the session (definition and turns) as a session file"
        onClick={exportSession}
      >
        Export
      </button>
    </div>
  );
}
