// Turning what went wrong (an HTTP status, a refused connection, a stop…) into an LlmError whose
// message says what to do about it. Shared by both providers; each SDK's own error classes (the two
// SDKs come from the same generator and export the same ones) are sorted into a Failure here.
import { LlmError, type LlmErrorKind, type Usage } from '../llm.ts';
import { REDACTED } from './request.ts';

/** A Retry-After longer than this fails at once instead of keeping the run waiting. */
export const MAX_RETRY_AFTER_SECONDS = 60;

export type Failure =
  /** The server answered with an error (status absent for an error event inside a stream). */
  | { readonly type: 'http'; readonly status?: number; readonly headers?: Headers; readonly body?: unknown; readonly message?: string }
  | { readonly type: 'aborted' }
  | { readonly type: 'timeout' }
  /** No answer could be read: `connect` before a response, `stream` while reading one. */
  | { readonly type: 'network'; readonly phase: 'connect' | 'stream'; readonly cause: unknown }
  | { readonly type: 'other'; readonly error: unknown };

export interface ErrorContext {
  readonly provider: 'openai' | 'anthropic';
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

export interface Received {
  readonly partialText?: string;
  readonly usage?: Usage;
}

/** Never let the key out: replaces it wherever an upstream message quoted it. */
export function redactKey(text: string, apiKey: string): string {
  // A key this short is no secret and replacing it would garble the message.
  if (apiKey.length < 4) return text;
  return text.split(apiKey).join(REDACTED);
}

/** Seconds from `retry-after-ms`, `Retry-After: <seconds>` or `Retry-After: <HTTP date>`. */
export function parseRetryAfter(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms) / 1000);
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  if (Number.isFinite(Number(value))) return Math.max(0, Number(value));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The SDKs wait as long as Retry-After says before retrying; past a minute that would freeze the run,
 * so such a response is marked `x-should-retry: false` (both SDKs obey it) and fails at once.
 */
export function limitRetryAfter(baseFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    const retryable = response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500;
    const wait = retryable ? parseRetryAfter(response.headers) : undefined;
    if (wait === undefined || wait <= MAX_RETRY_AFTER_SECONDS) return response;
    const headers = new Headers(response.headers);
    headers.set('x-should-retry', 'false');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** True in a page or a Web Worker, where a failed fetch may be a CORS refusal. */
export function inBrowser(): boolean {
  // Read off globalThis: the engine layers are type-checked without the DOM (tsconfig.engine.json).
  const host = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return typeof host.document !== 'undefined' || typeof host.WorkerGlobalScope !== 'undefined';
}

function pageOrigin(): string | undefined {
  const loc = (globalThis as { location?: { origin?: unknown } }).location;
  return typeof loc?.origin === 'string' && loc.origin !== 'null' ? loc.origin : undefined;
}

/** The provider's own words from an error body (OpenAI `{error:{message}}`, Anthropic `{type, error:{message}}`). */
export function providerMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message.trim() !== '') return record.message;
  if ('error' in record) return providerMessage(record.error);
  return undefined;
}

function errorType(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.error === 'object' && record.error !== null) return errorType(record.error);
  return typeof record.type === 'string' ? record.type : undefined;
}

function describeCause(cause: unknown): string {
  const parts: string[] = [];
  let current: unknown = cause;
  // undici hides the real reason (ECONNREFUSED, ENOTFOUND…) one or two `cause`s down.
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    const text = typeof code === 'string' && !current.message.includes(code) ? `${current.message} (${code})` : current.message;
    if (text && !parts.includes(text)) parts.push(text);
    current = (current as { cause?: unknown }).cause;
  }
  if (parts.length === 0) return String(cause);
  return parts.join(': ');
}

function seconds(ms: number): string {
  return `${Math.round(ms) / 1000} s`;
}

function waitText(secondsToWait: number): string {
  if (secondsToWait < 120) return `${Math.ceil(secondsToWait)} s`;
  if (secondsToWait < 7200) return `${Math.ceil(secondsToWait / 60)} min`;
  return `${Math.ceil(secondsToWait / 3600)} h`;
}

