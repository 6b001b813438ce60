// A variants file's text as JSON: numbers kept exactly as written in `success.expected` (read as
// `data/` is, so 12345678901234567890 stays an integer and 1.0 a float), plain numbers elsewhere.
import { toPlainJson, toTaggedJson } from '../lisp/json-reader.ts';
import { parseJsonText } from '../session/json-text.ts';

export type VariantsText = { readonly ok: true; readonly json: unknown } | { readonly ok: false; readonly error: string };

export function readVariantsText(text: string): VariantsText {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, error: `line ${parsed.line}, column ${parsed.column}: ${parsed.message}` };
  const raw = parsed.value;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: true, json: toPlainJson(raw) };
  const { success, ...rest } = raw as Record<string, unknown>;
  const plain = toPlainJson(rest) as Record<string, unknown>;
  if (success === undefined) return { ok: true, json: plain };
  if (success !== null && typeof success === 'object' && !Array.isArray(success) && 'expected' in success) {
    const { expected, ...other } = success as Record<string, unknown>;
    return { ok: true, json: { success: { ...(toPlainJson(other) as object), expected: toTaggedJson(expected) }, ...plain } };
  }
  return { ok: true, json: { success: toPlainJson(success), ...plain } };
}
