// What the page should show, computed in the test process by the engine itself (the same code the
// worker runs), so the tests compare the page with the engine's own rendering, not with copies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine, type RenderView, type View } from '../src/worker/engine.ts';
import { ROOT } from './server.ts';

export function exampleText(name: string): string {
  return readFileSync(join(ROOT, 'examples', `${name}.json`), 'utf8');
}

export function exampleJson(
  name: string,
): Record<string, unknown> & { title: string; mission: string; llm: { replies: string[] }; data: Record<string, unknown> } {
  return JSON.parse(exampleText(name)) as ReturnType<typeof exampleJson>;
}

/** An engine with the session open (text or JSON); throws with the problems when it does not open. */
export function engineWith(session: string | object): Engine {
  const engine = new Engine();
  const r = engine.open(session);
  if (!r.ok) throw new Error(`the session does not open: ${r.problems.map((p) => p.text).join('; ')}`);
  return engine;
}

/** Runs the next turn (the scripted reply, or the given one); throws when it cannot run. */
export function stepEngine(engine: Engine, reply?: string): View {
  const r = engine.stepTurn(reply);
  if (!r.ok) throw new Error(r.error);
  return r.view;
}

/** The content of the last USER message of a rendering (what `compressed-user` shows). */
export function lastUserContent(render: RenderView): string {
  const users = render.messages.filter((m) => m.role === 'user');
  const last = users[users.length - 1];
  if (!last) throw new Error(`the ${render.strategy} rendering has no USER message`);
  return last.content;
}
