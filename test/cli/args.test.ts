// The command line's arguments and help, in process: every command's --help from its description,
// unknown options refused with a suggestion, missing and extra arguments, the exit code table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { closest, defineCommand, editDistance, exitCodesOf, exitCodeTable, helpText, parseCommandArgs, wrap } from '../../src/cli/args.ts';
import { loadCommands, usage } from '../../src/cli/main.ts';
import { memoryIo, ptcIn, root } from './harness.ts';

const COMMANDS = await loadCommands();

describe('--help', () => {
  test.each(COMMANDS.map((c) => c.name))('ptc %s: --help, -h and `ptc help` print the same help: usage, options, exit codes', async (name) => {
    const command = COMMANDS.find((c) => c.name === name)!;
    const long = await ptcIn([name, '--help']);
    expect([long.code, long.err]).toEqual([0, '']);
    expect(long.out).toBe(helpText(command) + '\n');
    expect(long.out.startsWith(`usage: ptc ${name}`)).toBe(true);
    for (const option of [...Object.keys(command.options), 'help']) expect(long.out).toContain(`--${option}`);
    for (const p of command.positionals) expect(long.out).toContain(p.name);
    const codes = long.out.slice(long.out.indexOf('\nexit codes:\n'));
    for (const [code] of exitCodesOf(command)) expect(codes).toMatch(new RegExp(`\\n  ${code} +\\S`));
    expect(codes).toMatch(/\n {2}2 +usage error/);
    expect(await ptcIn([name, '-h'])).toEqual(long);
    expect(await ptcIn(['help', name])).toEqual(long);
    // --help wins wherever it stands, even beside a mistake.
    expect(await ptcIn([name, '--no-such-option', '--help'])).toEqual(long);
  });

  test('ptc --help lists every command and every exit code; so do -h and `ptc help`', async () => {
    const r = await ptcIn(['--help']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toBe((await usage()) + '\n');
    expect(r.out.startsWith('ptc — PTC-Lisp command line\n')).toBe(true);
    for (const c of COMMANDS) expect(r.out).toMatch(new RegExp(`\\n  ${c.name} +${c.summary.slice(0, 20).replace(/[()*+?.[\]\\|^$]/g, '\\$&')}`));
    const codes = exitCodeTable(COMMANDS).map(([c]) => c);
    expect(codes).toEqual([0, 1, 2, 3, 130, 141]);
    for (const c of codes) expect(r.out).toMatch(new RegExp(`\\n  ${c} +\\S`));
    expect(await ptcIn(['-h'])).toEqual(r);
    expect(await ptcIn(['help'])).toEqual(r);
  });

  test('no command, an unknown command or `help` of one: the usage on stderr, exit 2, a guess when close', async () => {
    const none = await ptcIn([]);
    expect([none.code, none.out, none.err]).toEqual([2, '', (await usage()) + '\n']);
    expect(await ptcIn(['rnu'])).toMatchObject({ code: 2, out: '', err: expect.stringMatching(/^ptc: unknown command rnu; did you mean run\?\n\nptc — /) });
    expect(await ptcIn(['help', 'evl'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown command evl; did you mean eval?') });
    expect(await ptcIn(['--verison'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown option --verison; did you mean --version?') });
    expect(await ptcIn(['help', 'run', 'eval'])).toMatchObject({ code: 2, err: 'ptc help: give one command (got run eval)\n' });
    expect(await ptcIn(['frobnicate'])).toMatchObject({ code: 2, err: expect.stringMatching(/^ptc: unknown command frobnicate\n/) });
  });
});

describe('unknown options and wrong arguments: exit 2, nothing on stdout, nothing run', () => {
  const hint = (cmd: string) => `\n(ptc ${cmd} --help lists its options and arguments)\n`;
  test.each([
    [['eval', '--tme', '-e', '1'], 'ptc eval: unknown option --tme; did you mean --time?'],
    [['eval', '-e', '1', '--interpet'], 'ptc eval: unknown option --interpet; did you mean --interpret?'],
    [['eval', '--limits', 'timeoutMs=5', '-e', '1'], 'ptc eval: unknown option --limits; did you mean --limit?'],
    [['eval', '--frobnicate', '-e', '1'], 'ptc eval: unknown option --frobnicate'],
    [['eval', '-x', '-e', '1'], 'ptc eval: unknown option -x'],
    [['repl', '--dat', 'x.json'], 'ptc repl: unknown option --dat; did you mean --data?'],
    [['run', 'examples/reviews-and-inventory.json', '--jsn'], 'ptc run: unknown option --jsn; did you mean --json?'],
    [['run', 'examples/reviews-and-inventory.json', '-json'], 'ptc run: unknown option -json; did you mean --json?'],
    [['run', 'examples/reviews-and-inventory.json', '--max-turn', '3'], 'ptc run: unknown option --max-turn; did you mean --max-turns?'],
    [['run', 'examples/reviews-and-inventory.json', '--comp', 'false'], 'ptc run: unknown option --comp; did you mean --compression?'],
    [['run', 'examples/reviews-and-inventory.json', '--basurl', 'http://x'], 'ptc run: unknown option --basurl; did you mean --base-url?'],
    [['render', 'examples/reviews-and-inventory.json', '--turns', '2'], 'ptc render: unknown option --turns; did you mean --turn?'],
    [['render', 'examples/reviews-and-inventory.json', '--nosystem'], 'ptc render: unknown option --nosystem; did you mean --no-system?'],
    [['eval', '--data'], 'ptc eval: --data needs a value (--data FILE.json)'],
    [['eval', '-e'], 'ptc eval: -e needs a value (-e PROGRAM)'],
    [['eval', '--time=yes', '-e', '1'], 'ptc eval: --time takes no value (got --time=yes)'],
    [['eval', 'a.clj', 'b.clj'], 'ptc eval: only one FILE.clj may be given (got a.clj and b.clj)'],
    [['repl', 'extra'], 'ptc repl: takes no arguments (got extra)'],
    [['run'], 'ptc run: give a session file (JSON)'],
    [['render', '--stats'], 'ptc render: give a session file (JSON)'],
    [['render', 'a.json', 'b.json'], 'ptc render: only one SESSION.json may be given (got a.json and b.json)'],
  ])('ptc %j', async (args, message) => {
    const r = await ptcIn(args);
    expect([r.code, r.out, r.err]).toEqual([2, '', message + hint(args[0])]);
  });

  test("mistakes in a value are the command's: exit 2 with its message, no hint", async () => {
    expect(await ptcIn(['eval', '--limit', 'loops=5', '-e', '1'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^ptc eval: unknown limit loops \(known: .*\)\n$/),
    });
    expect(await ptcIn(['eval', '-e', '1', 'x.clj'])).toEqual({ code: 2, out: '', err: 'ptc eval: give either -e or FILE, not both\n' });
  });

  test('values as parseArgs reads them: --name=value, -eVALUE, a value starting with a dash, -- before arguments', async () => {
    expect(await ptcIn(['eval', '-e', '-1'])).toEqual({ code: 0, out: '-1\n', err: '' });
    expect(await ptcIn(['eval', '-e(+ 1 2)'])).toEqual({ code: 0, out: '3\n', err: '' });
    expect(await ptcIn(['eval', '--expr=(* 6 7)'])).toEqual({ code: 0, out: '42\n', err: '' });
    expect(await ptcIn(['eval', '--limit=maxLoopIterations=5000', '--limit', 'maxDepth=50', '-e', '(loop [i 0] (if (< i 2000) (recur (inc i)) i))'])).toEqual({
      code: 0,
      out: '2000\n',
      err: '',
    });
    expect(await ptcIn(['eval', '--', '-'], { input: '(str "from" " stdin")' })).toEqual({ code: 0, out: '"from stdin"\n', err: '' });
  });
});

describe('the parser and the help format (args.ts)', () => {
  // What a coming command (compare, doc, experiment) is: a description and a handler.
  const compare = defineCommand({
    name: 'compare',
    summary: 'compare runs',
    positionals: [{ name: 'SESSION.json', description: 'sessions to compare', required: true, missing: 'give two sessions or more', variadic: true }],
    options: {
      by: { type: 'string', value: 'FIELD', default: 'tokens', description: 'what to compare' },
      tag: { type: 'string', multiple: true, value: 'T', description: 'a tag; may be repeated' },
      quiet: { type: 'boolean', short: 'q', description: 'say less' },
    },
    exitCodes: [[0, 'compared']],
    run({ values, positionals }, io) {
      io.stdout.write(JSON.stringify({ values, positionals }) + '\n');
      return 0;
    },
  });

  test('a new command is a description and a handler: parsing, defaults, lists, variadic arguments and its help', async () => {
    const { io, out, err } = memoryIo();
    expect(await compare.invoke(['a.json', '-q', 'b.json', '--tag', 'x', '--tag=y'], io)).toBe(0);
    expect(err()).toBe('');
    expect(JSON.parse(out())).toEqual({ values: { by: 'tokens', tag: ['x', 'y'], quiet: true, help: false }, positionals: ['a.json', 'b.json'] });
    expect(() => parseCommandArgs(compare, [])).toThrow('give two sessions or more');
    const help = memoryIo();
    expect(await compare.invoke(['--help'], help.io)).toBe(0);
    expect(help.out()).toBe(
      [
        'usage: ptc compare SESSION.json... [--by FIELD] [--tag T]... [--quiet]',
        '',
        'arguments:',
        '  SESSION.json  sessions to compare',
        '',
        'options:',
        '  --by FIELD   what to compare (default: tokens)',
        '  --tag T      a tag; may be repeated',
        '  -q, --quiet  say less',
        '  -h, --help   show this help and exit',
        '',
        'exit codes:',
        '  0    compared',
        '  2    usage error: an unknown or missing option or argument, an unreadable or invalid file',
        '  141  the reader of the output closed the pipe early (128 + SIGPIPE)',
        '',
      ].join('\n'),
    );
  });

  test('suggestions come from edit distance, or a unique beginning', () => {
    expect(editDistance('--jsn', '--json')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('rnu', 'run')).toBe(1);
    const known = ['--json', '--messages', '--max-turns', '--max-tokens', '--model'];
    expect(closest('--jsno', known)).toBe('--json');
    expect(closest('--max-tokns', known)).toBe('--max-tokens');
    expect(closest('--mess', known)).toBe('--messages');
    expect(closest('--max', known)).toBeUndefined(); // two begin with it
    expect(closest('--frobnicate', known)).toBeUndefined();
  });

  test('wrap keeps lines within the width and breaks at \\n', () => {
    expect(wrap('aaa bbb ccc ddd', 8)).toEqual(['aaa bbb', 'ccc ddd']);
    expect(wrap('one\ntwo three', 20)).toEqual(['one', 'two three']);
  });
});

describe('docs/cli.md', () => {
  const doc = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
  /** The text of the section headed `## title`, up to the next `## ` heading or the end. */
  const section = (title: string): string => {
    const start = doc.indexOf(`\n## ${title}\n`);
    expect(start, title).toBeGreaterThanOrEqual(0);
    const end = doc.indexOf('\n## ', start + 1);
    return doc.slice(start, end < 0 ? undefined : end);
  };

  test('its exit code section has one exit code table with every code, and says --help', () => {
    const codes = section('Help, usage errors and exit codes');
    const rows = [...codes.matchAll(/^\| (\d+) +\|/gm)].map((m) => Number(m[1]));
    expect(rows).toEqual(exitCodeTable(COMMANDS).map(([c]) => c));
    expect(codes).toContain('--help');
    // The table is the document's only one of exit codes.
    expect([...doc.matchAll(/^\| (\d+) +\|/gm)].length).toBe(rows.length);
  });

  test('names every option of every command under that command', () => {
    const options = section('Every option');
    const parts = options.split(/^\*\*`ptc /m).slice(1);
    const missing: string[] = [];
    for (const command of COMMANDS) {
      const part = parts.find((p) => p.startsWith(`${command.name} `));
      if (!part) {
        missing.push(command.name);
        continue;
      }
      for (const option of Object.keys(command.options)) if (!part.includes(`\`--${option}`)) missing.push(`${command.name} --${option}`);
    }
    expect(missing).toEqual([]);
  });

  test('the README sends the reader there', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('(docs/cli.md)');
    expect(readme).toContain('--help');
  });
});
