// Before the first request goes to a base URL that came with a link, a file or a saved session, the
// person sees it and says yes: the session's mission, data and (with it) the key would go there.
// Once confirmed, later requests of this session go without asking.
import { useController, usePlayground } from '../../state/playground.tsx';

import { confirmHere } from '../../state/confirmed-urls.ts';
import { AddressConfirm } from '../../components/AddressConfirm.tsx';

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
    <AddressConfirm
      testId="base-url-confirm"
      title="Send requests to this address?"
      lead="This LLM base URL came with the session (from a link or a file), not from you:"
      address={confirming.baseUrl}
      risk="The request carries the prompt (mission, data, tool results) and the API key entered for this address. Send it only if you trust this server."
      confirmLabel="Send to this address"
      confirmId="send"
      onCancel={cancel}
      onConfirm={confirm}
    />
  );
}
