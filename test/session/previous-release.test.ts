// Sessions saved before languages had versions keep opening exactly. The file beside this test is a
// benchmark session as the previous release saved it (no `language`; its turns call `where`, which
// the 2026-08 reference removed, and leave their messages out to be rebuilt): it opens without a
// warning, with every turn's SYSTEM prompt the January one it was sent with, its outcomes and
// definitions as recorded, and new turns under today's language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CURRENT_LANGUAGE, languageName } from '../../src/agent/languages.ts';
import { promptHash, SystemPrompt } from '../../src/agent/system-prompt.ts';
import { decodeLink, toBase64Url } from '../../src/session/link-codec.ts';
import { parseSession, serializeSession } from '../../src/session/session-file.ts';
import { Engine } from '../../src/worker/engine.ts';
import { printValue } from '../../src/lisp/printer.ts';

const TEXT = readFileSync(join(__dirname, 'previous-release', 'library-loans.json'), 'utf8');
const JANUARY = SystemPrompt.generate('multi_turn', {}, '2026-01');

function opened() {
  const r = parseSession(TEXT);
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return r;
}

describe('a session file saved by the previous release', () => {
  it('opens without a warning, every turn under January 2026 with the SYSTEM prompt it was sent', () => {
    const { session, warnings } = opened();
    expect(warnings).toEqual([]);
    expect(JSON.parse(TEXT)).not.toHaveProperty('language');
    expect(session.turns.map((t) => t.language)).toEqual(session.turns.map(() => '2026-01'));
    for (const t of session.turns) {
      expect(t.promptHash).toBe(promptHash(JANUARY));
      expect(t.messages[0]).toEqual({ role: 'system', content: JANUARY });
    }
    expect(session.turns.some((t) => t.program.includes('(where '))).toBe(true);
  });

  it('writes its turns with their language, and reads back the same turns', () => {
    const { session } = opened();
    const text = serializeSession(session);
    const json = JSON.parse(text) as { language: string; turns: { language?: string; messages?: unknown }[] };
    expect(json.language).toBe(CURRENT_LANGUAGE);
    expect(json.turns.map((t) => t.language)).toEqual(json.turns.map(() => '2026-01'));
    // Still rebuilt from the January prompt rather than written out.
    expect(json.turns.every((t) => t.messages === undefined)).toBe(true);
    const again = parseSession(text);
    expect(again.ok && again.warnings).toEqual([]);
    expect(again.ok && serializeSession(again.session)).toBe(text);
    expect(again.ok && again.session.turns.map((t) => t.messages)).toEqual(session.turns.map((t) => t.messages));
  });

  it('opens from a share link the previous release made, without a warning', () => {
    const compact = JSON.stringify(JSON.parse(TEXT));
    const fragment = `s=2.${toBase64Url(deflateSync(new TextEncoder().encode(compact), { level: 9 }))}`;
    const r = decodeLink(fragment);
    expect(r.ok && r.warnings).toEqual([]);
    expect(r.ok && r.session.turns.map((t) => t.messages[0].content === JANUARY)).toEqual(opened().session.turns.map(() => true));
  });

  it('keeps its recorded outcomes and definitions in the engine, says which language each turn ran under, and runs new turns under today’s', () => {
    const engine = new Engine();
    const r = engine.open(TEXT);
    expect(r.ok && (r.warnings ?? [])).toEqual([]);
    const view = engine.view();
    const recorded = opened().session.turns;
    expect(view.turns.map((t) => [t.success, t.result])).toEqual(recorded.map((t) => [t.success, t.success ? printValue(t.result) : null]));
    expect(view.turns.map((t) => t.language?.name)).toEqual(recorded.map(() => languageName('2026-01')));
    expect(view.status).toBe('returned');
    engine.reset();
    const stepped = engine.stepTurn('```clojure\n(filter #(= (:id %) "M001") data/members)\n```');
    expect(stepped.ok).toBe(true);
    const turn = engine.view().turns[0];
    expect([turn.success, turn.language]).toEqual([true, undefined]);
    expect(engine.current().turns[0].messages[0].content).toBe(SystemPrompt.generate('multi_turn'));
  });
});
