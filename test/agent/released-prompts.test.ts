// Every default SYSTEM prompt ever released, by language and mode, pinned by its fingerprint: saved
// sessions and links leave these texts out and are rebuilt from them, so a released text that
// changed would make every such session open with a rendering that is not what was sent.
import { describe, expect, it } from 'vitest';
import { CURRENT_LANGUAGE, LANGUAGE_IDS, type LanguageId } from '../../src/agent/languages.ts';
import { promptHash, SystemPrompt, type PromptMode } from '../../src/agent/system-prompt.ts';

const RELEASED: Readonly<Record<Exclude<LanguageId, typeof CURRENT_LANGUAGE>, Record<PromptMode, string>>> = {
  '2026-01': { single_shot: 'c898db31c22bdf07', multi_turn: 'eb0e9be769561e64' },
};

describe('released SYSTEM prompts', () => {
  it.each(Object.entries(RELEASED) as [string, Record<PromptMode, string>][])('%s: each mode still renders the text released then', (language, hashes) => {
    for (const [mode, hash] of Object.entries(hashes)) expect(promptHash(SystemPrompt.generate(mode as PromptMode, {}, language as LanguageId))).toBe(hash);
  });

  it('keeps prefix and suffix around the released text, and a replacement as it is', () => {
    const base = SystemPrompt.generate('multi_turn', {}, '2026-01');
    expect(SystemPrompt.generate('multi_turn', { prefix: 'Be brief.', suffix: 'Answer in French.' }, '2026-01')).toBe(
      `Be brief.\n\n${base}\n\nAnswer in French.`,
    );
    expect(SystemPrompt.generate('multi_turn', { replace: 'mine' }, '2026-01')).toBe('mine');
  });

  it('pins every language but today’s, whose text may still change until the next one is released', () => {
    expect([...Object.keys(RELEASED), CURRENT_LANGUAGE].sort()).toEqual([...LANGUAGE_IDS].sort());
    expect(SystemPrompt.generate('multi_turn')).toBe(SystemPrompt.generate('multi_turn', {}, CURRENT_LANGUAGE));
  });
});
