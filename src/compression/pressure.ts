// Size checks of the strategies that decide by pressure (trim's trigger, single-user-coalesced's start):
// the o200k tokens of the full history after SYSTEM, as docs/strategies.md defines tokens.
import type { Message } from '../records/records.ts';
import { countTokens } from './tokens.ts';

const utf8 = new TextEncoder();

/** o200k tokens of one text (a special token's spelling counts as text). */
export function textTokens(text: string): number {
  return countTokens(text, 'o200k_base');
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
