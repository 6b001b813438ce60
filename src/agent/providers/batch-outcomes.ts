// What both batch providers do alike with what comes back: errors sorted as a direct request's are,
// result files read within bounds, and each request's result turned into the reply (or the LlmError)
// a direct request would have given.
import type { ProviderOptions } from './stream.ts';
import { LlmError } from '../llm.ts';
import type { BatchOutcome } from './batch.ts';
import { classifySdkError, redactKey, toLlmError, type ErrorContext, type Failure } from './errors.ts';
import type { ProviderSetup } from './setup.ts';
import { finishReply, type StreamState } from './stream.ts';

/** How much of a batch's results is read before it is refused as not a batch's results. */
export interface ResultBounds {
  /** Bytes of one response (a result file): a full batch's replies fit many times over. */
  readonly maxBytes: number;
  /** Bytes of one line (one request's result): far above the longest reply a model writes. */
  readonly maxLineBytes: number;
}

export const RESULT_BOUNDS: ResultBounds = { maxBytes: 2 * 1024 ** 3, maxLineBytes: 64 * 1024 ** 2 };

function mib(bytes: number): string {
  return bytes >= 1024 ** 2 ? `${Math.round((bytes / 1024 ** 2) * 10) / 10} MiB` : `${bytes} bytes`;
}

/**
 * Results are what both SDKs ask for as `Accept: application/binary` (OpenAI's file content,
 * Anthropic's `results_url`, wherever that points); JSON answers are left alone.
 */
function readsResults(input: string | URL | Request, init: RequestInit | undefined): boolean {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return headers.get('accept') === 'application/binary';
}

/** The options a batch provider's client is made with: its fetch (the global one by default) bounded. */
export function withBoundedFetch(options: ProviderOptions, bounds: ResultBounds): ProviderOptions {
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return { ...options, fetch: boundedFetch(baseFetch, bounds) };
}

/**
 * A fetch whose result bodies stop with an LlmError (`provider`) past the bounds, so a runaway result
 * file cannot fill the memory; the SDKs read results through it.
 */
export function boundedFetch(baseFetch: typeof fetch, bounds: ResultBounds): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (response.body === null || !readsResults(input, init)) return response;
    let total = 0;
    let line = 0;
    const limit = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
      transform(chunk, controller) {
        total += chunk.length;
        if (total > bounds.maxBytes) {
          controller.error(new LlmError(`A batch's results were refused: the response is larger than ${mib(bounds.maxBytes)}.`, 'provider'));
          return;
        }
        let start = 0;
        for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
          if (line + nl - start > bounds.maxLineBytes) break;
          line = 0;
          start = nl + 1;
        }
        line += chunk.length - start;
        if (line > bounds.maxLineBytes) {
          controller.error(new LlmError(`A batch's results were refused: a line is longer than ${mib(bounds.maxLineBytes)}.`, 'provider'));
          return;
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(limit), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The error for a result line that is not a batch result: the whole results are refused. */
export function notResultError(where: string, line: number, why: string): LlmError {
  return new LlmError(`The batch results from ${where} were refused: line ${line} ${why}.`, 'provider');
}

/** JSON Lines of a response body, parsed one by one and numbered (blank lines skipped); a line that is not JSON is refused. */
export async function* jsonLines(body: ReadableStream<Uint8Array> | null, where: string): AsyncGenerator<{ readonly number: number; readonly value: unknown }> {
  if (body === null) return;
  const decoder = new TextDecoder();
  let carry = '';
  let number = 0;
  const parse = (text: string) => {
    number++;
    try {
      return { number, value: JSON.parse(text) as unknown };
    } catch {
      throw notResultError(where, number, 'is not JSON');
    }
  };
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const piece = done ? decoder.decode() : decoder.decode(value, { stream: true });
      // Only the new piece is searched, so a long line arriving in many chunks is not scanned again each time.
      const cut = done ? piece.length : piece.lastIndexOf('\n');
      if (cut === -1) {
        carry += piece;
        continue;
      }
      const complete = carry + piece.slice(0, cut);
      carry = piece.slice(cut + 1);
      for (const text of complete.split('\n')) if (text.trim() !== '') yield parse(text);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Runs one SDK call of a batch, turning what it throws into the LlmError a direct request would give
 * (auth, not_found, rate_limit…, the key redacted). A 404 also says where batches are looked for.
 */
export async function batchCall<T>(setup: ProviderSetup<unknown>, where: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = classifySdkError(setup.errorClasses(), error, 'connect');
    const llmError = toLlmError(failure, setup.ctx);
    if (llmError.kind !== 'not_found') throw llmError;
    const hint = ` Batches are asked for at ${where}: not every compatible server offers them, and an unknown batch id is a 404 too.`;
    throw new LlmError(redactKey(llmError.message + hint, setup.ctx.apiKey), 'not_found', llmError);
  }
}

function withModel(ctx: ErrorContext, model: string | undefined): ErrorContext {
  return model ? { ...ctx, model } : ctx;
}

/** A finished reply, checked as a direct one is: cut at the output limit → `truncated`, no text → `empty`. */
export function replyOutcome(state: StreamState, ctx: ErrorContext, outputLimit: number): BatchOutcome {
  try {
    // The batch's results do not say which limit was sent; a cut reply's output tokens are that limit.
    return { ok: true, reply: finishReply(state, withModel(ctx, state.model), state.usage?.outputTokens ?? outputLimit) };
  } catch (error) {
    if (error instanceof LlmError) return { ok: false, error };
    throw error;
  }
}

/** A request the provider answered with an error, sorted by its status or error type as a direct one is. */
export function failedOutcome(failure: Failure, ctx: ErrorContext, model?: string): BatchOutcome {
  return { ok: false, error: toLlmError(failure, withModel(ctx, model)) };
}

/** A request the batch never ran: it ended (expired or cancelled) first. */
export function notRunOutcome(why: 'expired' | 'cancelled', ctx: ErrorContext): BatchOutcome {
  const what = why === 'expired' ? 'expired (its 24 hours ran out)' : 'was cancelled';
  return {
    ok: false,
    error: new LlmError(`The batch at ${ctx.baseUrl} ${what} before this request ran; the request was not answered.`, 'provider'),
  };
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
