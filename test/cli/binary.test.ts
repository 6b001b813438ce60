// The real command, spawned (`node bin/ptc.mjs …`, the prebuilt bundle): what only a process shows —
// its exit status, stdout and stderr apart, stdin piped in, the help and version. Everything else is
// tested in process (cli.test.ts, args.test.ts …); polish.test.ts spawns it for closed pipes and
// prebuilt.test.ts for the bundle's rebuilds.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { usage } from '../../src/cli/main.ts';
import { ptcSpawn, ptcSpawnAsync, root } from './harness.ts';

describe('bin/ptc.mjs', () => {
  test('exit 0: the result on stdout, println output and the time on stderr', () => {
    const r = ptcSpawn(['eval', '--time', '-e', '(println "hello" 42) {:a [1 2.5 "s" nil]}']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('{:a [1 2.5 "s" nil]}\n');
    expect(r.err).toMatch(/^hello 42\ntime-ms: \d+(\.\d{1,3})?\n$/);
  });

  test('stdin piped in: a program with -, JSON lines with --batch, forms for the REPL', async () => {
    const [program, batch, repl] = await Promise.all([
      ptcSpawnAsync(['eval', '-'], { input: '(return (str "a" 1)) :never' }),
      ptcSpawnAsync(['eval', '--batch'], { input: '{"id":1,"program":"(+ 1 2)"}\nnot json\n' }),
      ptcSpawnAsync(['repl'], { input: '(def x 2)\n(* x 21)\n' }),
    ]);
    expect([program.code, program.out]).toEqual([0, '"a1"\n']);
    expect(batch.code).toBe(0);
    expect(
      batch.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { ok: boolean }),
    ).toMatchObject([{ id: 1, ok: true, result: '3' }, { ok: false }]);
    expect([repl.code, repl.out, repl.err]).toEqual([0, "=> #'x\n=> 42\n", '']);
  });

  test('exit 1 for a failed program, 2 for an unknown option (with a guess) or a bad session', async () => {
    const [failed, unknown, bad] = await Promise.all([
      ptcSpawnAsync(['eval', '-e', '(fail {:why "no stock"})']),
      ptcSpawnAsync(['run', join(root, 'examples', 'reviews-and-inventory.json'), '--jsno']),
      ptcSpawnAsync(['render', join(root, 'package.json')]),
    ]);
    expect([failed.code, failed.out, failed.err]).toEqual([1, '', 'fail: {:why "no stock"}\n']);
    expect([unknown.code, unknown.out]).toEqual([2, '']);
    expect(unknown.err).toContain('ptc run: unknown option --jsno; did you mean --json?');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^ptc render: .*package\.json: \d+ problems?\n/);
  });

  test('a run of an example: the turns, exit 0', () => {
    const r = ptcSpawn(['run', join(root, 'examples', 'side-effect-calls.json')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('=== Returned ===');
  });

  test('--help on stdout, exit 0; --version', async () => {
    const help = ptcSpawn(['--help']);
    expect([help.code, help.out, help.err]).toEqual([0, (await usage()) + '\n', '']);
    const v = ptcSpawn(['-v']);
    expect([v.code, v.out]).toEqual([0, 'ptc 0.1.0\n']);
  });
});
