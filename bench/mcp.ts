// npm run bench:mcp: what real tools cost, measured against local servers on 127.0.0.1.
//   (a) pmap: eight calls of a tool that takes 300 ms, side by side, against the same with map
//       (one after another), on the wire-format fake;
//   (b) one call: a call of server-everything's `echo` over Streamable HTTP against a call of a
//       session tool (a PTC-Lisp function), each in a program making 200 calls one after another;
//   (c) running again: a program that makes N calls one after another runs N + 1 times (lisp/run.ts
//       `runWithTools`); the interpreter's time over all passes against one pass, with calls
//       answered at once (a host tool), for a light program and for one with 20 ms of work before
//       its calls.
// Prints figures and exits 0: these are measurements, not tests.
import { applyReplyLive, initialStep, prepareAgent, type PreparedAgent } from '../src/agent/loop.ts';
import { McpConnections } from '../src/agent/mcp-connection.ts';
import type { HostTool } from '../src/agent/external-tools.ts';
import { run, runWithTools } from '../src/lisp/run.ts';
import type { Value } from '../src/lisp/values.ts';
import type { McpServerRecord } from '../src/records/mcp-tools.ts';
import { everythingHttp } from '../test/mcp/servers.ts';
import { slowTool, startFake } from '../test/mcp/fake-server.ts';

const now = (): number => performance.now();

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function agentOf(
  servers: McpServerRecord[],
  mcp: McpConnections | undefined,
  tools: { name: string; signature: string; impl: string }[] = [],
  hostTools: HostTool[] = [],
): PreparedAgent {
  const p = prepareAgent({
    mission: 'bench',
    tools,
    data: new Map(),
    maxTurns: 5,
    compression: true,
    mcpServers: servers,
    hostTools,
    limits: { timeoutMs: 60_000, maxLoopIterations: 100_000 },
    ...(mcp !== undefined ? { mcp } : {}),
  });
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.agent;
}

async function timeTurn(agent: PreparedAgent, program: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = now();
  const step = await applyReplyLive(agent, initialStep(), '```clojure\n' + program + '\n```', []);
  const turn = step.turns[0];
  if (!turn.success) throw new Error(`${program}: ${turn.error?.message ?? ''}`);
  return { ms: now() - t0, ok: turn.success };
}

async function pmapCase(): Promise<void> {
  const fake = await startFake({
    tools: [
      slowTool(
        {
          name: 'slow',
          inputSchema: { type: 'object', properties: { id: { type: 'integer' } } },
          call: (a) => ({ content: [{ type: 'text', text: String(a.id) }] }),
        },
        300,
      ),
    ],
  });
  const mcp = await McpConnections.connect([{ name: 'f', transport: 'http', url: fake.url }]);
  try {
    const agent = agentOf(mcp.records([{ name: 'f', transport: 'http', url: fake.url, tools: [] }]), mcp);
    const side = await timeTurn(agent, '(pmap #(tool/slow %) (range 8))');
    const most = fake.inFlight.most;
    const seq = await timeTurn(agent, '(mapv #(tool/slow %) (range 8))');
    console.log(`(a) 8 calls of a 300 ms tool: pmap ${side.ms.toFixed(0)} ms (${most} in flight at once), map ${seq.ms.toFixed(0)} ms`);
  } finally {
    await mcp.close();
    await fake.stop();
  }
}

async function callCostCase(): Promise<void> {
  const server = await everythingHttp();
  const mcp = await McpConnections.connect([{ name: 'everything', transport: 'http', url: server.url }]);
  try {
    const agent = agentOf(mcp.records([{ name: 'everything', transport: 'http', url: server.url, tools: [] }]), mcp, [
      { name: 'local-echo', signature: '(m :string) -> :string', impl: '(fn [m] (str "Echo: " m))' },
    ]);
    const N = 200;
    const remote: number[] = [];
    const local: number[] = [];
    for (let i = 0; i < 3; i++) {
      remote.push((await timeTurn(agent, `(doseq [i (range ${N})] (tool/echo {:message (str i)}))`)).ms / N);
      local.push((await timeTurn(agent, `(doseq [i (range ${N})] (tool/local-echo (str i)))`)).ms / N);
    }
    console.log(
      `(b) one call, median of 3 programs of ${N} calls one after another: server-everything echo over HTTP ${median(remote).toFixed(2)} ms, a session tool ${median(local).toFixed(4)} ms`,
    );
  } finally {
    await mcp.close();
    await server.stop();
  }
}

async function passesCase(): Promise<void> {
  const answerAtOnce: HostTool = { name: 'get', call: (args: readonly Value[]) => Promise.resolve(args[0]) };
  const tools = agentOf([], undefined, [], [answerAtOnce]).tools;
  const host = agentOf([], undefined, [], [answerAtOnce]).external.host;
  if (host === null) throw new Error('no host');
  // 20 ms of work before the calls: a loop, sized on this machine.
  const limits = { timeoutMs: 60_000, maxLoopIterations: 100_000_000 };
  const workOf = (n: number): string => `(loop [i 0 s 0] (if (< i ${n}) (recur (inc i) (+ s i)) s))`;
  let work = 100_000;
  for (;;) {
    const r = run({ program: workOf(work), limits });
    if (!r.ok) throw new Error(r.error.message);
    if (r.durationMs >= 20) break;
    work *= 2;
  }
  const cases = [
    ['light', (calls: string) => calls],
    ['20 ms of work in a top-level form before', (calls: string) => `(def w ${workOf(work)}) ${calls}`],
    ['20 ms of work in the same form', (calls: string) => `(let [w ${workOf(work)}] ${calls})`],
  ] as const;
  for (const [label, program] of cases) {
    for (const n of [1, 10, 100, 500]) {
      const calls = `(loop [i 0 acc 0] (if (< i ${n}) (recur (inc i) (+ acc (tool/get i))) acc))`;
      const onePass = run({ program: program(calls.replace('(tool/get i)', 'i')), limits });
      const t0 = now();
      const r = await runWithTools({ program: program(calls), tools, limits }, host);
      const wall = now() - t0;
      if (!r.ok) throw new Error(r.error.message);
      console.log(
        `(c) ${label}, ${n} calls one after another: ${r.figures.passes} passes, interpreter ${r.figures.interpreterMs.toFixed(1)} ms in all ` +
          `(the same program without calls ${onePass.durationMs.toFixed(2)} ms), wall ${wall.toFixed(1)} ms`,
      );
    }
  }
}

await pmapCase();
await callCostCase();
await passesCase();