function notFoundHint(ctx: ErrorContext): string {
  return ctx.provider === 'openai' ? 'OpenAI-compatible base URLs usually end in /v1' : "Anthropic's base URL is https://api.anthropic.com, without /v1";
}

function httpError(f: Extract<Failure, { type: 'http' }>, ctx: ErrorContext, partial: Received): LlmError {
  const said = providerMessage(f.body) ?? f.message;
  const suffix = said ? ` The server said: ${said}` : '';
  const status = f.status;
  const details = { ...partial, ...(status !== undefined ? { status } : {}) };
  const make = (message: string, kind: LlmErrorKind, extra: { retryAfterSeconds?: number } = {}) =>
    new LlmError(redactKey(message + suffix, ctx.apiKey), kind, { ...details, ...extra });
  const where = `${ctx.baseUrl}`;
  if (status === 401 || status === 403) {
    return make(
      `The API key was refused by ${where} (HTTP ${status}): it is missing, mistyped or not allowed to use model "${ctx.model}". Check the key for this provider.`,
      'auth',
    );
  }
  if (status === 404) {
    return make(
      `${where} answered 404 Not Found for model "${ctx.model}": the model name is unknown or the base URL is wrong (${notFoundHint(ctx)}).`,
      'not_found',
    );
  }
  if (status === 429) {
    const wait = parseRetryAfter(f.headers);
    const extra = wait !== undefined ? { retryAfterSeconds: wait } : {};
    if (wait !== undefined && wait > MAX_RETRY_AFTER_SECONDS) {
      return make(
        `Rate limited by ${where} (HTTP 429): it asks to wait ${waitText(wait)} before trying again, so the request was not retried. Try again after that.`,
        'rate_limit',
        extra,
      );
    }
    const tries = ctx.maxRetries === 1 ? '1 retry' : `${ctx.maxRetries} retries`;
    return make(
      `Rate limited by ${where} (HTTP 429), still after ${tries}. Wait a little and try again, or use a slower pace or a higher rate limit.`,
      'rate_limit',
      extra,
    );
  }
  if (status !== undefined && status >= 500) {
    const wait = parseRetryAfter(f.headers);
    const extra = wait !== undefined ? { retryAfterSeconds: wait } : {};
    return make(`${where} had a server error (HTTP ${status}) for model "${ctx.model}". Try again later.`, 'server', extra);
  }
  if (status !== undefined && status >= 400) {
    return make(`${where} refused the request (HTTP ${status}) for model "${ctx.model}".`, 'bad_request');
  }
  // An error event inside a stream carries no status, only the provider's error type.
  const type = errorType(f.body);
  if (type === 'overloaded_error' || type === 'api_error' || type === 'server_error') {
    return make(`${where} failed while answering (${type}). Try again later.`, 'server');
  }
  if (type === 'rate_limit_error') return make(`Rate limited by ${where} while answering.`, 'rate_limit');
  return make(`${where} returned an error${status !== undefined ? ` (HTTP ${status})` : ''}${type ? ` (${type})` : ''}.`, 'provider');
}

function corsMessage(ctx: ErrorContext): string {
  const origin = pageOrigin();
  const originText = origin ? ` (${origin})` : '';
  return (
    `The browser could not reach ${ctx.baseUrl}. Either the server is not running there (or the URL is wrong), ` +
    `or it refused this page's cross-origin request (CORS); the browser does not say which. Fixes: start the server and check the URL; ` +
    `Ollama: set OLLAMA_ORIGINS to this page's origin${originText} or * and restart it; LM Studio: turn on its CORS switch in the server settings; ` +
    `an HTTPS page cannot call a plain-HTTP server other than localhost.`
  );
}

