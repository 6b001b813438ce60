// `ptc bridge 'NAME=COMMAND ARG…'`: a stdio MCP server made reachable from the playground's page,
// which can only speak HTTP, as the MCP Inspector's proxy does for the Inspector. The server runs
// here (bridge-server.ts); this file reads the arguments, prints the URL and waits for the end.
import { defineCommand } from './args.ts';
import { BridgeStartError, startBridge } from './bridge-server.ts';
import { UsageError } from './common.ts';
import { EXIT } from './io.ts';
import { parseNamedCommand } from './shell-words.ts';

/** The pages of the dev server (`npm run dev`, vite's default port 5173, bound to 127.0.0.1). */
export const DEFAULT_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** How long the server has to answer its first ping (a first `npx -y` may download it). */
const READY_TIMEOUT_MS = 60_000;

/**
 * Whether a stop request comes within a moment of the server's end. Ctrl+C in a terminal reaches
 * the whole process group, so the server may end of it just before the bridge hears of it: that is
 * a stop, not a crash.
 */
async function stopFollows(stopped: Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const moment = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 250)));
  try {
    return await Promise.race([stopped.then(() => true), moment]);
  } finally {
    clearTimeout(timer);
  }
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port takes a port number from 0 to 65535, 0 for a free one (got ${text})`);
  return port;
}

/** An origin as browsers send it: scheme, host and port, no path (`http://localhost:5173`). */
function parseOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--origin takes a page's origin such as http://localhost:5173 (got ${text})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--origin takes an http: or https: origin such as http://localhost:5173 (got ${text})`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new UsageError(`--origin takes only scheme, host and port, as in ${url.origin} (got ${text})`);
  }
  return url.origin;
}

export const bridgeCommand = defineCommand({
  name: 'bridge',
  summary: "serve a stdio MCP server over HTTP on 127.0.0.1, for the playground's page; prints the URL to add",
  usage: ["'NAME=COMMAND ARG…' [--port N] [--origin ORIGIN]..."],
  description:
    "Starts the stdio MCP server COMMAND and serves it over MCP Streamable HTTP at http://127.0.0.1:PORT/mcp, the URL to add as an HTTP server in the playground. The URL is the one line on stdout, printed once the server answered a ping; notes and the server's stderr go to stderr. Messages pass through unread in both directions. COMMAND ARG… is split into words as a POSIX shell would (quotes, backslashes), but no shell runs it: $VARIABLES, ~ and globs stay as written.\nThe server gets only HOME, LOGNAME, PATH, SHELL, TERM and USER from the environment (the MCP SDK's default), never API keys kept there. The bridge listens on 127.0.0.1 only, answers only requests addressed to 127.0.0.1 or localhost, and only pages of the --origin origins (or programs, which send no Origin) may call it.\nEach HTTP session gets a fresh server process: a new initialize (a page reload, another tab) ends the previous session and its process, so nothing of one page reaches the next.",
  positionals: [
    {
      name: "'NAME=COMMAND ARG…'",
      description: 'the server: NAME (a PTC-Lisp symbol, for the notes), then its command line, in one argument',
      required: true,
      missing: "give the server as one argument, as in ptc bridge 'everything=npx -y @modelcontextprotocol/server-everything stdio'",
    },
  ],
  options: {
    port: { type: 'string', value: 'N', default: '0', description: 'the port to listen on, on 127.0.0.1; 0 picks a free one' },
    origin: {
      type: 'string',
      multiple: true,
      value: 'ORIGIN',
      description: `a page allowed to call the bridge (CORS), as browsers send it; may be repeated (default: the dev server's, ${DEFAULT_ORIGINS.join(' and ')})`,
    },
  },
  exitCodes: [
    [0, 'stopped by Ctrl+C or SIGTERM (the server is stopped too)'],
    [3, `the server could not be started, did not answer a ping within ${READY_TIMEOUT_MS / 1000} s, or ended by itself (why is on stderr)`],
  ],
  async run({ values, positionals }, io) {
    const server = parseNamedCommand(positionals[0], 'ptc bridge');
    const port = parsePort(values.port);
    const origins = (values.origin.length > 0 ? values.origin : DEFAULT_ORIGINS).map(parseOrigin);
    let stopping = false;
    let requestStop!: () => void;
    const stopped = new Promise<void>((resolve) => (requestStop = resolve));
    const onSignal = () => {
      if (stopping) io.quit?.(EXIT.interrupted);
      stopping = true;
      requestStop();
    };
    const stopListening = [io.onInterrupt?.(onSignal), io.onTerminate?.(onSignal)];
    try {
      const bridge = await startBridge({ ...server, port, origins, stderr: io.stderr, readyTimeoutMs: READY_TIMEOUT_MS });
      try {
        const start = await Promise.race([
          bridge.ready.then(
            () => 'ready' as const,
            (e: unknown) => {
              if (e instanceof BridgeStartError) return e;
              throw e;
            },
          ),
          stopped.then(() => 'stopped' as const),
        ]);
        if (start === 'stopped') return EXIT.ok;
        if (start instanceof BridgeStartError) {
          if (await stopFollows(stopped)) return EXIT.ok;
          io.stderr.write(`ptc bridge: ${start.message}\n`);
          return EXIT.serverEnded;
        }
        io.stdout.write(bridge.url + '\n');
        io.stderr.write(
          `ptc bridge: ${server.name} (pid ${bridge.pid() ?? '?'}) is served at ${bridge.url}; add that URL as an HTTP server in the playground\n` +
            `ptc bridge: pages allowed: ${origins.join(', ')} (--origin adds others); Ctrl+C stops it\n`,
        );
        const end = await Promise.race([bridge.ended, stopped.then(() => undefined)]);
        if (end === undefined || (await stopFollows(stopped))) return EXIT.ok;
        io.stderr.write(`ptc bridge: ${end}; stopping\n`);
        return EXIT.serverEnded;
      } finally {
        if (stopping) io.stderr.write('ptc bridge: stopping (Ctrl+C again to quit at once)\n');
        await bridge.close();
      }
    } finally {
      for (const off of stopListening) off?.();
    }
  },
});
