// The pieces of a session's file text (./file-text.ts) made from the session itself: the head and
// every turn's piece. The engine makes the same pieces one turn at a time (src/worker/saved-text.ts);
// joined, they are the file serializeSession writes.
import { storedMessages } from './derived-messages.ts';
import { cutHead, turnPiece, type FileText } from './file-text.ts';
import { serializeSession, turnToJson, type Session } from './session-file.ts';

/** The file without its turns (`"turns": []`), written as serializeSession writes the whole. */
export function headText(session: Session): string {
  return serializeSession(session.turns.length === 0 ? session : { ...session, turns: [] });
}

/** Every piece of the session's file, large data cut out of the head. */
export function filePieces(session: Session): FileText {
  const head = cutHead(headText(session));
  const stored = session.turns.length > 0 ? storedMessages(session) : [];
  return {
    head: head.text,
    ...(head.dataAt !== undefined ? { dataAt: head.dataAt, dataText: head.dataText } : {}),
    turns: session.turns.map((t, i) => turnPiece(turnToJson(t, stored[i]))),
  };
}
