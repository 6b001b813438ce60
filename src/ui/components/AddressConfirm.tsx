// The dialog that asks before the first request goes to an address that came with a link, a file or
// a saved session rather than from the person (an LLM base URL, an MCP server's URL). Cancel, the
// first control, has the focus; Escape cancels; pressing beside the dialog does nothing (the person
// must choose).
import type { ReactNode } from 'react';
import { SMALL_BUTTON } from './buttons.ts';
import { ModalDialog } from './Dialog.tsx';

export interface AddressConfirmProps {
  /** Prefix of the test ids: `${testId}`, `-url`, `-cancel`, `-${confirmId}`. */
  readonly testId: string;
  readonly title: string;
  /** What the address is and where it came from, before it. */
  readonly lead: ReactNode;
  readonly address: string;
  /** What going there sends, after it. */
  readonly risk: ReactNode;
  readonly confirmLabel: string;
  readonly confirmId: string;
  onCancel(): void;
  onConfirm(): void;
}

export function AddressConfirm({ testId, title, lead, address, risk, confirmLabel, confirmId, onCancel, onConfirm }: AddressConfirmProps) {
  return (
    <ModalDialog alert testId={testId} labelledBy={`${testId}-title`} describedBy={`${testId}-text`} onClose={onCancel} panelClassName="w-[34rem]">
      <h2 id={`${testId}-title`} className="mb-2 font-semibold">
        {title}
      </h2>
      <div id={`${testId}-text`} className="flex flex-col gap-2 text-slate-700 dark:text-slate-300">
        <p>{lead}</p>
        <p data-testid={`${testId}-url`} className="break-all rounded bg-slate-100 p-1.5 font-mono text-xs dark:bg-slate-800">
          {address}
        </p>
        <p>{risk}</p>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" data-testid={`${testId}-cancel`} className={SMALL_BUTTON} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" data-testid={`${testId}-${confirmId}`} className={`${SMALL_BUTTON} border-sky-600 font-semibold`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
