// A definition the page sends, read as a session without turns. Its data comes parsed (`data`), as
// the text its editor shows (`dataText`: large data, which the page holds only as text), or not at
// all: the session's data then stays as it is, and megabytes of it never cross to the worker again.
import { readJson } from '../lisp/json-reader.ts';
import { problem } from '../lisp/problem.ts';
import { parseSession, type ParseSessionResult } from '../session/session-file.ts';
import type { Session } from '../session/schema.ts';
import type { SessionDefinition } from './views.ts';

export function readDefinition(def: SessionDefinition, current: Session | null): ParseSessionResult {
  const { data, dataText, ...rest } = def;
  if (data !== undefined) return parseSession({ version: 1, ...rest, data, turns: [] });
  if (dataText !== undefined) {
    const read = readJson(dataText);
    if (!read.ok) {
      const message = `${read.message} (line ${read.line}, column ${read.column})`;
      const p = problem('data', 'data', read.kind === 'syntax' ? 'invalid_json' : 'refused', message, { range: { line: read.line, column: read.column } });
      return { ok: false, problems: [p], errors: [p.text] };
    }
    // The lossless reader's numbers are what a session file's reader takes.
    return parseSession({ version: 1, ...rest, data: read.value, turns: [] });
  }
  if (current === null) return parseSession({ version: 1, ...rest, data: {}, turns: [] });
  const parsed = parseSession({ version: 1, ...rest, data: {}, turns: [] });
  return parsed.ok ? { ...parsed, session: { ...parsed.session, data: current.data } } : parsed;
}
