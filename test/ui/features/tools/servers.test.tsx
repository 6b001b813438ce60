// @vitest-environment happy-dom
// The tool/ panel's Servers part: adding a server by URL shows it connecting, then connected with
// its protocol revision, tool count and tools; Disconnect, Connect and Remove; a refused request
// says what the server must send or to use ptc bridge; what cannot be sent is said at the form; each
// tool call in the turn view names its server; header values reach the server's connection only,
// never the store's session, its autosave, an export or a link.
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpTarget } from '../../../../src/agent/mcp-connection.ts';
import type { McpServerRecord, McpToolSnapshot } from '../../../../src/records/mcp-tools.ts';
import { ToolsPanel } from '../../../../src/ui/features/tools/ToolsPanel.tsx';
import { TurnList } from '../../../../src/ui/features/turns/TurnList.tsx';
import { ReplPane } from '../../../../src/ui/features/repl/ReplPane.tsx';
import { HEADERS_STORAGE_PREFIX, ServerHeaders } from '../../../../src/ui/state/server-headers.ts';
import type { PlaygroundController } from '../../../../src/ui/state/controller.ts';
import type { PersistenceRef } from '../../../../src/ui/state/store.ts';
import { Engine } from '../../../../src/worker/engine.ts';
import type { LiveServersOptions, McpConnector } from '../../../../src/worker/mcp-servers.ts';
import { typeInto, waitForDefaultExample } from '../../app-helpers.tsx';
import { textOf } from '../../harness.tsx';
import { renderPanel } from '../../panel-helpers.tsx';
import { freshSessions, renderTab } from '../../persistence-helpers.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const TOKEN = 'Bearer tok-LEAKCHECK-c0ffee';
const URL_ = 'http://127.0.0.1:3001/mcp';

const TOOLS: McpToolSnapshot[] = [
  {
    name: 'add',
    description: 'Adds two integers.',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  },
  { name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } },
  { name: 'wait', inputSchema: { type: 'object' } },
];

