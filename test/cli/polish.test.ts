// Polish of the command line: `ptc repl` treats Ctrl-C as Node's REPL does and has a
// --help; every command ends quietly (exit 141, no stack trace) when the reader of its output closes
// the pipe early.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { CLOSED_PIPE_EXIT, main } from '../../src/cli/main.ts';
import { bin, ptcIn, root } from './harness.ts';

/** A REPL on a fake terminal: keys go in as a TTY sends them, everything written is collected. */
function terminalRepl() {
  const input = new PassThrough();
  const output = new PassThrough();
  const error = new PassThrough();
  let out = '';
  let err = '';
  output.on('data', (b: Buffer) => (out += b.toString()));
  error.on('data', (b: Buffer) => (err += b.toString()));
  const done = main(['repl'], { stdin: input, stdout: output, stderr: error, env: {}, terminal: true });
  let finished = false;
  void done.then(() => (finished = true));
  const tick = () => new Promise((r) => setTimeout(r, 20));
  return {
    done,
    finished: () => finished,
    out: () => out,
    err: () => err,
    keys: async (text: string) => {
      input.write(text);
      await tick();
    },
  };
}

const CTRL_C = '\x03';
const CTRL_D = '\x04';

describe('ptc repl: Ctrl-C clears, twice on an empty line leaves', () => {
  test('Ctrl-C abandons the line being typed (and an open form), and the REPL goes on', async () => {
    const repl = terminalRepl();
    await repl.keys('(def x 41)\r');
    await repl.keys('(+ x 1');
    await repl.keys(CTRL_C);
    expect(repl.finished()).toBe(false);
    await repl.keys('(inc x)\r');
    expect(repl.out()).toContain('=> 42');
    // An unbalanced first line, then Ctrl-C on the continuation: the whole input is dropped.
    await repl.keys('(str "a"\r');
    await repl.keys(CTRL_C);
    await repl.keys('(* x 2)\r');
    expect(repl.out()).toContain('=> 82');
    expect(repl.out()).not.toMatch(/=> "a/);
    expect(repl.err()).toBe('');
    expect(repl.finished()).toBe(false);
    await repl.keys(CTRL_D);
    await expect(repl.done).resolves.toBe(0);
  });

  test('Ctrl-C on an empty line warns; a second one leaves; anything typed between disarms it', async () => {
    const repl = terminalRepl();
    await repl.keys(CTRL_C);
    expect(repl.finished()).toBe(false);
    expect(repl.out()).toContain('press Ctrl-C again or Ctrl-D');
    await repl.keys('(+ 1 2)\r');
    await repl.keys(CTRL_C);
    expect(repl.finished()).toBe(false);
    await repl.keys(CTRL_C);
    await expect(repl.done).resolves.toBe(0);
    expect(repl.out()).toContain('=> 3');
  });

  test('Ctrl-D on an empty line leaves', async () => {
    const repl = terminalRepl();
    await repl.keys(CTRL_D);
    await expect(repl.done).resolves.toBe(0);
  });

  test('ptc repl --help prints its options and commands', async () => {
    const r = await ptcIn(['repl', '--help']);
    const [status, stdout, stderr] = [r.code, r.out, r.err];
    expect(status).toBe(0);
    expect(stdout).toMatch(/^usage: ptc repl \[--data FILE\.json\]/);
    expect(stdout).toContain(':defs');
    expect(stdout).toContain('Ctrl-C');
    expect(stderr).toBe('');
  });
});

/**
 * Spawns ptc with the reading end of `stream` closed before it writes a byte, as `| head -c 0`
 * would, and returns how it ended and what it said on the other stream.
 */
function withClosedReader(
  args: string[],
  stream: 'stdout' | 'stderr',
  input = '',
): Promise<{ code: number | null; signal: NodeJS.Signals | null; other: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
    child[stream].destroy();
    let other = '';
    child[stream === 'stdout' ? 'stderr' : 'stdout'].on('data', (b: Buffer) => (other += b.toString()));
    child.stdin.on('error', () => undefined); // ptc may be gone before it reads its input
    child.stdin.end(input);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, other });
    });
  });
}

describe('a reader that closes the pipe early ends every command quietly', () => {
  const session = join(root, 'examples', 'long-run-overflow.json');
  const cases: [string, string[], 'stdout' | 'stderr', string?][] = [
    ['ptc eval -e', ['eval', '-e', '(range 100000)'], 'stdout'],
    ['ptc eval println output', ['eval', '-e', '(dotimes [i 2000] (println i)) 1'], 'stderr'],
    ['ptc eval --batch', ['eval', '--batch'], 'stdout', '{"id":1,"program":"(+ 1 2)"}\n{"id":2,"program":"(range 10)"}\n'],
    ['ptc run --json', ['run', session, '--json'], 'stdout'],
    ['ptc run', ['run', session], 'stdout'],
    ['ptc render', ['render', session], 'stdout'],
  ];
  for (const [what, args, stream, input] of cases) {
    test(`${what} (${stream} closed)`, async () => {
      const r = await withClosedReader(args, stream, input);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(CLOSED_PIPE_EXIT);
      expect(r.other).not.toMatch(/EPIPE|Error|at .*\(/);
    });
  }

  test('`ptc run FILE --json | head -c 100` in a shell: 100 bytes, no stack trace, 141 for ptc', () => {
    const script = `node ${JSON.stringify(bin)} run ${JSON.stringify(session)} --json 2>"$ERR" | head -c 100; echo " $\{PIPESTATUS[0]}"`;
    const r = spawnSync('bash', ['-c', `ERR=$(mktemp); ${script}; cat "$ERR" >&2; rm -f "$ERR"`], { encoding: 'utf8', cwd: root, timeout: 20000 });
    expect(r.stdout.length).toBe(100 + ` ${CLOSED_PIPE_EXIT}\n`.length);
    expect(r.stdout.endsWith(` ${CLOSED_PIPE_EXIT}\n`)).toBe(true);
    expect(r.stderr).toBe('');
  });
});
