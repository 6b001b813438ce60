// Every default SYSTEM prompt ever released, by language, version and mode, pinned by its
// fingerprint: saved sessions and links leave these texts out and are rebuilt from them, so a
// released text that changed would make every such session open with a rendering that is not what
// was sent. To change today's default: keep the released text as it is (src/agent/prompts/), add
// the new one as the language's next version in system-prompt.ts, and pin it here.
import { describe, expect, it } from 'vitest';
import { LANGUAGE_IDS, type LanguageId } from '../../src/agent/languages.ts';
import { promptHash, SystemPrompt, type PromptMode } from '../../src/agent/system-prompt.ts';

const RELEASED: Readonly<Record<LanguageId, readonly Readonly<Record<PromptMode, string>>[]>> = {
  '2026-01': [{ single_shot: 'c898db31c22bdf07', multi_turn: 'eb0e9be769561e64' }],
  '2026-08': [
    { single_shot: 'ebc793f6ce80331d', multi_turn: '767b5a9373c4da66' },
    { single_shot: '9d6302f87e2781b9', multi_turn: '209d449e9af45f62' },
  ],
};

const MODES: readonly PromptMode[] = ['single_shot', 'multi_turn'];

describe('released SYSTEM prompts', () => {
  it.each(LANGUAGE_IDS)('%s: every released version still renders the text released then', (language) => {
    const versions = RELEASED[language];
    const got = versions.map((_, v) => Object.fromEntries(MODES.map((mode) => [mode, promptHash(SystemPrompt.generate(mode, {}, language, v))])));
    expect(got).toEqual(versions);
    // The latest is what new turns of the language get.
    for (const mode of MODES) expect(SystemPrompt.generate(mode, {}, language)).toBe(SystemPrompt.generate(mode, {}, language, versions.length - 1));
  });

  it('finds the version a turn recorded by its fingerprint, with the session’s prefix and suffix', () => {
    const opts = { prefix: 'Be brief.', suffix: 'Answer in French.' };
    const text = SystemPrompt.generate('multi_turn', opts, '2026-01', 0);
    expect(text).toBe(`Be brief.\n\n${SystemPrompt.generate('multi_turn', {}, '2026-01')}\n\nAnswer in French.`);
    expect(SystemPrompt.versionOf('multi_turn', opts, '2026-01', promptHash(text))).toBe(0);
    expect(SystemPrompt.versionOf('multi_turn', opts, '2026-01', 'ffffffffffffffff')).toBeUndefined();
    expect(SystemPrompt.versionOf('multi_turn', { replace: 'mine' }, '2026-01', promptHash('mine'))).toBeUndefined();
    expect(SystemPrompt.generate('multi_turn', { replace: 'mine' }, '2026-01')).toBe('mine');
  });

  it('refuses a version that was never released', () => {
    expect(() => SystemPrompt.generate('multi_turn', {}, '2026-01', 7)).toThrow(/no version 7/);
  });
});
