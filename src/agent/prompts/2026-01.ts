// The SYSTEM prompt's language part and reply rules as released for PTC-Lisp of January 2026, the
// language before the 2026-08 reference, kept verbatim as data. Sessions saved then leave these texts
// out and are rebuilt from them, so they never change: test/agent/released-prompts.test.ts pins
// their fingerprints.
import type { PromptMode } from '../language-spec.ts';
import released from './2026-01.json';

export const JANUARY_2026 = {
  language: (mode: PromptMode): string => released[mode].language,
  rules: (mode: PromptMode): string => released[mode].rules,
};
