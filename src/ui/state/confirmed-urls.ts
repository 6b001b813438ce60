// Base URLs the person has vouched for in this browser: confirmed before a request, or typed (or
// chosen from a preset) in the LLM panel. A saved session reopened later (after a reload) asks again
// only for a base URL that is not among them; MCP servers' URLs are kept the same way in a list of
// their own. URLs are no secret; keys and header values are never kept here.
import { browserKeyStorage, normalizeBaseUrl, type KeyStorage } from '../persistence/keys.ts';

export const CONFIRMED_URLS_KEY = 'ptc-playground:confirmed-base-urls';
/** MCP servers' URLs are vouched for apart: a yes to an LLM address is no yes to a tool server there. */
export const CONFIRMED_SERVER_URLS_KEY = 'ptc-playground:confirmed-server-urls';
const MAX_ENTRIES = 50;

function read(storage: KeyStorage | null, list = CONFIRMED_URLS_KEY): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(list) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

export function isConfirmedHere(baseUrl: string, storage: KeyStorage | null = browserKeyStorage(), list = CONFIRMED_URLS_KEY): boolean {
  return read(storage, list).includes(normalizeBaseUrl(baseUrl));
}

export function confirmHere(baseUrl: string, storage: KeyStorage | null = browserKeyStorage(), list = CONFIRMED_URLS_KEY): void {
  const url = normalizeBaseUrl(baseUrl);
  if (url === '') return;
  const kept = [url, ...read(storage, list).filter((u) => u !== url)].slice(0, MAX_ENTRIES);
  try {
    storage?.setItem(list, JSON.stringify(kept));
  } catch {
    // Refused storage: the confirmation holds for this page (the store) only.
  }
}

export const isServerConfirmedHere = (url: string, storage: KeyStorage | null = browserKeyStorage()): boolean =>
  isConfirmedHere(url, storage, CONFIRMED_SERVER_URLS_KEY);

export const confirmServerHere = (url: string, storage: KeyStorage | null = browserKeyStorage()): void => confirmHere(url, storage, CONFIRMED_SERVER_URLS_KEY);

/** Whether a request to `baseUrl` must be confirmed first, given the store's unconfirmed base URL. */
export function needsConfirmation(unconfirmed: string | null, baseUrl: string | undefined): boolean {
  return unconfirmed !== null && baseUrl !== undefined && normalizeBaseUrl(unconfirmed) === normalizeBaseUrl(baseUrl);
}
