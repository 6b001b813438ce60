// Before the first request goes to a base URL that came with a link, a file or a saved session, the
// person sees it and says yes: the session's mission, data and (with it) the key would go there.
// Once confirmed, later requests of this session go without asking. Cancel, the first control, has
// the focus; Escape cancels; pressing beside the dialog does nothing (the person must choose).
import { useController, usePlayground } from '../../state/playground.tsx';

import { confirmHere } from '../../state/confirmed-urls.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { ModalDialog } from '../../components/Dialog.tsx';

export function BaseUrlConfirm() {
  const c = useController();
  const store = c.store;
  const confirming = usePlayground((s) => s.confirming);
  if (confirming === null) return null;
  const s = store.getState;

  const cancel = () => {
    s().setConfirming(null);
    s().setNotice({ kind: 'info', text: `Nothing was sent to ${confirming.baseUrl}. Change the base URL in the LLM panel, or Step again to confirm it.` });
  };
  const confirm = () => {
    confirmHere(confirming.baseUrl);
    s().setUnconfirmedBaseUrl(null);
    s().setConfirming(null);
    if (confirming.then === 'run') void c.run();
    else void c.step();
  };

  return (
    <ModalDialog
      alert
      testId="base-url-confirm"
      labelledBy="base-url-confirm-title"
      describedBy="base-url-confirm-text"
      onClose={cancel}
      panelClassName="w-[34rem]"
    >
      <h2 id="base-url-confirm-title" className="mb-2 font-semibold">
        Send requests to this address?
      </h2>
      <div id="base-url-confirm-text" className="flex flex-col gap-2 text-slate-700 dark:text-slate-300">
        <p>This LLM base URL came with the session (from a link or a file), not from you:</p>
        <p data-testid="base-url-confirm-url" className="break-all rounded bg-slate-100 p-1.5 font-mono text-xs dark:bg-slate-800">
          {confirming.baseUrl}
        </p>
        <p>The request carries the prompt (mission, data, tool results) and the API key entered for this address. Send it only if you trust this server.</p>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" data-testid="base-url-confirm-cancel" className={SMALL_BUTTON} onClick={cancel}>
          Cancel
        </button>
        <button type="button" data-testid="base-url-confirm-send" className={`${SMALL_BUTTON} border-sky-600 font-semibold`} onClick={confirm}>
          Send to this address
        </button>
      </div>
    </ModalDialog>
  );
}
