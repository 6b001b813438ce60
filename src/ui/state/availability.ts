// Whether Step/Run/Stop/Reset can be used now, and why not: the buttons, their tooltips and the
// keyboard shortcuts all ask here.
import { resetBlocker, stepBlocker, stopBlocker } from './run-machine.ts';
import type { PlaygroundState } from './store.ts';
import { mergeProblems, type Problem } from '../lib/problems.ts';

export interface Availability {
  ok: boolean;
  /** Why the action is not available (shown as the button's title). */
  why: string;
}

const yes: Availability = { ok: true, why: '' };
const no = (why: string): Availability => ({ ok: false, why });

const ENDED: Record<string, string> = {
  returned: 'The run has returned',
  failed: 'The run has failed',
  out_of_turns: 'The run is out of turns',
};

/**
 * What must be fixed before a Step: a panel's text that cannot be sent (data that does not parse), an
 * edit the engine refused (it still has the old value, so a Step would not run what is shown), and
 * the engine's own problems (a tool whose signature or implementation does not parse).
 */
export function blockingProblems(s: PlaygroundState): Problem[] {
  const drafts = Object.values(s.draftProblems).flat();
  return mergeProblems(drafts, s.definitionProblems, s.view?.setup.problems ?? []);
}

export function stepAvailability(s: PlaygroundState): Availability {
  const { view } = s;
  if (view === null) return no('No session is open');
  const blocking = blockingProblems(s);
  if (blocking.length > 0) return no(`Fix the session first: ${blocking.map((p) => p.text).join('; ')}`);
  if (view.status !== 'running') return no(`${ENDED[view.status] ?? 'The run has ended'}; Reset to run again`);
  // Step, Run and Stop are a state machine (run-machine.ts); an edit in flight does not block a Step.
  const blocked = stepBlocker(s.machine);
  if (blocked !== null) return no(blocked);
  if (s.confirming !== null) return no('Confirm or cancel the base URL first');
  // A session that asks a real LLM needs no reply typed; a person's typed reply is sent instead.
  if (asksLlm(s)) return yes;
  if (s.nextReply.trim() === '') return no(`There is no reply for turn ${view.turns.length + 1}; write one in the next-reply editor`);
  return yes;
}

/** True when the next Step asks a real LLM (rather than take the script's or a person's reply). */
export function asksLlm(s: PlaygroundState): boolean {
  const provider = s.view?.setup.definition.llm.provider;
  return (provider === 'openai' || provider === 'anthropic') && !(s.replyEdited && s.nextReply.trim() !== '');
}

export function runAvailability(s: PlaygroundState): Availability {
  return stepAvailability(s);
}

export function stopAvailability(s: PlaygroundState): Availability {
  const blocked = stopBlocker(s.machine);
  return blocked === null ? yes : no(blocked);
}

export function resetAvailability(s: PlaygroundState): Availability {
  if (s.view === null) return no('No session is open');
  const blocked = resetBlocker(s.machine);
  if (blocked !== null) return no(blocked);
  return yes;
}
