// What a session's own script answers: its mock replies (else its recorded replies) run as written,
// with the session's settings. The natural success check for an experiment whose models follow that
// script (the simulated model): "returned what the script returns".
import { applyReply, initialStep, messagesFor, prepareAgent } from '../agent/loop.ts';
import type { Value } from '../lisp/values.ts';
import { sessionToAgent, type Session } from '../session/session-file.ts';
import { scriptOf } from './plan.ts';

/** The value the script returns, or undefined when it does not return (or the session cannot run). */
export function scriptAnswer(session: Session): Value | undefined {
  const prepared = prepareAgent(sessionToAgent(session));
  if (!prepared.ok) return undefined;
  const agent = prepared.agent;
  const script = scriptOf(session);
  let step = initialStep();
  for (const reply of script) {
    if (step.status !== 'running') break;
    step = applyReply(agent, step, reply, messagesFor(agent, step).messages);
  }
  return step.status === 'returned' ? (step.return ?? null) : undefined;
}
