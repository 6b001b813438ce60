// Where a session's LLM requests go, and whether that place needs a key: the page decides this
// before any request (a hosted API without a key is told so at once, a local server may take none).
import { presetForBaseUrl } from '../../agent/providers/presets.ts';
import { effectiveBaseUrl } from '../../agent/providers/request.ts';
import type { LlmDefinition, View } from '../../worker/engine.ts';

/** A real provider at one base URL: the unit a key belongs to. */
export interface Endpoint {
  readonly provider: 'openai' | 'anthropic';
  /** The base URL requests go to (the provider's own API when the session sets none). */
  readonly baseUrl: string;
}

export type RealProvider = Endpoint['provider'];

export function isRealProvider(provider: string): provider is RealProvider {
  return provider === 'openai' || provider === 'anthropic';
}

/** The endpoint requests of this LLM go to; null for the mock. */
export function endpointOf(llm: LlmDefinition): Endpoint | null {
  if (!isRealProvider(llm.provider)) return null;
  return { provider: llm.provider, baseUrl: effectiveBaseUrl({ provider: llm.provider, ...(llm.baseUrl !== undefined ? { baseUrl: llm.baseUrl } : {}) }) };
}

/** The endpoint of the open session, when it asks a real LLM. */
export function viewEndpoint(view: View | null): Endpoint | null {
  return view ? endpointOf(view.setup.definition.llm) : null;
}

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

/** True for a server on this machine (localhost, 127.x, ::1, *.localhost). */
export function isLocalUrl(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl.trim()).hostname.toLowerCase();
    return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/** Local servers and presets that say so take any key or none; hosted APIs need one. */
export function keyRequired(endpoint: Endpoint): boolean {
  if (isLocalUrl(endpoint.baseUrl)) return false;
  return presetForBaseUrl(endpoint.baseUrl)?.keyRequired ?? true;
}

export function providerLabel(provider: string): string {
  if (provider === 'openai') return 'OpenAI-compatible';
  if (provider === 'anthropic') return 'Anthropic';
  return 'Mock script';
}
