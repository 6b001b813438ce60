// MissionExpander: fills `{{placeholders}}` in the mission from the agent's data (seed 002).
import { strOf } from '../lisp/printer.ts';
import { getFlex } from '../lisp/runtime.ts';
import { PMap, type Value } from '../lisp/values.ts';
import { expandTemplate, parseTemplate } from './template.ts';

export interface ExpandedMission {
  readonly text: string;
  /** Placeholders with no matching data, left in the text as written. */
  readonly missing: readonly string[];
}

function step(v: Value, key: string): Value | undefined {
  if (v instanceof PMap) return getFlex(v, key);
  if (Array.isArray(v) && /^\d+$/.test(key)) return v[Number(key)];
  return undefined;
}

/**
 * `{{products}}` takes `data/products`; `{{user.name}}` walks into maps by keyword or string key and
 * `{{items.0}}` into vectors. Strings go in as they are, other values in Clojure notation.
 */
export function expandMission(mission: string, data: ReadonlyMap<string, Value>): ExpandedMission {
  return expandTemplate(parseTemplate(mission), (path) => {
    const [head, ...rest] = path.split('.');
    if (!data.has(head)) return undefined;
    let v: Value | undefined = data.get(head) ?? null;
    for (const key of rest) {
      v = step(v, key);
      if (v === undefined) return undefined;
    }
    return strOf(v);
  });
}
