// Base URLs the person has vouched for in this browser: confirmed before a request, or typed (or
// chosen from a preset) in the LLM panel. A saved session reopened later (after a reload) asks again
// only for a base URL that is not among them. Base URLs are no secret; keys are never kept here.
import { browserKeyStorage, normalizeBaseUrl, type KeyStorage } from '../persistence/keys.ts';

export const CONFIRMED_URLS_KEY = 'ptc-playground:confirmed-base-urls';
const MAX_ENTRIES = 50;

function read(storage: KeyStorage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CONFIRMED_URLS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

export function isConfirmedHere(baseUrl: string, storage: KeyStorage | null = browserKeyStorage()): boolean {
  return read(storage).includes(normalizeBaseUrl(baseUrl));
}

export function confirmHere(baseUrl: string, storage: KeyStorage | null = browserKeyStorage()): void {
  const url = normalizeBaseUrl(baseUrl);
  if (url === '') return;
  const list = [url, ...read(storage).filter((u) => u !== url)].slice(0, MAX_ENTRIES);
  try {
    storage?.setItem(CONFIRMED_URLS_KEY, JSON.stringify(list));
  } catch {
    // Refused storage: the confirmation holds for this page (the store) only.
  }
}

/** Whether a request to `baseUrl` must be confirmed first, given the store's unconfirmed base URL. */
export function needsConfirmation(unconfirmed: string | null, baseUrl: string | undefined): boolean {
  return unconfirmed !== null && baseUrl !== undefined && normalizeBaseUrl(unconfirmed) === normalizeBaseUrl(baseUrl);
}
