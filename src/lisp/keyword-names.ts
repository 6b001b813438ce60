// Which names a keyword may have, as the specification draws them: a literal `:name` holds letters,
// digits and + - * < > = ? ! _ (no namespace `/`, no `.`, `%`, `&`); `(keyword s)` is stricter: a
// letter first, then letters, digits, - _ ? ! only. Letters and digits are Unicode's, not only
// ASCII's: JSON data makes keywords of its keys (L9), and a program must be able to write them.
// Keywords from data are not checked here: any string may be a key.

const LITERAL_NAME = /^[\p{L}\p{N}+\-*<>=?!_]+$/u;
const CONSTRUCTED_NAME = /^\p{L}[\p{L}\p{N}\-_?!]*$/u;
// The same for ASCII names, tried first: V8 compiles a Unicode-property pattern at its first use,
// a fixed cost (about 0.2 ms) that a program of plain names would pay on its first keyword.
const ASCII_LITERAL_NAME = /^[A-Za-z0-9+\-*<>=?!_]+$/;
const ASCII_CONSTRUCTED_NAME = /^[A-Za-z][A-Za-z0-9\-_?!]*$/;

/** Why a keyword literal's name (after the colon) is refused, or null when it is a name. */
export function literalKeywordProblem(name: string): string | null {
  if (ASCII_LITERAL_NAME.test(name) || LITERAL_NAME.test(name)) return null;
  if (name.includes('/')) {
    const instead = name.length <= 60 ? `write :${name.replaceAll('/', '-')} or` : '';
    return `namespaced keywords are not supported; ${instead} use a string key`.replace('  ', ' ');
  }
  return 'a keyword holds only letters, digits and + - * < > = ? ! _';
}

/** Why `(keyword s)` refuses the name s, or null when it makes a keyword of it. */
export function constructedKeywordProblem(name: string): string | null {
  if (ASCII_CONSTRUCTED_NAME.test(name) || CONSTRUCTED_NAME.test(name)) return null;
  if (name === '') return 'a keyword name cannot be empty';
  if (name.includes('/')) return 'namespaced keywords are not supported';
  if (name.startsWith(':')) return 'write the name without its colon';
  return 'a keyword name starts with a letter and holds only letters, digits, -, _, ? and !';
}
