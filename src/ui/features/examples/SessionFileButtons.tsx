// The gallery, "Open file…" and "Export": how sessions come in and go out of the playground, beside
// the examples menu. Buttons only (and the hidden file input), so that the top bar can move the ones
// that do not fit into its "More" menu.
import { useRef, type ChangeEvent } from 'react';
import { useController, usePlayground } from '../../state/playground.tsx';
import { isRunning } from '../../state/run-machine.ts';
import { isEditedExample } from './edited-example.ts';
import { downloadSession, useExampleTexts } from '../../state/examples.ts';
import { GalleryButton } from './GalleryButton.tsx';
import { linesOf, type Problem } from '../../lib/problems.ts';
import { TOP_BUTTON } from '../../components/buttons.ts';
import { useSessionPersistence } from '../../persistence/SessionPersistence.tsx';

export function SessionFileButtons() {
  const c = useController();
  const { sync } = useSessionPersistence();
  const store = c.store;
  const title = usePlayground((s) => s.view?.setup.definition.title ?? null);
  const hasSession = usePlayground((s) => s.view !== null);
  const running = usePlayground((s) => isRunning(s.machine));
  const exampleTexts = useExampleTexts();
  const fileInput = useRef<HTMLInputElement>(null);

  const report = (source: string, problems: readonly Problem[]) => {
    if (problems.length > 0) store.getState().setNotice({ kind: 'error', text: `Could not open ${source}:\n${linesOf(problems)}` });
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
    const r = await c.open(text);
    if (!r.ok) {
      report(file.name, r.problems);
      return;
    }
    const view = store.getState().view;
    let name = view?.setup.definition.title ?? file.name;
    if (view && saved.has(name)) {
      name = `${name} (${file.name})`;
      await c.setDefinition({ ...view.setup.definition, title: name });
    }
    const said = sync ? `Opened ${file.name} as a new session, "${name}".` : `Opened ${file.name}: "${name}".`;
    store.getState().setNotice({ kind: 'info', text: [said, ...(r.warnings ?? [])].join('\n') });
  };

  const exportSession = () => {
    // An example someone changed no longer is what its gallery description and tags say.
    const definition = store.getState().view?.setup.definition;
    const edited = definition !== undefined && isEditedExample(definition, Object.values(exampleTexts.data ?? {}));
    // The engine writes the text when it is asked for, not with every view.
    void c.exportText(edited ? { withoutGallery: true } : undefined).then((text) => {
      if (text === undefined || title === null) return;
      downloadSession(text, title);
      if (edited)
        store.getState().setNotice({ kind: 'info', text: "Exported without the example's description and tags: they describe the example, not this edit." });
    });
  };

  return (
    <>
      <GalleryButton className={TOP_BUTTON} disabled={running} />
      <button type="button" className={TOP_BUTTON} data-testid="open-file-button" disabled={running} onClick={() => fileInput.current?.click()}>
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
        className={TOP_BUTTON}
        data-testid="export"
        disabled={!hasSession}
        title="Download the session (definition and turns) as a session file"
        onClick={exportSession}
      >
        Export
      </button>
    </>
  );
}
