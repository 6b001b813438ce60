// What every submit checks before anything is sent (custom ids, one provider endpoint per batch), and
// the bytes a request takes against a batch's limit.
import type { LlmSettings } from '../llm-settings.ts';
import type { BatchItem } from './batch.ts';
import { effectiveBaseUrl } from './request.ts';

/** Anthropic's rule for custom ids, held for both providers so one experiment's ids suit either. */
const CUSTOM_ID = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Throws a plain Error (a caller's mistake, nothing was sent) for an empty batch, a malformed or
 * repeated custom id, or an item of another provider or base URL than the batch's.
 */
export function checkItems(items: readonly BatchItem[], settings: LlmSettings): void {
  if (items.length === 0) throw new Error('A batch needs at least one request');
  const baseUrl = effectiveBaseUrl(settings);
  const seen = new Set<string>();
  for (const item of items) {
    if (!CUSTOM_ID.test(item.customId)) throw new Error(`The custom id "${item.customId}" is not 1 to 64 of the characters a-z, A-Z, 0-9, _ and -`);
    if (seen.has(item.customId)) throw new Error(`The custom id "${item.customId}" appears twice in one batch`);
    seen.add(item.customId);
    if (item.settings.provider !== settings.provider || effectiveBaseUrl(item.settings) !== baseUrl) {
      throw new Error(
        `The request "${item.customId}" is for ${item.settings.provider} at ${effectiveBaseUrl(item.settings)}, but this batch goes to ${settings.provider} at ${baseUrl}`,
      );
    }
  }
}

/** The item's settings, with the batch's model where the item names none. */
export function itemSettings(item: BatchItem, batch: LlmSettings): LlmSettings {
  return item.settings.model?.trim() ? item.settings : { ...item.settings, model: batch.model };
}

/** Bytes of `text` in UTF-8, counted without encoding it (JSON text has no lone surrogates). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The SDKs' timeout runs until the answer starts, the upload included; a batch's body can be hundreds
 * of megabytes, so sending it gets a second per megabyte (a slow 8 Mbit/s line) on top of the request timeout.
 */
export function uploadTimeoutMs(timeoutMs: number, bytes: number): number {
  return timeoutMs + Math.ceil(bytes / 1000);
}
