// "Share": the whole session in the link's fragment, compressed; copied when the browser allows.
// A session too large for a link is said to be so, with the ways out: export a file, share the open
// branch without the others, or share without the recorded turns (the mock's replies replay them).
import { useRef, useState } from 'react';
import { useController, usePlayground } from '../../state/playground.tsx';
import { ModalDialog } from '../../components/Dialog.tsx';
import { downloadSession } from '../../state/examples.ts';
import { kilobytes, linkFor } from './links.ts';
import { SMALL_BUTTON, TOP_BUTTON } from '../../components/buttons.ts';

interface LinkScope {
  withTurns: boolean;
  /** The session's other branches: how many, and whether the link carries them. */
  otherBranches: number;
  withBranches: boolean;
}

type Shared =
  | (LinkScope & { kind: 'link'; link: string; length: number; copied: boolean })
  | (LinkScope & { kind: 'too-large'; length: number; limit: number; reason?: string });

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or no secure context): the link stays selectable in the box.
    return false;
  }
}

export function ShareButton() {
  const c = useController();
  // One link at a time: the button waits for the engine's answer.
  const [sharing, setSharing] = useState(false);
  const hasSession = usePlayground((s) => s.view !== null);
  const title = usePlayground((s) => s.view?.setup.definition.title ?? 'session');
  // With no recorded turns a link "without turns" is the same link: it is not offered.
  const hasTurns = usePlayground((s) => (s.view?.turns.length ?? 0) > 0);
  const [shared, setShared] = useState<Shared | null>(null);
  // The dialog gives the focus back to the button when it closes.
  const buttonRef = useRef<HTMLButtonElement>(null);

  const make = async (withTurns: boolean, branches = true) => {
    setSharing(true);
    const r = await c.share({ turns: withTurns, branches }).finally(() => setSharing(false));
    if (!r) return;
    const scope = { withTurns, otherBranches: r.otherBranches, withBranches: r.withBranches };
    if (!r.fits) {
      setShared({ kind: 'too-large', length: r.length, limit: r.limit, ...scope, ...(r.reason !== undefined ? { reason: r.reason } : {}) });
      return;
    }
    const link = linkFor(r.fragment);
    setShared({ kind: 'link', link, length: r.length, ...scope, copied: await copy(link) });
  };
  const branchWords = (n: number) => `${n} other ${n === 1 ? 'branch' : 'branches'}`;

  const exportFile = () => {
    void c.exportText().then((text) => {
      if (text !== undefined) downloadSession(text, title);
    });
  };

  // Both answers (the link, or why there is none) end with the same Close.
  const closeButton = (
    <button type="button" className={SMALL_BUTTON} data-testid="share-close" onClick={() => setShared(null)}>
      Close
    </button>
  );

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        data-testid="share"
        className={TOP_BUTTON}
        disabled={!hasSession || sharing}
        onClick={() => void make(true)}
        title="Put the whole session in a link and copy it"
      >
        Share
      </button>
      {shared && (
        <ModalDialog testId="share-dialog" label="Share" onClose={() => setShared(null)} opener={buttonRef} panelClassName="w-[36rem]">
          {shared.kind === 'link' ? (
            <>
              <h2 className="mb-2 font-semibold">Share this session</h2>
              <p className="mb-2 text-slate-600 dark:text-slate-300" data-testid="share-status">
                {shared.copied ? 'The link is copied.' : 'Copy the link below.'} It holds the whole session
                {!hasTurns
                  ? ', with no turns recorded yet'
                  : shared.withTurns
                    ? ', with its recorded turns'
                    : ' without the recorded turns (they replay from the mock replies)'}
                {shared.withBranches ? ` and its ${branchWords(shared.otherBranches)}` : shared.otherBranches > 0 ? ', the open branch only' : ''} (
                {kilobytes(shared.length)}). It stays in the address fragment: nothing is sent to a server.
              </p>
              <input
                data-testid="share-link"
                aria-label="Share link"
                readOnly
                className="w-full rounded border border-slate-300 bg-slate-50 p-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
                value={shared.link}
                onFocus={(e) => e.currentTarget.select()}
              />
              <div className="mt-3 flex justify-end gap-2">
                <button type="button" className={SMALL_BUTTON} onClick={() => void copy(shared.link).then((ok) => setShared({ ...shared, copied: ok }))}>
                  Copy
                </button>
                {closeButton}
              </div>
            </>
          ) : (
            <>
              <h2 className="mb-2 font-semibold">Too large for a link</h2>
              <p className="mb-3 text-slate-600 dark:text-slate-300" data-testid="share-status">
                {shared.withTurns || !hasTurns ? 'This session' : 'Even without its recorded turns, this session'} needs {kilobytes(shared.length)} of link,
                more than the {kilobytes(shared.limit)} a link can safely carry. Export it as a file instead
                {shared.withBranches ? `, or share the open branch without its ${branchWords(shared.otherBranches)}` : ''}
                {shared.withTurns && hasTurns ? ', or share it without the recorded turns (the mock replies replay them)' : ''}.
              </p>
              {shared.reason !== undefined && shared.withBranches && (
                <p className="mb-3 text-slate-600 dark:text-slate-300" data-testid="share-reason">
                  {shared.reason.charAt(0).toUpperCase() + shared.reason.slice(1)}.
                </p>
              )}
              <div className="flex justify-end gap-2">
                <button type="button" className={SMALL_BUTTON} data-testid="share-export" onClick={exportFile}>
                  Export file
                </button>
                {shared.withBranches && (
                  <button type="button" className={SMALL_BUTTON} data-testid="share-open-branch" onClick={() => void make(shared.withTurns, false)}>
                    Link with the open branch only
                  </button>
                )}
                {shared.withTurns && hasTurns && (
                  <button type="button" className={SMALL_BUTTON} data-testid="share-without-turns" onClick={() => void make(false, shared.withBranches)}>
                    Link without turns
                  </button>
                )}
                {closeButton}
              </div>
            </>
          )}
        </ModalDialog>
      )}
    </>
  );
}
