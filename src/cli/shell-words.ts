// Splitting a command line into words as a POSIX shell would, without running a shell: `ptc bridge`
// and `--mcp-stdio` take a server's command as one argument ('NAME=COMMAND ARG…'), and starting it
// through a shell would also expand `$VARIABLES`, globs and `;`, which a command written in a
// session or a README must not do behind the user's back.
import { isSymbolName } from '../records/signature.ts';
import { UsageError } from './common.ts';

/** A command line that cannot be split: an unclosed quote, a backslash at the very end. */
export class ShellWordsError extends Error {
  constructor(
    readonly reason: string,
    /** 1-based position in the text of the character the problem starts at. */
    readonly column: number,
  ) {
    super(`${reason} (column ${column})`);
  }
}

const BLANK = new Set([' ', '\t', '\n']);
/** The characters a backslash escapes inside double quotes; before any other, it stays. */
const ESCAPED_IN_DOUBLE_QUOTES = new Set(['$', '`', '"', '\\', '\n']);

/**
 * The words of `text` as `sh` splits them before running a command: blanks separate words; single
 * quotes keep everything up to the next one as it is; double quotes keep everything but `\` before
 * `$ \` " \\` or a newline; an unquoted backslash keeps the next character (and a backslash before a
 * newline joins the lines). Nothing is expanded or interpreted: `$HOME`, `~`, `*`, `|` and `;` are
 * ordinary characters. `''` is an empty word; blanks alone give no word.
 */
export function splitShellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  // A word has begun even when it is still empty: `''` is a word, two spaces are not.
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (BLANK.has(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new ShellWordsError("unclosed ' quote", i + 1);
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      const open = i;
      i++;
      for (;;) {
        if (i >= text.length) throw new ShellWordsError('unclosed " quote', open + 1);
        const d = text[i];
        if (d === '"') break;
        if (d === '\\' && i + 1 < text.length && ESCAPED_IN_DOUBLE_QUOTES.has(text[i + 1])) {
          if (text[i + 1] !== '\n') word += text[i + 1];
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      inWord = true;
      i++;
    } else if (c === '\\') {
      if (i + 1 >= text.length) throw new ShellWordsError('a backslash at the end escapes nothing', i + 1);
      if (text[i + 1] !== '\n') {
        word += text[i + 1];
        inWord = true;
      }
      i += 2;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** A server to start: its name, the program and the program's arguments. */
export interface NamedCommand {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * `NAME=COMMAND ARG…`: the name before the first `=` (a PTC-Lisp symbol, as a session names its
 * servers), the command line after it split by splitShellWords. Refused with a UsageError saying
 * what is wrong; `option` names where the text came from, for the message.
 */
export function parseNamedCommand(text: string, option: string): NamedCommand {
  const example = `${option} 'everything=npx -y @modelcontextprotocol/server-everything stdio'`;
  const eq = text.indexOf('=');
  if (eq < 0) throw new UsageError(`${option} takes NAME=COMMAND ARG…, as in ${example} (got ${text})`);
  const name = text.slice(0, eq).trim();
  if (name === '') throw new UsageError(`${option}: the server has no name before =, as in ${example}`);
  if (!isSymbolName(name)) throw new UsageError(`${option}: ${name} is not a server name: use a PTC-Lisp symbol such as everything or my-files`);
  let words: string[];
  try {
    words = splitShellWords(text.slice(eq + 1));
  } catch (e) {
    if (!(e instanceof ShellWordsError)) throw e;
    // The column counted in the whole argument, as the user typed it.
    throw new UsageError(`${option}: cannot split the command of ${name}: ${e.reason} (column ${e.column + eq + 1})`);
  }
  if (words.length === 0 || words[0] === '') throw new UsageError(`${option}: ${name} has no command after =, as in ${example}`);
  return { name, command: words[0], args: words.slice(1) };
}