/** The LlmError for a failure; `partial` is what had arrived before it. */
export function toLlmError(failure: Failure, ctx: ErrorContext, partial: Received = {}): LlmError {
  switch (failure.type) {
    case 'http':
      return httpError(failure, ctx, partial);
    case 'aborted':
      return new LlmError('The request to the LLM was stopped', 'aborted', {
        partialText: partial.partialText ?? '',
        ...(partial.usage ? { usage: partial.usage } : {}),
      });
    case 'timeout':
      return new LlmError(
        redactKey(
          `No answer from ${ctx.baseUrl} within ${seconds(ctx.timeoutMs)} (the request timeout) for model "${ctx.model}". Try again, or raise the request timeout for slow models.`,
          ctx.apiKey,
        ),
        'timeout',
        partial,
      );
    case 'network': {
      const cause = describeCause(failure.cause);
      if (failure.phase === 'stream') {
        return new LlmError(
          redactKey(`The connection to ${ctx.baseUrl} was lost while the reply was arriving (${cause}). Try again.`, ctx.apiKey),
          'connection',
          partial,
        );
      }
      // A browser reports a refused connection and a CORS refusal the same way (TypeError: Failed to fetch).
      if (inBrowser() && failure.cause instanceof TypeError) return new LlmError(redactKey(corsMessage(ctx), ctx.apiKey), 'cors', partial);
      return new LlmError(
        redactKey(`Could not connect to ${ctx.baseUrl} (${cause}). Check that the server is running and the base URL is right.`, ctx.apiKey),
        'connection',
        partial,
      );
    }
    case 'other': {
      if (failure.error instanceof LlmError) {
        const e = failure.error;
        const message = redactKey(e.message, ctx.apiKey);
        return message === e.message ? e : new LlmError(message, e.kind, e);
      }
      const text = failure.error instanceof Error ? failure.error.message : String(failure.error);
      return new LlmError(redactKey(`The request to ${ctx.baseUrl} failed: ${text}`, ctx.apiKey), 'provider', partial);
    }
  }
}

/** The SDKs are loaded on the first request; when that fails (offline, a new deployment), say so. */
export function sdkLoadFailure(provider: 'openai' | 'anthropic', cause: unknown): LlmError {
  const text = cause instanceof Error ? cause.message : String(cause);
  return new LlmError(
    `Could not load the ${provider === 'openai' ? 'OpenAI' : 'Anthropic'} client library (${text}). Reload the page and try again.`,
    'provider',
  );
}

/**
 * Loads an SDK on first use, once (the engine worker carries neither for mock sessions); a failed
 * load is a provider error, and is tried again next time (a chunk that failed to load may load later).
 */
export function lazySdk<T>(provider: 'openai' | 'anthropic', load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw sdkLoadFailure(provider, error);
    }));
}

/** Sorts plain errors that no SDK wrapped (a TypeError from fetch while reading the stream). */
export function plainFailure(error: unknown, phase: 'connect' | 'stream'): Failure {
  if (error instanceof LlmError) return { type: 'other', error };
  if (error instanceof TypeError) return { type: 'network', phase, cause: error };
  return { type: 'other', error };
}

type ErrorClass<E = object> = abstract new (...args: never[]) => Error & E;

/** The error classes both SDKs export. */
export interface SdkErrorClasses {
  readonly APIUserAbortError: ErrorClass;
  readonly APIConnectionTimeoutError: ErrorClass;
  readonly APIConnectionError: ErrorClass;
  readonly APIError: ErrorClass<{ readonly status?: number; readonly headers?: Headers; readonly error?: unknown }>;
}

/** Sorts an SDK's errors (and the plain ones it lets through while streaming) into a Failure. */
export function classifySdkError(sdk: SdkErrorClasses | undefined, error: unknown, phase: 'connect' | 'stream'): Failure {
  if (!sdk) return plainFailure(error, phase);
  if (error instanceof sdk.APIUserAbortError) return { type: 'aborted' };
  if (error instanceof sdk.APIConnectionTimeoutError) return { type: 'timeout' };
  if (error instanceof sdk.APIConnectionError) return { type: 'network', phase, cause: error.cause ?? error };
  if (error instanceof sdk.APIError) {
    return {
      type: 'http',
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.headers ? { headers: error.headers } : {}),
      body: error.error,
      message: error.message,
    };
  }
  return plainFailure(error, phase);
}
