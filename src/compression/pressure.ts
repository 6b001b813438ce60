// Size checks of the strategies that decide by pressure (trim's trigger, single-user-coalesced's start):
// the o200k tokens of the full history after SYSTEM, as docs/strategies.md defines tokens.
import type { Message } from './records.ts';
import { countTokens } from './tokens.ts';

const utf8 = new TextEncoder();

/**
 * o200k tokens of one text. The tokenizer refuses text holding a special token such as `<|endoftext|>`
 * (which a reply may well quote); such a text is counted with `<|` split, an estimate off by a token or so,
 * because a rendering must never throw on what the model wrote.
 */
export function textTokens(text: string): number {
  return countTokens(text.includes('<|') ? text.replaceAll('<|', '< |') : text, 'o200k_base');
}

/** True when the contents of `messages` hold more than `limit` o200k tokens. */
export function exceedsTokens(messages: readonly Message[], limit: number): boolean {
  // Every token covers at least one UTF-8 byte: at or under the limit in bytes, the tokenizer need not run.
  let bytes = 0;
  for (const m of messages) bytes += utf8.encode(m.content).length;
  if (bytes <= limit) return false;
  let tokens = 0;
  for (const m of messages) {
    tokens += textTokens(m.content);
    if (tokens > limit) return true;
  }
  return false;
}
