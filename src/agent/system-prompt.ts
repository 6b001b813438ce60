// SystemPrompt: the static SYSTEM message (docs/decisions.md C2, R2, R3): an optional prefix, the PTC-Lisp
// reference and the rules for replying, an optional suffix; or a text that replaces all of it. It
// never contains the mission, tools or data, so it is a pure function of (mode, options) and can be
// cached by the LLM provider.
import { LanguageSpec, type PromptMode } from './language-spec.ts';
import { CURRENT_LANGUAGE, type LanguageId } from './languages.ts';
import { JANUARY_2026 } from './prompts/2026-01.ts';
import { AUGUST_2026_FIRST } from './prompts/2026-08.ts';

export type { PromptMode } from './language-spec.ts';

/** How a session changes the SYSTEM prompt: text around the default, or a replacement for it. */
export type SystemPromptOptions =
  | {
      /** Placed before the default, e.g. "You are a careful data analyst." */
      readonly prefix?: string;
      /** Placed after the default, e.g. house rules for answers. */
      readonly suffix?: string;
      readonly replace?: undefined;
    }
  | { readonly replace: string; readonly prefix?: undefined; readonly suffix?: undefined };

const FENCE = '```';

const MULTI_TURN_RULES = `# How to reply

The user message holds the mission, the tools (\`tool/\`) and the input data (\`data/\`). You solve it in turns, like a REPL session.

Every reply must contain exactly one ${FENCE}clojure code block: the program for this turn. The program is taken from that block; a reply without one is a failed turn. Keep any text outside the block short.

After each turn:
- Your program has run. Its \`def\`/\`defn\` definitions persist to later turns and are listed under \`user/\` with their types.
- You only see what you print. Use \`(println ...)\` for each value you need to look at; the output is shown in the next message. Print counts, keys and a few items rather than whole collections (long lines are cut). Until some turn prints, defined values are listed with a short sample; after that, println is how you see values.
- The tool calls made so far are listed by name and arguments, without their results. Keep a result with def, e.g. \`(def reviews (tool/search-reviews "Electronics"))\`, rather than calling the tool again.
- \`*1\` holds the previous turn's result.
- If the program fails, you see it with its error. None of its definitions were kept, but its tool calls did happen. Fix it in the next turn.

Finish with \`(return value)\` as soon as you have the answer the mission asks for, or \`(fail "reason")\` when it cannot be done. A turn that does neither simply continues the run. The user message ends with \`Turns left: N\`; on the final turn it tells you so, and then you must return or fail.

Work in small steps: look at the shape of the data first (a count, the keys, one item), then compute, then return. When the answer is already clear, compute and return in the same turn.

Example reply:
${FENCE}clojure
(def in-stock (filter #(pos? (:stock %)) data/products))
(println "in stock:" (count in-stock) "first:" (first in-stock))
${FENCE}`;

const SINGLE_SHOT_RULES = `# How to reply

The user message holds the mission, the tools (\`tool/\`) and the input data (\`data/\`). You get one program and one run: there are no later turns and no feedback.

Reply with exactly one ${FENCE}clojure code block containing the whole program. The program is taken from that block; a reply without one fails.

The value of the last expression is the answer. \`(return value)\` also ends the program with an answer, and \`(fail "reason")\` ends it as a failure when the mission cannot be done. Nobody reads println output before the answer is taken, so build the answer as a value. Use let, def and defn freely for intermediate steps.

Example reply:
${FENCE}clojure
(->> data/products
     (filter #(pos? (:stock %)))
     (sort-by :price)
     (mapv :name))
${FENCE}`;

/** The language part and the reply rules of a default prompt. */
interface PromptText {
  language(mode: PromptMode): string;
  rules(mode: PromptMode): string;
}

/**
 * Every released default prompt of each language, oldest first: a session saved with one is rebuilt
 * from it (turns record its fingerprint). A changed default is a new version appended here, the
 * released text kept as it was (src/agent/prompts/); test/agent/released-prompts.test.ts pins each.
 */
const DEFAULTS: Readonly<Record<LanguageId, readonly PromptText[]>> = {
  '2026-01': [JANUARY_2026],
  '2026-08': [
    AUGUST_2026_FIRST,
    {
      language: (mode) => LanguageSpec.get(mode),
      rules: (mode) => (mode === 'multi_turn' ? MULTI_TURN_RULES : SINGLE_SHOT_RULES),
    },
  ],
};

export const SystemPrompt = {
  /**
   * The released version of `language`'s default whose prompt has fingerprint `hash` (for a turn that
   * recorded it), the latest first; undefined when none has it (the latest then stands in).
   */
  versionOf(mode: PromptMode, opts: SystemPromptOptions, language: LanguageId, hash: string | undefined): number | undefined {
    if (hash === undefined || opts.replace !== undefined) return undefined;
    for (let v = DEFAULTS[language].length - 1; v >= 0; v--) if (promptHash(SystemPrompt.generate(mode, opts, language, v)) === hash) return v;
    return undefined;
  },

  /**
   * The SYSTEM prompt for a mode: [prefix,] language reference, reply rules[, suffix], as taught for
   * `language` (today's by default). Same input, same text.
   */
  generate(mode: PromptMode, opts: SystemPromptOptions = {}, language: LanguageId = CURRENT_LANGUAGE, version?: number): string {
    if (opts.replace !== undefined) return opts.replace;
    const versions = DEFAULTS[language];
    const text = versions[version ?? versions.length - 1];
    if (text === undefined) throw new Error(`no version ${String(version)} of the ${language} prompt`);
    const parts = [text.language(mode), text.rules(mode)];
    const prefix = opts.prefix?.trim();
    if (prefix) parts.unshift(prefix);
    const suffix = opts.suffix?.trim();
    if (suffix) parts.push(suffix);
    return parts.join('\n\n');
  },
};

/**
 * A short fingerprint of a prompt's text (64-bit FNV-1a over its UTF-16 code units, in hex), recorded
 * with each turn so runs that differ only in the prompt can be told apart. Not for security.
 */
export function promptHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * prime) & mask;
  return h.toString(16).padStart(16, '0');
}
