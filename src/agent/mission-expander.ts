// MissionExpander: fills `{{placeholders}}` in the mission from the agent's data.
import { strOf } from '../lisp/printer.ts';
import { getFlex } from '../lisp/runtime.ts';
import { PMap, type Value } from '../lisp/values.ts';
import { expandTemplate, parseTemplate } from './template.ts';

/** Characters of expanded mission: far more than any prompt needs, small enough to stay fast. */
export const MAX_MISSION_CHARS = 1_000_000;

export interface ExpandedMission {
  readonly text: string;
  /** Placeholders with no matching data, left in the text as written. */
  readonly missing: readonly string[];
  /** Set when the expansion passed MAX_MISSION_CHARS and the text was cut: the warning that says so. */
  readonly cut?: string;
}

function step(v: Value, key: string): Value | undefined {
  if (v instanceof PMap) return getFlex(v, key);
  if (Array.isArray(v) && /^\d+$/.test(key)) return v[Number(key)];
  return undefined;
}

/**
 * `{{products}}` takes `data/products`; `{{user.name}}` walks into maps by keyword or string key and
 * `{{items.0}}` into vectors. Strings go in as they are, other values in Clojure notation. The text
 * is cut at MAX_MISSION_CHARS.
 */
export function expandMission(mission: string, data: ReadonlyMap<string, Value>): ExpandedMission {
  // Each path is looked up and printed once, however often the mission repeats it.
  const seen = new Map<string, string | undefined>();
  const r = expandTemplate(
    parseTemplate(mission),
    (path) => {
      if (seen.has(path)) return seen.get(path);
      const text = lookup(path, data);
      seen.set(path, text);
      return text;
    },
    MAX_MISSION_CHARS,
  );
  return r.cut !== undefined ? { text: r.text, missing: r.missing, cut: `mission: ${r.cut}` } : { text: r.text, missing: r.missing };
}

function lookup(path: string, data: ReadonlyMap<string, Value>): string | undefined {
  const [head, ...rest] = path.split('.');
  if (!data.has(head)) return undefined;
  let v: Value | undefined = data.get(head) ?? null;
  for (const key of rest) {
    v = step(v, key);
    if (v === undefined) return undefined;
  }
  return strOf(v);
}
