// The SYSTEM prompt's language part and reply rules as first released for the 2026-08 reference,
// kept verbatim as data. Sessions saved with it leave these texts out and are rebuilt from them, so
// they never change: test/agent/released-prompts.test.ts pins their fingerprints.
import type { PromptMode } from '../language-spec.ts';
import released from './2026-08.json';

export const AUGUST_2026_FIRST = {
  language: (mode: PromptMode): string => released[mode].language,
  rules: (mode: PromptMode): string => released[mode].rules,
};
