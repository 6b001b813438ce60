// A failed turn keeps none of its definitions, so a name it defined is unknown in the next turn. The
// interpreter's did-you-mean hint then points at some builtin ("Did you mean: cons?" for `loans`);
// the agent knows the history, so it says what happened instead.
import type { PtcErrorInfo } from '../lisp/errors.ts';
import type { Turn } from './turn.ts';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The latest failed turn whose program defines `name` with def or defn, if no later turn succeeded in defining it. */
function failedDefinitionTurn(name: string, turns: readonly Turn[]): number | null {
  const defines = new RegExp(`\\((?:def|defn|defn-)\\s+${escapeRegExp(name)}(?=[\\s)\\]])`);
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i];
    if (!defines.test(t.program)) continue;
    return t.success ? null : t.number;
  }
  return null;
}

/** The error as the model should read it: an unknown name that a failed turn defined says so. */
export function explainLostDefinition(error: PtcErrorInfo, turns: readonly Turn[]): PtcErrorInfo {
  const name = error.unresolved;
  if (name === undefined) return error;
  const turn = failedDefinitionTurn(name, turns);
  if (turn === null) return error;
  const core =
    error.hint !== undefined && error.message.endsWith(error.hint) ? error.message.slice(0, error.message.length - error.hint.length).trimEnd() : error.message;
  const hint = `${name} was defined in turn ${turn}, which failed, and a failed turn keeps none of its definitions: define ${name} again.`;
  return { ...error, message: `${core} ${hint}`, hint };
}
