// Helpers shared by the ptc commands: error lines, data files, stdin, timing.
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { PtcErrorInfo } from '../lisp/errors.ts';
import { dataFromJson, dataFromJsonText } from '../lisp/json.ts';
import type { Value } from '../lisp/values.ts';

/** Thrown for mistakes in how the command was called (bad flag, unreadable file): exit 2. */
export class UsageError extends Error {}

/** `type_error: message (line L, column C)`. */
export function errorLine(e: PtcErrorInfo): string {
  const where = e.line !== undefined ? ` (line ${e.line}${e.column !== undefined ? `, column ${e.column}` : ''})` : '';
  // Some messages (the reader's) already end with their location; don't say it twice.
  return `${e.type}: ${e.message}${e.message.endsWith(where) ? '' : where}`;
}

/** Turns a parsed JSON value into data/ entries; the value must be a JSON object. */
export function dataFromParsed(parsed: unknown, what: string): Map<string, Value> {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new UsageError(`${what} must hold a JSON object (its keys become data/ names)`);
  }
  return dataFromJson(parsed as Record<string, unknown>);
}

/** Reads a JSON object file into data/ entries, or throws a UsageError saying what is wrong. */
export function loadDataFile(path: string): Map<string, Value> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read data file ${path}: ${(e as Error).message}`);
  }
  // The lossless reader: 9007199254740993 stays exact and 1.0 stays a float (L9).
  const r = dataFromJsonText(text);
  if (!r.ok) throw new UsageError(`data file ${path} ${r.message}`);
  return r.data;
}

/** The text of a file, or of `stdin` when the path is `-`. */
export async function readSource(path: string, stdin: Readable): Promise<string> {
  try {
    if (path !== '-') return readFileSync(path, 'utf8');
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${path === '-' ? 'stdin' : path}: ${(e as Error).message}`);
  }
}

/** Milliseconds with at most 3 decimals, trailing zeros dropped: 1.5, 12.034, 7. */
export function formatMs(ms: number): string {
  return String(Math.round(ms * 1000) / 1000);
}
