// `ptc doc NAME` and `ptc doc --json`: the language reference, the same entries (doc name) prints in a
// program, made from the interpreter's registry and special forms (src/lisp/reference).
import { closestNames, entryJson, formatEntry, referenceEntries, referenceEntry } from '../lisp/reference/index.ts';
import { defineCommand, type Command } from './args.ts';
import { UsageError } from './common.ts';
import { EXIT } from './io.ts';

const described = defineCommand({
  name: 'doc',
  summary: 'print the reference entry of a special form, macro, builtin or constant; --json for every entry',
  usage: ['NAME', '--json'],
  description:
    'Prints what (doc NAME) prints in a program: the kind, the calls, what it does and examples with their results. NAME is written as a program writes it: map, str/join, ->>, .getTime, Double/NaN.',
  positionals: [{ name: 'NAME', description: 'the name to look up' }],
  options: {
    json: {
      type: 'boolean',
      description:
        'print only JSON, every entry: [{"name", "kind", "arities", "doc", "examples": [{"code", "result"}], "aliasOf" (other spellings), "area", "details"?}]',
    },
  },
  exitCodes: [
    [0, 'the entry was printed (--json: every entry)'],
    [1, 'unknown name: the closest names are on stderr'],
  ],
  run({ values, positionals }, io) {
    const name = positionals[0];
    if (values.json) {
      if (name !== undefined) throw new UsageError('give either NAME or --json, not both');
      io.stdout.write(JSON.stringify(referenceEntries().map(entryJson), null, 2) + '\n');
      return EXIT.ok;
    }
    if (name === undefined) throw new UsageError('give a NAME (ptc doc map), or --json for every entry');
    const entry = referenceEntry(name);
    if (entry === undefined) {
      const near = closestNames(name);
      io.stderr.write(`ptc doc: no entry for ${name}${near.length > 0 ? `; did you mean ${near.join(', ')}?` : ''}\n`);
      return EXIT.failed;
    }
    io.stdout.write(formatEntry(entry) + '\n');
    return EXIT.ok;
  },
});

/** Options of the command itself; any other word starting with - that names an entry (->>, -) is the NAME. */
const OWN_WORDS = ['--json', '--help', '-h'];

/** `ptc doc ->>` would read ->> as options: a known name is moved after `--`, which ends the options. */
function namesAsArguments(argv: readonly string[]): readonly string[] {
  if (argv.includes('--')) return argv;
  const names = argv.filter((w) => w.startsWith('-') && w !== '-' && !OWN_WORDS.includes(w) && !w.startsWith('--json=') && referenceEntry(w) !== undefined);
  if (names.length === 0) return argv;
  return [...argv.filter((w) => !names.includes(w)), '--', ...names];
}

export const docCommand: Command = { ...described, invoke: (argv, io) => described.invoke(namesAsArguments(argv), io) };
