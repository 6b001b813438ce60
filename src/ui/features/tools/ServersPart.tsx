// The session's MCP servers in the tool/ panel: each server's place and state (connecting, connected
// with its protocol revision and tool count, not connected, or why not), Connect (a URL that came
// with a link or a file confirmed first) / Refresh / Disconnect / Remove, and the tools it listed as
// tool/ shows them, each with Rename and Hide; then a form to add one by URL. Header values
// typed here are kept as API keys are (server-headers.ts: this page only, or remembered in this
// browser until forgotten), never in the store.
import { AddressConfirm } from '../../components/AddressConfirm.tsx';
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { ServerToolsView, ServerView, View } from '../../../worker/engine.ts';
import type { ServerToolView } from '../../../worker/views.ts';
import { useController, usePlayground } from '../../state/playground.tsx';
import { HINT, INPUT, LABEL, ProblemList } from '../../components/panel.tsx';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { parseHeaderLines } from './header-lines.ts';

const STATUS_TEXT: Record<ServerView['status'], string> = {
  connecting: 'connecting…',
  connected: 'connected',
  'not-connected': 'not connected',
  error: 'error',
};

const STATUS_STYLE: Record<ServerView['status'], string> = {
  connecting: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  connected: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  'not-connected': 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  error: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200',
};

/** The servers' states: the same array until one of them changes, so a Step does not render them again. */
function useServerStates(): readonly ServerView[] {
  const kept = useRef<{ key: string; servers: readonly ServerView[] }>({ key: '[]', servers: [] });
  return usePlayground((s) => {
    const servers = s.view?.servers ?? [];
    const key = JSON.stringify(servers);
    if (key !== kept.current.key) kept.current = { key, servers };
    return kept.current.servers;
  });
}

export function ServersPart({ view }: { view: View }) {
  const servers = useServerStates();
  const snapshots = view.setup.mcpServers;
  return (
    <div data-testid="servers" className="flex flex-col gap-1.5 border-t border-slate-200 pt-2 dark:border-slate-700">
      <h3 className="text-xs font-semibold text-slate-700 dark:text-slate-200">Servers</h3>
      {servers.length === 0 ? (
        <p className={HINT}>No MCP servers. Add one by its URL: the tools it lists join tool/, and programs call them as any tool.</p>
      ) : (
        <ol className="flex flex-col gap-1.5">
          {servers.map((s) => (
            <ServerItem key={s.name} server={s} tools={snapshots.find((x) => x.name === s.name)} />
          ))}
        </ol>
      )}
      <AddServer taken={servers.map((s) => s.name)} />
      <ServerUrlConfirm />
    </div>
  );
}

