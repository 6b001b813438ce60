// The session file's text in pieces: the head (everything but the turns, with `"turns": []`) and one
// string per recorded turn, each made once (a recorded turn never changes; the head only when the
// session's definition does). The page keeps the pieces it was sent and joins them only when it
// needs the text (autosave, a restart), so a Step costs the new turn's piece, not the session.
// Each turn keeps its messages whole (serializeSession's `keepMessages`): leaving out the messages the
// definition re-renders would make every piece depend on the definition and on the turns before it.
import type { Turn } from '../agent/turn.ts';
import { serializeSession, turnToJson, type Session } from '../session/session-file.ts';

export { assembleSessionText, type SavedText } from './view-patch.ts';

const turnTexts = new WeakMap<Turn, string>();
const headTexts = new WeakMap<Session, string>();

/** A turn's piece: pretty JSON indented to sit inside the session's `turns` array (made once per turn). */
export function turnText(turn: Turn): string {
  let text = turnTexts.get(turn);
  if (text === undefined) {
    // JSON strings hold no raw newline, so every newline is a line break to indent.
    text = `    ${JSON.stringify(turnToJson(turn), null, 2).replace(/\n/g, '\n    ')}`;
    turnTexts.set(turn, text);
  }
  return text;
}

/** The session's head (made once per session object: every change of the definition is a new one). */
export function headText(session: Session): string {
  let text = headTexts.get(session);
  if (text === undefined) {
    text = serializeSession(session.turns.length === 0 ? session : { ...session, turns: [] });
    headTexts.set(session, text);
  }
  return text;
}
