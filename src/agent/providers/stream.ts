// Reading a streamed reply, the same for both providers: text as it arrives, stop and timeout
// handling, and the checks on the finished reply (cut off at the output limit, empty).
import { LlmError, type LlmReply, type LlmRequest, type Usage } from '../llm.ts';
import { redactKey, toLlmError, type ErrorContext, type Failure } from './errors.ts';

export interface ProviderOptions {
  /** The fetch the SDK uses (tests, proxies); the global one by default. */
  readonly fetch?: typeof fetch;
  /** Retries of 429, 5xx and connection failures (the SDK's, honouring Retry-After up to a minute). Default 2. */
  readonly maxRetries?: number;
}

export interface StreamState {
  text: string;
  usage?: Usage;
  /** Normalized: `stop`, `length`, or the provider's own word. */
  finishReason?: string;
  model?: string;
}

export interface StreamCall<E> {
  readonly ctx: ErrorContext;
  /** The output limit sent, for the "cut off" message. */
  readonly outputLimit: number;
  /** Starts the request; resolves once the response has started. */
  open(signal: AbortSignal): Promise<AsyncIterable<E>>;
  /** Folds one event into the state. */
  onEvent(event: E, state: StreamState): void;
  /** Sorts an error thrown by the SDK; `phase` says whether a response had started. */
  classify(error: unknown, phase: 'connect' | 'stream'): Failure;
}

function received(state: StreamState): { partialText: string; usage?: Usage } {
  return state.usage ? { partialText: state.text, usage: state.usage } : { partialText: state.text };
}

export async function runStream<E>(request: LlmRequest, call: StreamCall<E>): Promise<LlmReply> {
  const { ctx } = call;
  const state: StreamState = { text: '' };
  const userSignal = request.signal;
  if (userSignal?.aborted) throw toLlmError({ type: 'aborted' }, ctx, received(state));

  // Our own controller: the user's stop and our stall timer both end the request through it.
  const controller = new AbortController();
  const onUserAbort = () => controller.abort();
  userSignal?.addEventListener('abort', onUserAbort, { once: true });
  // The SDKs time out only until the response starts; a stream that then goes silent is ours to end.
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const armStallTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, ctx.timeoutMs);
  };

  let phase: 'connect' | 'stream' = 'connect';
  try {
    const stream = await call.open(controller.signal);
    phase = 'stream';
    armStallTimer();
    for await (const event of stream) {
      // Events already buffered when the stop came are not part of the reply the user saw.
      if (controller.signal.aborted) break;
      armStallTimer();
      const before = state.text;
      call.onEvent(event, state);
      if (state.text !== before) request.onText?.(state.text);
    }
  } catch (error) {
    if (userSignal?.aborted) throw toLlmError({ type: 'aborted' }, ctx, received(state));
    if (stalled) throw toLlmError({ type: 'timeout' }, ctx, received(state));
    throw toLlmError(call.classify(error, phase), ctx, received(state));
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    userSignal?.removeEventListener('abort', onUserAbort);
  }
  // The SDKs end a stream quietly when it is aborted, so a stop or a stall shows up only here.
  if (userSignal?.aborted) throw toLlmError({ type: 'aborted' }, ctx, received(state));
  if (stalled) throw toLlmError({ type: 'timeout' }, ctx, received(state));

  return finishReply(state, ctx, call.outputLimit);
}

/**
 * The checks on a finished reply, the same for a streamed one and one read from a batch: a reply cut
 * at the output limit is `truncated`, one without text `empty`; else the reply.
 */
export function finishReply(state: Readonly<StreamState>, ctx: ErrorContext, outputLimit: number): LlmReply {
  const usageDetails = state.usage ? { usage: state.usage } : {};
  if (state.finishReason === 'length') {
    throw new LlmError(
      redactKey(
        `The reply was cut off at ${outputLimit} output tokens (the output limit) before the model finished. Raise "max output tokens" in the LLM settings and try again.`,
        ctx.apiKey,
      ),
      'truncated',
      { partialText: state.text, ...usageDetails },
    );
  }
  if (state.text.trim() === '') {
    const why = state.finishReason ? ` (finish reason: ${state.finishReason})` : '';
    throw new LlmError(redactKey(`The LLM (model "${ctx.model}") returned an empty reply${why}.`, ctx.apiKey), 'empty', {
      partialText: state.text,
      ...usageDetails,
    });
  }
  return {
    text: state.text,
    ...usageDetails,
    ...(state.finishReason !== undefined ? { finishReason: state.finishReason } : {}),
    ...(state.model !== undefined ? { model: state.model } : {}),
  };
}
