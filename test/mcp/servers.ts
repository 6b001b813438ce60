// Real MCP servers nobody here wrote, started for a test on 127.0.0.1 at a free port and stopped
// after it: server-everything over Streamable HTTP, and the commands that start it and
// server-memory over stdio.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const EVERYTHING = `${root}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
export const MEMORY = `${root}node_modules/@modelcontextprotocol/server-memory/dist/index.js`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** server-everything's Streamable HTTP server, once it says it listens. */
export function everythingHttp(): Promise<RunningServer> {
  return everything('streamableHttp', '/mcp', 'listening on port');
}

/** server-everything over the older HTTP+SSE transport only (GET /sse, POST /message). */
export function everythingSse(): Promise<RunningServer> {
  return everything('sse', '/sse', 'running on port');
}

async function everything(transport: string, path: string, ready: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, transport], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const hear = (chunk: Buffer): void => {
      said += chunk.toString();
      if (said.includes(ready)) resolve();
    };
    child.stdout?.on('data', hear);
    child.stderr?.on('data', hear);
    child.once('exit', (code) => reject(new Error(`server-everything exited (${String(code)}) before listening:\n${said}`)));
  });
  return { url: `http://127.0.0.1:${port}${path}`, stop: () => stopChild(child) };
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