/** A server the engine reaches through the test's connector: each connect can be held, each target is kept. */
function fakeMcp() {
  const targets: McpTarget[] = [];
  let held: Promise<void> | null = null;
  const connect: McpConnector = async ([target]) => {
    targets.push(target);
    if (held !== null) await held;
    return {
      states: [{ name: target.name, connected: true, tools: TOOLS, skipped: [], protocolVersion: '2025-06-18', via: 'streamable-http' }],
      connected: (server) => server === target.name,
      callTool: (_server, tool, args, signal) => {
        // `wait` answers only when aborted, as a server that takes too long.
        if (tool === 'wait') return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
        const { a, b } = JSON.parse(args) as { a: number; b: number };
        return Promise.resolve({ content: [{ type: 'text', text: String(a + b) }] });
      },
      // As the real client: the tools listed now, with the names and hiding the session gave them.
      records: (servers: readonly McpServerRecord[]) =>
        servers.map((s) => ({
          ...s,
          tools: TOOLS.map((t) => {
            const old = s.tools.find((x) => x.name === t.name);
            return { ...t, ...(old?.as !== undefined ? { as: old.as } : {}), ...(old?.hidden === true ? { hidden: true } : {}) };
          }),
        })),
      close: () => Promise.resolve(),
    };
  };
  return {
    targets,
    engine:
      (options: LiveServersOptions = {}) =>
      () =>
        new Engine({}, { connect, ...options }),
    /** Holds the next connects until the returned function is called. */
    hold(): () => void {
      let release = (): void => undefined;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
  };
}

const byId = (id: string) => screen.getByTestId(id);
const toolLines = (server: string) =>
  within(byId(`server-${server}-tools`))
    .getAllByTestId(/-line$/)
    .map((t) => t.textContent);

async function addServer(user: ReturnType<typeof userEvent.setup>, name: string, url: string, headers = '', remember = false): Promise<void> {
  await typeInto(user, byId('server-add-name'), name);
  await typeInto(user, byId('server-add-url'), url);
  if (headers !== '') await typeInto(user, byId('server-add-headers'), headers);
  if (remember) await user.click(byId('server-add-remember'));
  await user.click(byId('server-add'));
}

describe('Servers', () => {
  it('adds a server by URL: connecting, then connected with its protocol, tool count and tools as tool/ shows them', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    expect(within(byId('servers')).getByText(/No MCP servers/)).toBeTruthy();
    const release = mcp.hold();
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connecting…'));
    expect(byId('server-calc-place').textContent).toBe(URL_);
    release();
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(byId('server-calc-details').textContent).toBe('3 tools · protocol 2025-06-18 · streamable-http');
    expect(toolLines('calc')).toEqual([
      '(tool/add a b) ; (a :int, b :int) -> :any — Adds two integers.',
      '(tool/echo message) ; (message :string?) -> :any',
      '(tool/wait) ; () -> :any',
    ]);
    // The form is cleared for the next one; the session's tool/ section shows the server's tools.
    expect((byId('server-add-name') as HTMLInputElement).value).toBe('');
    expect(h.view().compressed.messages[1].content).toMatch(/\(tool\/add a b\) +; \(a :int, b :int\) -> :any -- Adds two integers\./);
  });

  it('Disconnect, Connect (the header values given before go again) and Remove', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    await addServer(user, 'calc', URL_, `Authorization: ${TOKEN}`);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    await user.click(screen.getByRole('button', { name: 'Disconnect from server calc' }));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('not connected'));
    expect(byId('server-calc-hint').textContent).toMatch(/answered from the recorded turns/);
    // What it listed stays shown: the session keeps its snapshot.
    expect(within(byId('server-calc-tools')).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Connect to server calc' }));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(mcp.targets.map((t) => t.headers?.Authorization)).toEqual([TOKEN, TOKEN]);
    await user.click(screen.getByRole('button', { name: 'Remove server calc' }));
    await waitFor(() => expect(screen.queryByTestId('server-calc')).toBeNull());
    expect(h.view().servers).toEqual([]);
    expect(h.view().compressed.messages[1].content).not.toContain('tool/add');
  });

  it('each tool call of a turn names its server beside its time', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(
      <>
        <ToolsPanel />
        <TurnList />
      </>,
      'reviews-and-inventory.json',
      mcp.engine(),
    );
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    h.store.getState().setNextReply('```clojure\n(tool/add 2 40)\n```');
    await act(() => h.controller.step());
    const turn = await screen.findByTestId('turn-1');
    expect(within(turn).getByTestId('turn-tool-calls').textContent).toContain('=> "42"');
    expect(within(turn).getByTestId('tool-call-server').textContent).toBe('calc · ');
    expect(within(turn).getByTestId('tool-call-time').textContent).toMatch(/^calc · \d/);
  });

  it('the REPL calls a connected server live', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    await renderPanel(
      <>
        <ToolsPanel />
        <ReplPane />
      </>,
      'reviews-and-inventory.json',
      mcp.engine(),
    );
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    await typeInto(user, byId('repl-input'), '(tool/add 2 40)');
    await user.click(byId('repl-eval'));
    await waitFor(() => expect(byId('repl-output').textContent).toBe('"42"'));
  });

  it('Stop while a turn waits on its calls aborts them: no turn, no restart, the server still connected', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    h.store.getState().setNextReply('```clojure\n(tool/wait)\n```');
    const stepping = h.controller.step();
    await waitFor(() => expect(h.store.getState().machine.calls.turn).toBe(1));
    await act(() => h.controller.stop());
    await act(() => stepping);
    expect(h.store.getState().notice).toEqual({ kind: 'info', text: 'Stopped: the tool calls in flight were aborted and the turn was not made' });
    expect(h.view().turns).toEqual([]);
    // A restarted worker would have no connection: this one still has it.
    expect(h.view().servers[0].status).toBe('connected');
    expect(h.store.getState().machine.phase).toBe('idle');
  });

  it('Stop while a REPL input waits on its calls aborts them: the input answers with the error, no restart', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    const evaluating = h.controller.repl('(tool/wait)');
    await waitFor(() => expect(h.store.getState().machine.calls.other).toBe(1));
    expect(h.controller.canStop().ok).toBe(true);
    await act(() => h.controller.stop());
    await act(() => evaluating);
    expect(h.store.getState().machine.calls.other).toBe(0);
    expect(JSON.stringify(h.store.getState().repl.at(-1))).toContain('stopped');
    // A restarted worker would have no connection: this one still has it.
    expect(h.view().servers[0].status).toBe('connected');
  });

  it('a restarted engine connects again the servers this page had connected, with their header values', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    await addServer(user, 'calc', URL_, `Authorization: ${TOKEN}`);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    await act(() => h.client.restart());
    await waitFor(() => expect(mcp.targets).toHaveLength(2));
    expect(mcp.targets[1]).toMatchObject({ name: 'calc', url: URL_, headers: { Authorization: TOKEN } });
    await waitFor(() => expect(h.view().servers[0].status).toBe('connected'));
  });

  it('a request the browser refused says what the server must send, or to serve it with ptc bridge', async () => {
    const user = userEvent.setup();
    // The real client, whose every request the "browser" refuses as it refuses a cross-origin one.
    const refused: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', () => new Engine({}, { fetch: refused, origin: 'http://127.0.0.1:4173' }));
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('error'), { timeout: 5000 });
    const error = byId('server-calc-error').textContent ?? '';
    expect(error).toContain(`The browser could not reach ${URL_}`);
    expect(error).toContain('Access-Control-Allow-Origin');
    expect(error).toContain('expose Mcp-Session-Id');
    expect(error).toContain("ptc bridge 'calc=COMMAND …' --origin http://127.0.0.1:4173");
    // It stays in the session, to connect again once the server is fixed.
    expect(screen.getByRole('button', { name: 'Connect to server calc' })).toBeTruthy();
  });

  it('says at the form what cannot be sent: a header line without a name, a bad URL; nothing is added', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    await addServer(user, 'calc', URL_, 'just-a-token');
    await waitFor(() => expect(byId('server-add-error').textContent).toBe('Headers, line 1: expected "Header: value", with a header name before the colon'));
    expect(byId('server-add-error').textContent).not.toContain('just-a-token');
    await user.clear(byId('server-add-headers'));
    await user.clear(byId('server-add-url'));
    await typeInto(user, byId('server-add-url'), 'http://192.0.2.7/mcp');
    await user.click(byId('server-add'));
    await waitFor(() => expect(byId('server-add-error').textContent).toMatch(/only on localhost or 127\.0\.0\.1/));
    expect((byId('server-add-name') as HTMLInputElement).value).toBe('calc');
    expect(mcp.targets).toEqual([]);
    expect(h.view().servers).toEqual([]);
  });
});

