// The fork dialog's fields and the ForkRequest they make: a setting is sent only when it changes
// something (the engine keeps the open branch's for the rest).
import type { ForkRequest } from '../../../worker/branch-ops.ts';
import type { SessionDefinition } from '../../../worker/engine.ts';

type Compression = SessionDefinition['compression'];

export type PromptChoice = 'unchanged' | 'default' | 'suffix';

export interface ForkForm {
  readonly name: string;
  readonly strategy: string;
  readonly prompt: PromptChoice;
  readonly suffix: string;
  readonly model: string;
  readonly temperature: string;
}

export function defaultForkName(strategy: string, at: number): string {
  return `${strategy} from turn ${at}`;
}

/** The strategy as the session file writes it: the open branch's options are kept when it has any. */
function compressionFor(strategy: string, current: Compression): Compression {
  return current !== null && typeof current === 'object' && !Array.isArray(current) ? { ...current, strategy } : strategy;
}

export function forkRequestOf(form: ForkForm, at: number, sessionStrategy: string, compression: Compression): ForkRequest {
  const llm: Record<string, unknown> = {};
  if (form.model.trim() !== '') llm.model = form.model.trim();
  if (form.temperature.trim() !== '') {
    const t = Number(form.temperature);
    // Not a number: sent as typed, so the engine's check says what is wrong with it.
    llm.temperature = Number.isFinite(t) ? t : form.temperature;
  }
  return {
    at,
    name: form.name,
    ...(form.strategy !== sessionStrategy ? { compression: compressionFor(form.strategy, compression) } : {}),
    ...(form.prompt === 'default' ? { systemPrompt: null } : form.prompt === 'suffix' ? { systemPrompt: { suffix: form.suffix } } : {}),
    ...(Object.keys(llm).length > 0 ? { llm } : {}),
  };
}
