// The HTTP request of a turn as the Request tab shows it: recorded turns show how they were sent, the
// next turn how it will be (null for the mock, a person, or a session that cannot run).
import { messagesFor, type PreparedAgent } from '../agent/loop.ts';
import { describeRequest } from '../agent/providers/index.ts';
import type { Step } from '../agent/turn.ts';
import type { Session } from '../session/session-file.ts';
import { sentWithOf } from './sent-with.ts';
import type { View } from './views.ts';

export function requestView(agent: PreparedAgent | null, session: Session, step: Step, n: number): View['request'] {
  if (!agent) return null;
  const turn = step.turns[n - 1];
  const settings = turn ? turn.llm : step.status === 'running' ? sentWithOf(session.llm) : undefined;
  if (settings === undefined || settings.provider === 'mock') return null;
  const messages = turn ? turn.messages : messagesFor(agent, step).messages;
  try {
    return describeRequest(settings, messages, agent.stablePrefix);
  } catch {
    return null;
  }
}