describe('header values', () => {
  it("reach the server's connection, never the store's session, its autosave, an export or a link", async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const { sessions } = freshSessions();
    const h = renderTab({ sessions, engine: mcp.engine() });
    await waitForDefaultExample();
    await addServer(user, 'calc', URL_, `Authorization: ${TOKEN}\nX-Team: blue-LEAKCHECK`);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(mcp.targets[0].headers).toEqual({ Authorization: TOKEN, 'X-Team': 'blue-LEAKCHECK' });
    // Autosave wrote the session with its server, and nothing of the headers.
    await waitFor(async () => {
      const { persistence, view } = h.store.getState();
      const record = await sessions.get(persistence?.id ?? '');
      expect(record?.text).toBe(textOf(view));
      expect(record?.text).toContain('"mcpServers"');
    });
    const { persistence, view } = h.store.getState();
    const saved = (await sessions.get(persistence?.id ?? ''))?.text ?? '';
    const exported = await h.controller.exportText();
    const link = await h.controller.share(true);
    const everything = JSON.stringify([saved, textOf(view), view, exported, link, h.store.getState()]);
    expect(everything).not.toContain('LEAKCHECK');
    expect(JSON.parse(saved).mcpServers[0]).toEqual({ name: 'calc', transport: 'http', url: URL_, tools: expect.any(Array) });
  });

  it('a server that quotes them in its refusal: the error shown, the store and the page have them redacted', async () => {
    const user = userEvent.setup();
    const echoing: McpConnector = ([target]) => Promise.reject(new Error(`HTTP 401: ${target.headers?.Authorization ?? ''} is not allowed`));
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', () => new Engine({}, { connect: echoing }));
    await addServer(user, 'calc', URL_, `Authorization: ${TOKEN}`);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('error'));
    expect(byId('server-calc-error').textContent).toBe('HTTP 401: [redacted] is not allowed');
    expect(JSON.stringify([h.store.getState(), await h.controller.exportText()])).not.toContain('LEAKCHECK');
    expect(document.body.textContent).not.toContain('LEAKCHECK');
  });
});

