// The session file's text in pieces: the head (everything but the turns, with `"turns": []`) and one
// string per recorded turn, each made once. The page keeps the pieces it was sent and joins them only
// when it needs the text (autosave, a restart), so a Step costs the new turn's piece, not the session.
// A piece is written as a session file writes its turn: without its messages when the session's
// definition renders them identically from the turns before it. A piece therefore depends on the
// definition (and on the turns before it): a definition that renders differently, or turns that are
// not the last ones with more added (a reset, another branch), start a new generation of pieces
// (`rev`), and the page is sent them all again.
import type { Turn } from '../agent/turn.ts';
import { MessageWriter } from '../session/derived-messages.ts';
import { headText } from '../session/file-pieces.ts';
import { cutHead, turnPiece, type SessionHead } from '../session/file-text.ts';
import { turnToJson, type Session } from '../session/session-file.ts';
import type { SavedText } from './view-parts.ts';

const heads = new WeakMap<Session, SessionHead>();

/** The session's head, large data cut out (made once per session object: every change of the definition is a new one). */
export function headOf(session: Session): SessionHead {
  let head = heads.get(session);
  if (head === undefined) {
    head = cutHead(headText(session));
    heads.set(session, head);
  }
  return head;
}

/** The top-level fields of a session's text that its rendering reads (MessageWriter.for). */
const RENDERING_FIELDS = new Set(['mission', 'maxTurns', 'compression', 'data', 'tools', 'limits', 'systemPrompt']);

/**
 * What a turn's rendering depends on, read off the session's head: the text of each field the
 * rendering reads (the same text, the same rendering: an edit of the title or the LLM's settings
 * keeps every piece). Top-level keys are the only lines indented by two spaces that start with a
 * quote (JSON strings hold no raw newline), so the fields are found without parsing.
 */
function renderingFields(head: SessionHead): readonly string[] {
  // Cut out of the text, large data is its own field.
  const key: string[] = [head.dataText ?? ''];
  const text = head.text;
  const mark = '\n  "';
  for (let at = text.indexOf(mark); at >= 0;) {
    const next = text.indexOf(mark, at + mark.length);
    const name = text.slice(at + mark.length, text.indexOf('"', at + mark.length));
    if (RENDERING_FIELDS.has(name)) key.push(name, text.slice(at, next < 0 ? text.length : next));
    at = next;
  }
  return key;
}

function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** One generation of pieces: the writer of a definition and the pieces it has written. */
interface Generation {
  readonly key: readonly unknown[];
  readonly rev: number;
  /** Null when the definition cannot render: every message is kept. */
  readonly writer: MessageWriter | null;
  readonly pieces: WeakMap<Turn, string>;
  /** The turns it last wrote: a writer counts what it left out against the reader's budget, run by run. */
  turns: readonly Turn[];
}

/** True when `turns` are `before` with turns added (the same run, not a reset or another branch). */
function extendsRun(before: readonly Turn[], turns: readonly Turn[]): boolean {
  const n = before.length;
  return n <= turns.length && (n === 0 || turns[n - 1] === before[n - 1]);
}

/** The pieces of one engine's open session, made as turns are recorded and again when the definition changes. */
export class SavedPieces {
  private generation: Generation | null = null;
  private revs = 0;
  /** The session whose fields were read last (a Step or a turn switch keeps the session object). */
  private keyed: { session: Session; fields: readonly string[] } | null = null;

  private keyOf(session: Session, head: SessionHead, turnCount: number): readonly unknown[] {
    let k = this.keyed;
    if (k === null || k.session !== session) {
      k = { session, fields: renderingFields(head) };
      this.keyed = k;
    }
    // The reader raises maxTurns to hold the turns, and renders with the raised one.
    return [Math.max(session.maxTurns, turnCount), ...k.fields];
  }

  text(session: Session, turns: readonly Turn[]): SavedText {
    const head = headOf(session);
    const key = this.keyOf(session, head, turns.length);
    let g = this.generation;
    if (g === null || !sameKey(g.key, key) || !extendsRun(g.turns, turns)) {
      g = { key, rev: ++this.revs, writer: MessageWriter.for(session, turns.length), pieces: new WeakMap(), turns };
      this.generation = g;
    }
    g.turns = turns;
    const gen = g;
    const data = head.dataAt !== undefined ? { dataAt: head.dataAt, dataText: head.dataText } : {};
    return { head: head.text, ...data, turns: turns.map((t, i) => piece(gen, turns, i)), rev: gen.rev };
  }
}

function piece(g: Generation, turns: readonly Turn[], i: number): string {
  const turn = turns[i];
  let text = g.pieces.get(turn);
  if (text === undefined) {
    const stored = g.writer ? g.writer.store(turns, i) : undefined;
    text = turnPiece(turnToJson(turn, stored));
    g.pieces.set(turn, text);
  }
  return text;
}
