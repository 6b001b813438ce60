// The calls the worker exposes, made from the protocol table (protocol.ts): each is PageApi's method,
// and one that renders first waits, when what it renders counts tokens, for the tokenizer to load.
// The wait comes before the call, so a call never meets the tokenizer unloaded halfway through.
import { parseJsonText } from '../session/session-file.ts';
import { linkJson } from '../session/link-codec.ts';
import { loadTokenizer, type TokenCounter, type TokenizerName } from '../compression/tokens.ts';
import { CALLS, lineOf, type Call, type CallLine, type WorkerApi } from './protocol.ts';
import type { PageApi } from './page-api.ts';
import { settingsOfJson, tokenizerFor, type RenderSettings } from './tokenizer-need.ts';

type Method = (...args: unknown[]) => unknown;

/** The tokenizer a call about to run with `args` may count with (null: none), and the arguments to run it with. */
export function tokenizerOfCall(api: PageApi, line: CallLine, args: unknown[]): { tokenizer: TokenizerName | null; args: unknown[] } {
  if (line.renders === undefined) return { tokenizer: null, args };
  const open = api.engine.renders();
  const named: string[] = [];
  if (open.shown !== undefined) named.push(open.shown);
  const options = line.options === undefined ? undefined : (args[line.options] as { strategy?: unknown } | undefined);
  if (typeof options?.strategy === 'string') named.push(options.strategy);
  const strategy = line.strategy === undefined ? undefined : args[line.strategy];
  if (typeof strategy === 'string') named.push(strategy);
  let opened: RenderSettings[] = [];
  let sent = args;
  const [first] = args;
  if (line.renders === 'file') {
    // Read once here: the engine takes the JSON as it would the text, so the file is not read twice.
    const parsed = typeof first === 'string' ? parseJsonText(first) : null;
    const json = parsed === null ? first : parsed.ok ? parsed.value : null;
    if (parsed?.ok === true) sent = [json, ...args.slice(1)];
    opened = settingsOfJson(json);
  } else if (line.renders === 'link') {
    opened = typeof first === 'string' ? settingsOfJson(linkJson(first)) : [];
  } else if (line.renders === 'settings' && first !== null && typeof first === 'object') {
    opened = [first as RenderSettings];
  }
  return { tokenizer: tokenizerFor([...open.settings, ...opened], named), args: sent };
}

/** What the worker hands to Comlink: every call of the table, bound to `api`. */
export function workerCalls(api: PageApi, load: (name: TokenizerName) => Promise<TokenCounter> = loadTokenizer): WorkerApi {
  const calls: Partial<Record<Call, Method>> = {};
  for (const call of CALLS) {
    const line = lineOf(call);
    const method = (api[call] as Method).bind(api);
    calls[call] =
      line.renders === undefined
        ? method
        : async (...args: unknown[]) => {
            const need = tokenizerOfCall(api, line, args);
            if (need.tokenizer !== null) await load(need.tokenizer);
            return method(...need.args);
          };
  }
  return calls as WorkerApi;
}
