// Gives the editors' help (completion, hover, diagnostics: components/monaco/clojure-help.ts) the open
// session: the store's view for the names, the worker for the reference and the diagnostics.
import { useEffect } from 'react';
import type { RefEntry } from '../../../lisp/reference/index.ts';
import { clearEditorHelpSource, setEditorHelpSource, type EditorHelpSource } from '../../components/monaco/help-source.ts';
import { useController } from '../../state/playground.tsx';

export function useEditorHelpSource(): void {
  const { store, client } = useController();
  useEffect(() => {
    let reference: readonly RefEntry[] = [];
    let loading: Promise<void> | null = null;
    const source: EditorHelpSource = {
      names() {
        const view = store.getState().view;
        return { reference, tools: view?.setup.tools ?? [], data: view?.setup.data ?? [], user: view?.user ?? [] };
      },
      loadReference() {
        // No watchdog: a help call waits behind a running program and must never restart the worker.
        loading ??= client.call('reference', [], { watchdog: false }).then(
          (entries) => {
            reference = entries;
          },
          () => {
            loading = null;
          },
        );
        return loading;
      },
      diagnose: (program) => client.call('diagnose', [program]),
      onChange: (listener) =>
        store.subscribe((state, before) => {
          if (state.view !== before.view) listener();
        }),
    };
    setEditorHelpSource(source);
    return () => clearEditorHelpSource(source);
  }, [store, client]);
}
