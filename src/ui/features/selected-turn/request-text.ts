// The request of a turn for display: its JSON body pretty-printed line by line with the prompt-cache
// breakpoints (`cache_control`) marked, where those breakpoints sit, and headers that can never show
// a key, even if one reached the view by mistake.
import { REDACTED } from '../../../agent/providers/request.ts';

export interface JsonLine {
  readonly text: string;
  /** True on the lines of a `cache_control` entry. */
  readonly marked: boolean;
}

const MARK_KEY = 'cache_control';

/**
 * The same text as `JSON.stringify(value, null, 2)`, one entry per line, with every line of a
 * `cache_control` entry marked.
 */
export function jsonLines(value: unknown): JsonLine[] {
  const out: JsonLine[] = [];
  const emit = (v: unknown, indent: string, prefix: string, suffix: string, marked: boolean): void => {
    if (v === null || typeof v !== 'object') {
      out.push({ text: `${indent}${prefix}${JSON.stringify(v) ?? 'null'}${suffix}`, marked });
      return;
    }
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) {
        out.push({ text: `${indent}${prefix}[]${suffix}`, marked });
        return;
      }
      out.push({ text: `${indent}${prefix}[`, marked });
      v.forEach((item: unknown, i) => emit(item === undefined ? null : item, inner, '', i < v.length - 1 ? ',' : '', marked));
      out.push({ text: `${indent}]${suffix}`, marked });
      return;
    }
    // JSON leaves out undefined fields.
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    if (entries.length === 0) {
      out.push({ text: `${indent}${prefix}{}${suffix}`, marked });
      return;
    }
    out.push({ text: `${indent}${prefix}{`, marked });
    entries.forEach(([k, x], i) => emit(x, inner, `${JSON.stringify(k)}: `, i < entries.length - 1 ? ',' : '', marked || k === MARK_KEY));
    out.push({ text: `${indent}}${suffix}`, marked });
  };
  emit(value, '', '', '', false);
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function hasMark(block: unknown): boolean {
  return isRecord(block) && block[MARK_KEY] !== undefined;
}

function blockPlace(i: number, n: number): string {
  if (n === 1) return '';
  if (i === 0) return ', first block';
  if (i === n - 1) return ', last block';
  return `, block ${i + 1} of ${n}`;
}

/** Where the body's cache breakpoints are: "system", "user message 1, first block", … in order. */
export function cacheBreakpoints(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const places: string[] = [];
  const system = body.system;
  if (Array.isArray(system)) {
    system.forEach((b: unknown, i) => {
      if (hasMark(b)) places.push(`system${blockPlace(i, system.length)}`);
    });
  }
  const messages = body.messages;
  if (Array.isArray(messages)) {
    const seen = new Map<string, number>();
    for (const m of messages as unknown[]) {
      if (!isRecord(m)) continue;
      const role = typeof m.role === 'string' ? m.role : 'message';
      const nth = (seen.get(role) ?? 0) + 1;
      seen.set(role, nth);
      const content = m.content;
      if (Array.isArray(content)) {
        content.forEach((b: unknown, i) => {
          if (hasMark(b)) places.push(`${role} message ${nth}${blockPlace(i, content.length)}`);
        });
      } else if (hasMark(m)) places.push(`${role} message ${nth}`);
    }
  }
  return places;
}

export function breakpointsText(provider: string, places: readonly string[]): string {
  if (places.length === 0) {
    return provider === 'openai'
      ? 'No cache_control breakpoints: OpenAI-compatible APIs cache long prompt prefixes by themselves.'
      : 'No cache_control breakpoints.';
  }
  return `${places.length} cache breakpoint${places.length === 1 ? '' : 's'}: ${places.join('; ')}.`;
}

const SECRET_HEADER = /authorization|api[-_]?key|token|secret|cookie/i;

/**
 * Headers as given, except that a header that can carry a credential shows `[redacted]` unless it
 * already does: the engine redacts the key, and this makes sure no other path ever shows one.
 */
export function safeHeaders(headers: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(headers).map(([name, value]) => {
    if (!SECRET_HEADER.test(name)) return [name, value];
    const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value);
    if (value === REDACTED || (scheme && value.slice(scheme[0].length) === REDACTED)) return [name, value];
    return [name, scheme ? `${scheme[1]} ${REDACTED}` : REDACTED];
  });
}
