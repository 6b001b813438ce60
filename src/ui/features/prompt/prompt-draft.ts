// The SYSTEM prompt's setting as the panel edits it: the default, text before and after the default
// (prefix & suffix), or a whole replacement. Saved as the definition's `systemPrompt` (absent for the
// default, and when prefix and suffix are both empty, so an untouched session stays the default).
import type { SessionDefinition } from '../../../worker/engine.ts';
import { fieldProblem, type Problem } from '../../lib/problems.ts';
import type { DraftSpec } from '../../state/useDefinitionDraft.ts';

export type PromptMode = 'default' | 'wrap' | 'replace';

export interface PromptDraft {
  mode: PromptMode;
  prefix: string;
  suffix: string;
  replace: string;
}

export function readPrompt(d: SessionDefinition): PromptDraft {
  const sp = d.systemPrompt;
  if (sp === undefined) return { mode: 'default', prefix: '', suffix: '', replace: '' };
  if (sp.replace !== undefined) return { mode: 'replace', prefix: '', suffix: '', replace: sp.replace };
  return { mode: 'wrap', prefix: sp.prefix ?? '', suffix: sp.suffix ?? '', replace: '' };
}

export const REPLACE_EMPTY = fieldProblem('systemPrompt.replace', 'write the whole SYSTEM prompt, or choose another mode');

export function writePrompt(d: SessionDefinition, draft: PromptDraft): { ok: true; definition: SessionDefinition } | { ok: false; problems: Problem[] } {
  const { systemPrompt: _old, ...rest } = d;
  if (draft.mode === 'replace') {
    if (draft.replace.trim() === '') return { ok: false, problems: [REPLACE_EMPTY] };
    return { ok: true, definition: { ...rest, systemPrompt: { replace: draft.replace } } };
  }
  if (draft.mode === 'wrap') {
    const around = {
      ...(draft.prefix.trim() !== '' ? { prefix: draft.prefix } : {}),
      ...(draft.suffix.trim() !== '' ? { suffix: draft.suffix } : {}),
    };
    if (Object.keys(around).length > 0) return { ok: true, definition: { ...rest, systemPrompt: around } };
  }
  return { ok: true, definition: rest };
}

export const promptSpec: DraftSpec<PromptDraft> = {
  read: readPrompt,
  write: writePrompt,
  // Only the saved setting identifies this part: a mode picked with nothing typed yet is the same.
  key: (d) => JSON.stringify(d.systemPrompt ?? null),
};