function ServerItem({ server: s, tools }: { server: ServerView; tools: ServerToolsView | undefined }) {
  const controller = useController();
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  const id = `server-${s.name}`;
  const listed = tools?.tools ?? [];
  const canConnect = s.transport === 'http' && s.url !== undefined && (s.status === 'not-connected' || s.status === 'error');
  return (
    <li data-testid={id} aria-label={`Server ${s.name}`} className="flex flex-col gap-1 rounded border border-slate-200 p-1.5 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="font-mono text-xs font-semibold">{s.name}</span>
        <span data-testid={`${id}-status`} className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ${STATUS_STYLE[s.status]}`}>
          {STATUS_TEXT[s.status]}
        </span>
        <span className="ml-auto flex gap-1">
          {s.status === 'connecting' && (
            <button type="button" className={SMALL_BUTTON} disabled>
              Connecting…
            </button>
          )}
          {canConnect && (
            <button
              type="button"
              data-testid={`${id}-connect`}
              className={SMALL_BUTTON}
              disabled={busy}
              aria-label={`Connect to server ${s.name}`}
              onClick={() => {
                const url = s.url ?? '';
                // A URL that came with a link or a file is shown and confirmed before the first request.
                if (controller.serverUrlUnconfirmed(url)) controller.store.getState().setConfirmingServer({ name: s.name, url });
                else act(() => controller.connectServer(s.name, url));
              }}
            >
              Connect
            </button>
          )}
          {s.status === 'connected' && (
            <button
              type="button"
              data-testid={`${id}-refresh`}
              className={SMALL_BUTTON}
              disabled={busy}
              aria-label={`Refresh the tools of server ${s.name}`}
              title="List the server's tools again (renamed and hidden ones stay so)"
              onClick={() => act(() => controller.refreshServer(s.name))}
            >
              Refresh
            </button>
          )}
          {s.status === 'connected' && (
            <button
              type="button"
              data-testid={`${id}-disconnect`}
              className={SMALL_BUTTON}
              disabled={busy}
              aria-label={`Disconnect from server ${s.name}`}
              onClick={() => act(() => controller.disconnectServer(s.name))}
            >
              Disconnect
            </button>
          )}
          <button
            type="button"
            data-testid={`${id}-remove`}
            className={SMALL_BUTTON}
            disabled={busy}
            aria-label={`Remove server ${s.name}`}
            onClick={() => act(() => controller.removeServer(s.name))}
          >
            Remove
          </button>
        </span>
      </div>
      <p data-testid={`${id}-place`} className="break-all font-mono text-[11px] text-slate-600 dark:text-slate-300">
        {s.transport === 'http' ? s.url : 'stdio'}
      </p>
      {s.url !== undefined && <KeptHeaders name={s.name} url={s.url} />}
      {s.status === 'connected' && (
        <p data-testid={`${id}-details`} className={HINT}>
          {s.toolCount ?? 0} {s.toolCount === 1 ? 'tool' : 'tools'}
          {s.protocolVersion !== undefined ? ` · protocol ${s.protocolVersion}` : ''}
          {s.via !== undefined ? ` · ${s.via}` : ''}
        </p>
      )}
      {s.status === 'error' && s.error !== undefined && <ProblemList problems={[s.error]} testId={`${id}-error`} />}
      {s.status === 'not-connected' && (
        <p data-testid={`${id}-hint`} className={HINT}>
          {s.transport === 'stdio'
            ? `A stdio server: serve it for this page with ptc bridge '${s.name}=COMMAND …' and add the URL it prints under this name. `
            : ''}
          Not connected: programs' calls of its tools are answered from the recorded turns, or fail.
        </p>
      )}
      <ProblemList problems={s.skipped ?? []} kind="warning" testId={`${id}-skipped`} />
      {listed.length > 0 && (
        <ul data-testid={`${id}-tools`} className="flex flex-col gap-0.5">
          {listed.map((t) => (
            <ServerTool key={t.toolName ?? t.name} server={s.name} tool={t} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** One of a server's tools as tool/ shows it, with Rename (`as`) and Hide / Show. */
function ServerTool({ server, tool: t }: { server: string; tool: ServerToolView }) {
  const controller = useController();
  const own = t.toolName ?? t.name;
  const [editing, setEditing] = useState(false);
  const [as, setAs] = useState(t.name);
  const [error, setError] = useState<string | null>(null);
  const id = `server-${server}-tool-${own}`;
  const change = async (c: { as?: string; hidden?: boolean }): Promise<boolean> => {
    const r = await controller.setServerTool(server, own, c);
    setError(r.ok ? null : (r.error ?? 'The change was not made'));
    return r.ok;
  };
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (await change({ as })) setEditing(false);
  };
  return (
    <li data-testid={id} className="flex flex-col text-[11px]">
      <div className="flex flex-wrap items-baseline gap-x-1">
        <span data-testid={`${id}-line`} className={t.hidden === true ? 'opacity-50' : ''}>
          <code className="font-mono text-slate-800 dark:text-slate-100">{t.callForm}</code>{' '}
          <span className="font-mono text-slate-500 dark:text-slate-400">; {t.signature}</span>
          {t.description !== undefined && <span className="text-slate-600 dark:text-slate-300"> — {t.description}</span>}
          {t.toolName !== undefined && <span className={HINT}> (the server's {t.toolName})</span>}
          {t.hidden === true && <span className={HINT}> (hidden)</span>}
        </span>
        <span className="ml-auto flex gap-1">
          <button
            type="button"
            data-testid={`${id}-rename`}
            className={SMALL_BUTTON}
            aria-label={`Rename tool ${own} of server ${server}`}
            onClick={() => {
              setAs(t.name);
              setEditing(!editing);
            }}
          >
            Rename
          </button>
          <button
            type="button"
            data-testid={`${id}-hide`}
            className={SMALL_BUTTON}
            aria-label={`${t.hidden === true ? 'Show' : 'Hide'} tool ${own} of server ${server}`}
            title={t.hidden === true ? 'Give it back to tool/ and to programs' : 'Leave it out of tool/ and of what programs may call'}
            onClick={() => void change({ hidden: t.hidden !== true })}
          >
            {t.hidden === true ? 'Show' : 'Hide'}
          </button>
        </span>
      </div>
      {editing && (
        <form className="flex items-center gap-1" aria-label={`Rename tool ${own}`} onSubmit={(e) => void rename(e)}>
          <label className={`${LABEL} flex-row items-center gap-1`}>
            tool/
            <input
              data-testid={`${id}-as`}
              className={`${INPUT} font-mono`}
              value={as}
              spellCheck={false}
              aria-label={`Name programs call tool ${own} of server ${server} by (empty: its own)`}
              onChange={(e) => setAs(e.target.value)}
            />
          </label>
          <button type="submit" data-testid={`${id}-save`} className={SMALL_BUTTON}>
            Save
          </button>
        </form>
      )}
      {error !== null && <ProblemList problems={[error]} testId={`${id}-error`} />}
    </li>
  );
}

/**
 * Before Connect first reaches a server whose URL came with a link, a file or a saved session, the
 * person sees the URL and says yes: the page's requests (and the header values kept for it) would go
 * there.
 */
function ServerUrlConfirm() {
  const controller = useController();
  const confirming = usePlayground((s) => s.confirmingServer);
  if (confirming === null) return null;
  const s = controller.store.getState;
  const cancel = () => {
    s().setConfirmingServer(null);
    s().setNotice({ kind: 'info', text: `Nothing was sent to ${confirming.url}. Press Connect again to confirm it, or remove the server.` });
  };
  const confirm = () => {
    s().setConfirmingServer(null);
    controller.confirmServerUrl(confirming.url);
    void controller.connectServer(confirming.name, confirming.url);
  };
  return (
    <AddressConfirm
      testId="server-url-confirm"
      title="Connect to this server?"
      lead={`The URL of the MCP server ${confirming.name} came with the session (from a link or a file), not from you:`}
      address={confirming.url}
      risk="Connecting sends requests there from this page, with any header values kept for it, and programs' calls send it their arguments. Connect only if you trust this server."
      confirmLabel="Connect to this address"
      confirmId="connect"
      onCancel={cancel}
      onConfirm={confirm}
    />
  );
}

/** Where a server's header values are kept, as the LLM panel shows an API key's: the names only, never the values. */
function KeptHeaders({ name, url }: { name: string; url: string }) {
  const { serverHeaders } = useController();
  useSyncExternalStore(serverHeaders.subscribe, serverHeaders.snapshot);
  const ids = useId();
  const headers = serverHeaders.get(name, url);
  if (headers === undefined) return null;
  const remembered = serverHeaders.isRemembered(name, url);
  const id = `server-${name}-headers`;
  return (
    <div data-testid={id} className="flex flex-col gap-0.5">
      <div role="radiogroup" aria-label={`Where the header values of ${name} are kept`} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs">
        <span className="font-mono text-[11px]" data-testid={`${id}-names`}>
          {Object.keys(headers).join(', ')}
        </span>
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name={`${ids}-keep`}
            data-testid={`${id}-memory`}
            checked={!remembered}
            onChange={() => serverHeaders.setRemember(name, url, false)}
          />
          this page only
        </label>
        <label className="flex items-center gap-1" title={serverHeaders.canRemember() ? undefined : 'This browser refuses localStorage here'}>
          <input
            type="radio"
            name={`${ids}-keep`}
            data-testid={`${id}-remember`}
            checked={remembered}
            disabled={!serverHeaders.canRemember()}
            onChange={() => serverHeaders.setRemember(name, url, true)}
          />
          remember in this browser
        </label>
        {remembered && (
          <button
            type="button"
            data-testid={`${id}-forget`}
            className={SMALL_BUTTON}
            title="Remove the header values from this browser's storage and from this page"
            onClick={() => serverHeaders.forget(name, url)}
          >
            Forget headers
          </button>
        )}
      </div>
      {remembered && (
        <p className={HINT} data-testid={`${id}-remembered`}>
          Remembered in this browser (localStorage) until you forget them.
        </p>
      )}
    </div>
  );
}

/** Adds a server by name and URL and connects to it; a name the session has gets connected again. */
function AddServer({ taken }: { taken: readonly string[] }) {
  const controller = useController();
  const ids = useId();
  const [name, setName] = useState('');
  const [remember, setRemember] = useState(false);
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = parseHeaderLines(headers);
    if (!lines.ok) return setError(`Headers, ${lines.error}`);
    if (name.trim() === '' || url.trim() === '') return setError('Give the server a name and its URL');
    setError(null);
    setBusy(true);
    const added = name.trim();
    try {
      const r = await controller.connectServer(added, url.trim(), lines.headers, remember);
      // Refused before it was added (a bad name or URL): said here, the form kept as typed.
      if (!r.ok && !controller.store.getState().view?.servers.some((s) => s.name === added)) return setError(r.error ?? 'The server was not added');
      // Typed here: the person vouches for it, as for a base URL typed in the LLM panel.
      controller.confirmServerUrl(url.trim());
      setName('');
      setUrl('');
      setHeaders('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form data-testid="server-add-form" aria-label="Add an MCP server" className="flex flex-col gap-1" onSubmit={(e) => void submit(e)}>
      <div className="grid grid-cols-[1fr_2fr] gap-1.5">
        <label className={LABEL}>
          Name
          <input
            data-testid="server-add-name"
            className={`${INPUT} font-mono`}
            value={name}
            placeholder="everything"
            spellCheck={false}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className={LABEL}>
          URL
          <input
            data-testid="server-add-url"
            type="url"
            inputMode="url"
            className={`${INPUT} font-mono`}
            value={url}
            placeholder="http://127.0.0.1:3001/mcp"
            spellCheck={false}
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
      </div>
      <label className={LABEL}>
        Headers (optional, one per line)
        <textarea
          data-testid="server-add-headers"
          className={`${INPUT} resize-y font-mono`}
          rows={1}
          value={headers}
          placeholder="Authorization: Bearer …"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setHeaders(e.target.value)}
        />
      </label>
      <div role="radiogroup" aria-label="Where the header values are kept" className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs">
        <label className="flex items-center gap-1">
          <input type="radio" name={`${ids}-keep`} data-testid="server-add-memory" checked={!remember} onChange={() => setRemember(false)} />
          this page only
        </label>
        <label className="flex items-center gap-1" title={controller.serverHeaders.canRemember() ? undefined : 'This browser refuses localStorage here'}>
          <input
            type="radio"
            name={`${ids}-keep`}
            data-testid="server-add-remember"
            checked={remember}
            disabled={!controller.serverHeaders.canRemember()}
            onChange={() => setRemember(true)}
          />
          remember in this browser
        </label>
      </div>
      <p className={HINT} data-testid="server-add-headers-hint">
        Sent with this server's requests only: never saved in the session, an export or a share link. This page only: a reload forgets them.
      </p>
      {error !== null && <ProblemList problems={[error]} testId="server-add-error" />}
      <div>
        <button type="submit" data-testid="server-add" className={SMALL_BUTTON} disabled={busy}>
          {taken.includes(name.trim()) ? 'Connect again' : 'Add and connect'}
        </button>
      </div>
    </form>
  );
}
