// `ptc eval --batch`: one JSON request per input line, one JSON answer per output line.
// Each line runs on its own (fresh memory); a malformed line gets an error answer, never a crash.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { readJson, readMember } from '../lisp/json-reader.ts';
import { printCapped, printValue } from '../lisp/printer.ts';
import { run } from '../lisp/run.ts';
import { dataFromParsed, UsageError } from './common.ts';

type Answer =
  | { id: unknown; ok: true; result: string; prints: string[]; memory: Record<string, string> }
  | { id: unknown; ok: false; error: { type: string; message: string; line?: number; column?: number } };

function requestError(id: unknown, message: string): Answer {
  return { id, ok: false, error: { type: 'request_error', message } };
}

/** Answers one input line. */
export function answerLine(line: string): Answer {
  // The lossless reader, as for --data: a request's data keeps big integers and 1.0 exactly (L9).
  const read = readJson(line);
  if (!read.ok) {
    // The line may be refused for what comes after its id (data too deep or too large, or broken
    // further on): the answer still names the request, when the id can be read.
    const id = readMember(line, 'id', read.kind === 'syntax' ? read.offset : line.length) ?? null;
    return requestError(id, `line ${read.kind === 'syntax' ? 'is not valid JSON' : 'is refused'} (column ${read.column}: ${read.message})`);
  }
  const req: unknown = read.value;
  if (req === null || typeof req !== 'object' || Array.isArray(req)) return requestError(null, 'line must be a JSON object {"id", "program", "data"?}');
  const { id = null, program, data } = req as { id?: unknown; program?: unknown; data?: unknown };
  if (typeof program !== 'string') return requestError(id, 'missing "program" (a string)');
  let dataMap;
  try {
    dataMap = data === undefined || data === null ? undefined : dataFromParsed(data, '"data"');
  } catch (e) {
    if (e instanceof UsageError) return requestError(id, e.message);
    throw e;
  }
  const r = run({ program, data: dataMap });
  if (!r.ok) return { id, ok: false, error: r.error };
  // A reason is a message like any error's: cut at the same length, and printed no further than that.
  if (r.signal === 'fail') return { id, ok: false, error: { type: 'fail', message: printCapped(r.value) } };
  const memory: Record<string, string> = {};
  for (const [name, def] of r.memory) memory[name] = printValue(def.value);
  return { id, ok: true, result: printValue(r.value), prints: r.prints, memory };
}

function safeAnswer(line: string): string {
  try {
    return JSON.stringify(answerLine(line));
  } catch (e) {
    // Printing or serialising failed (should not happen); report it on the line rather than dying.
    return JSON.stringify(requestError(null, `internal error: ${(e as Error).message}`));
  }
}

export async function runBatch(input: Readable, output: Writable): Promise<number> {
  const rl = createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    // Written per line so a caller driving ptc line by line gets each answer at once.
    if (!output.write(safeAnswer(line) + '\n')) await new Promise<void>((resolve) => output.once('drain', resolve));
  }
  return 0;
}