describe("a server's tools", () => {
  it('Rename (checked as a symbol, a clash said), Hide and Show change tool/ as the LLM sees it; Refresh keeps them', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    const llmSees = () => h.view().compressed.messages[1].content;
    await user.click(screen.getByRole('button', { name: 'Rename tool add of server calc' }));
    const as = byId('server-calc-tool-add-as');
    await user.clear(as);
    await typeInto(user, as, 'two words');
    await user.click(byId('server-calc-tool-add-save'));
    await waitFor(() => expect(byId('server-calc-tool-add-error').textContent).toMatch(/"two words" cannot be a tool's name/));
    await user.clear(as);
    await typeInto(user, as, 'echo');
    await user.click(byId('server-calc-tool-add-save'));
    await waitFor(() => expect(byId('server-calc-tool-add-error').textContent).toMatch(/clashes with .*rename one with "as"/));
    await user.clear(as);
    await typeInto(user, as, 'plus');
    await user.click(byId('server-calc-tool-add-save'));
    await waitFor(() => expect(screen.queryByTestId('server-calc-tool-add-as')).toBeNull());
    expect(screen.queryByTestId('server-calc-tool-add-error')).toBeNull();
    expect(toolLines('calc')[0]).toBe("(tool/plus a b) ; (a :int, b :int) -> :any — Adds two integers. (the server's add)");
    expect(llmSees()).toContain('(tool/plus a b)');
    await user.click(screen.getByRole('button', { name: 'Hide tool echo of server calc' }));
    await waitFor(() => expect(toolLines('calc')[1]).toBe('(tool/echo message) ; (message :string?) -> :any (hidden)'));
    expect(llmSees()).not.toContain('tool/echo');
    // Saved with the session: its snapshot holds them.
    const saved = JSON.parse((await h.controller.exportText()) ?? '{}') as { mcpServers: { tools: { name: string; as?: string; hidden?: boolean }[] }[] };
    expect(saved.mcpServers[0].tools.map((t) => [t.name, t.as ?? null, t.hidden ?? false])).toEqual([
      ['add', 'plus', false],
      ['echo', null, true],
      ['wait', null, false],
    ]);
    await user.click(screen.getByRole('button', { name: 'Refresh the tools of server calc' }));
    await waitFor(() => expect(mcp.targets).toHaveLength(2));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(toolLines('calc').slice(0, 2)).toEqual([
      "(tool/plus a b) ; (a :int, b :int) -> :any — Adds two integers. (the server's add)",
      '(tool/echo message) ; (message :string?) -> :any (hidden)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show tool echo of server calc' }));
    await waitFor(() => expect(llmSees()).toContain('(tool/echo message)'));
  });
});

describe('where header values are kept', () => {
  const storedKeys = () => Object.keys(localStorage).filter((k) => k.startsWith(HEADERS_STORAGE_PREFIX));

  it('this page only by default: nothing in storage, a new page has none; the item names the headers, never their values', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    expect((byId('server-add-memory') as HTMLInputElement).checked).toBe(true);
    await addServer(user, 'calc', URL_, `Authorization: ${TOKEN}`);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(storedKeys()).toEqual([]);
    expect(new ServerHeaders().get('calc', URL_)).toBeUndefined();
    expect(byId('server-calc-headers-names').textContent).toBe('Authorization');
    expect(byId('server-calc-headers').textContent).not.toContain('LEAKCHECK');
    expect((byId('server-calc-headers-memory') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('server-calc-headers-forget')).toBeNull();
    // Switched to "remember" at the server, they go to storage; back to "this page only", they leave it.
    await user.click(byId('server-calc-headers-remember'));
    expect(storedKeys()).toHaveLength(1);
    await user.click(byId('server-calc-headers-memory'));
    expect(storedKeys()).toEqual([]);
    expect(byId('server-calc-headers-names').textContent).toBe('Authorization');
  });

  it('remembered in this browser when asked: a new page sends them on Connect, until Forget removes them everywhere', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    await addServer(user, 'calc', URL_, `Authorization: ${TOKEN}`, true);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(storedKeys()).toEqual([`${HEADERS_STORAGE_PREFIX}calc ${URL_}`]);
    expect(byId('server-calc-headers-remembered').textContent).toBe('Remembered in this browser (localStorage) until you forget them.');
    // Another page of this browser (a new key store over the same storage) has them, for this name and URL only.
    const later = new ServerHeaders();
    expect(later.get('calc', URL_)).toEqual({ Authorization: TOKEN });
    expect(later.get('calc', 'http://127.0.0.1:3002/mcp')).toBeUndefined();
    expect(later.get('other', URL_)).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Disconnect from server calc' }));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('not connected'));
    await user.click(byId('server-calc-headers-forget'));
    expect(storedKeys()).toEqual([]);
    expect(screen.queryByTestId('server-calc-headers')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Connect to server calc' }));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(mcp.targets.map((t) => t.headers?.Authorization)).toEqual([TOKEN, undefined]);
    expect(JSON.stringify(h.store.getState())).not.toContain('LEAKCHECK');
  });

  it('Remove forgets them, remembered ones too; without storage "remember" is not offered', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    await addServer(user, 'calc', URL_, `Authorization: ${TOKEN}`, true);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    await user.click(screen.getByRole('button', { name: 'Remove server calc' }));
    await waitFor(() => expect(screen.queryByTestId('server-calc')).toBeNull());
    expect(storedKeys()).toEqual([]);
    const none = new ServerHeaders(null);
    none.set('calc', URL_, { Authorization: TOKEN }, true);
    expect(none.get('calc', URL_)).toEqual({ Authorization: TOKEN });
    expect(none.canRemember()).toBe(false);
    expect(none.isRemembered('calc', URL_)).toBe(false);
  });
});

