// Two ways to call `ptc` in the tests: in process (main(argv, io) with streams of the test's own,
// milliseconds a call) for what a command does, and by spawning bin/ptc.mjs for what only the real
// process shows (the prebuilt bundle, exit statuses, stdin, signals and pipes).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const bin = join(root, 'bin', 'ptc.mjs');

export interface Result {
  code: number | null;
  out: string;
  err: string;
}

/** A stream that keeps what is written to it. */
export function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

export interface InProcessOptions {
  /** stdin's text, or a stream to feed as the test goes. */
  input?: string | Readable;
  /** The environment the command sees (nothing else of the test's). */
  env?: Record<string, string>;
  terminal?: boolean;
}

/** An io for main(): the given stdin and environment, stdout and stderr kept. */
export function memoryIo(options: InProcessOptions = {}): { io: CliIo; out: () => string; err: () => string } {
  const out = sink();
  const err = sink();
  const { input = '' } = options;
  const stdin = typeof input === 'string' ? Readable.from(input === '' ? [] : [Buffer.from(input)]) : input;
  const io: CliIo = { stdout: out.stream, stderr: err.stream, stdin, env: { ...options.env }, terminal: options.terminal ?? false };
  return { io, out: out.text, err: err.text };
}

/** `ptc ARGS` in this process. */
export async function ptcIn(args: string[], options: InProcessOptions = {}): Promise<Result> {
  const { io, out, err } = memoryIo(options);
  const code = await main(args, io);
  return { code, out: out(), err: err() };
}

/** `node bin/ptc.mjs ARGS` and its exit status; synchronous, so it cannot serve a server in this process. */
export function ptcSpawn(args: string[], input = '', env: NodeJS.ProcessEnv = process.env): Result {
  const r = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', cwd: root, env, timeout: 30000 });
  return { code: r.status, out: r.stdout, err: r.stderr.replace(/^npm warn.*\n/gm, '') };
}

/** As ptcSpawn, without blocking this process (a fake server here keeps answering; several run at once). */
export function ptcSpawnAsync(args: string[], { input = '', env = process.env }: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env });
    child.stdin.on('error', () => undefined); // ptc may end before it reads its input
    child.stdin.end(input);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err: err.replace(/^npm warn.*\n/gm, '') });
    });
  });
}
