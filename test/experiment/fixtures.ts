// Sessions for experiment tests: the reviews-and-inventory example, whose mock script returns the
// products that are well reviewed and in stock.
import { readFileSync } from 'node:fs';
import { parseSession, type Session } from '../../src/session/session-file.ts';

export const EXAMPLE_FILE = new URL('../../examples/reviews-and-inventory.json', import.meta.url);

export function exampleJson(): Record<string, unknown> {
  return JSON.parse(readFileSync(EXAMPLE_FILE, 'utf8')) as Record<string, unknown>;
}

export function session(change: (json: Record<string, unknown>) => void = () => {}): Session {
  const json = exampleJson();
  change(json);
  const r = parseSession(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.session;
}

/** What the example's script returns. */
export const EXAMPLE_ANSWER = ['Laptop', 'Monitor'];