describe("a server's URL from a link or a file", () => {
  /** A session file and a share link naming `calc` at URL_, made by adding it here; then this browser forgets everything. */
  async function sessionWithServer(user: ReturnType<typeof userEvent.setup>, h: { controller: PlaygroundController }) {
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    const text = (await h.controller.exportText()) ?? '';
    const link = (await h.controller.share(true))?.fragment ?? '';
    localStorage.clear();
    return { text, link };
  }

  it('is shown and confirmed when Connect is first pressed: Cancel sends nothing, Connect to this address connects', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    const { text } = await sessionWithServer(user, h);
    await act(() => h.controller.open(text));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('not connected'));
    await user.click(screen.getByRole('button', { name: 'Connect to server calc' }));
    const dialog = await screen.findByTestId('server-url-confirm');
    expect(within(dialog).getByTestId('server-url-confirm-url').textContent).toBe(URL_);
    expect(within(dialog).getByText(/came with the session \(from a link or a file\), not from you/)).toBeTruthy();
    expect(document.activeElement).toBe(byId('server-url-confirm-cancel'));
    await user.click(byId('server-url-confirm-cancel'));
    expect(screen.queryByTestId('server-url-confirm')).toBeNull();
    expect(h.store.getState().notice?.text).toBe(`Nothing was sent to ${URL_}. Press Connect again to confirm it, or remove the server.`);
    expect(mcp.targets).toHaveLength(1);
    expect(byId('server-calc-status').textContent).toBe('not connected');
    // Asked again; confirmed, it connects, and later Connects of this session do not ask.
    await user.click(screen.getByRole('button', { name: 'Connect to server calc' }));
    await user.click(await screen.findByTestId('server-url-confirm-connect'));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(mcp.targets).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Disconnect from server calc' }));
    await user.click(await screen.findByRole('button', { name: 'Connect to server calc' }));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(screen.queryByTestId('server-url-confirm')).toBeNull();
    expect(mcp.targets).toHaveLength(3);
  });

  it('a link asks too; a saved session asks only for a URL this browser never confirmed; a typed one never asks', async () => {
    const user = userEvent.setup();
    const mcp = fakeMcp();
    const h = await renderPanel(<ToolsPanel />, 'reviews-and-inventory.json', mcp.engine());
    const { text, link } = await sessionWithServer(user, h);
    await act(() => h.controller.openLink(link));
    await user.click(await screen.findByRole('button', { name: 'Connect to server calc' }));
    expect(await screen.findByTestId('server-url-confirm')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('server-url-confirm')).toBeNull();
    const record: PersistenceRef = { id: 'saved-1', rev: 0 };
    await act(() => h.controller.openSaved(text, record));
    await user.click(await screen.findByRole('button', { name: 'Connect to server calc' }));
    await user.click(await screen.findByTestId('server-url-confirm-connect'));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    // Confirmed in this browser: the saved session reopened (after a reload) does not ask again.
    await act(() => h.controller.openSaved(text, record));
    await user.click(await screen.findByRole('button', { name: 'Connect to server calc' }));
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(screen.queryByTestId('server-url-confirm')).toBeNull();
    // Typed again under the same name in the form: the person's own, connected at once.
    await act(() => h.controller.open(text));
    await addServer(user, 'calc', URL_);
    await waitFor(() => expect(byId('server-calc-status').textContent).toBe('connected'));
    expect(screen.queryByTestId('server-url-confirm')).toBeNull();
  });
});
