// What was sent for the selected turn: method, URL, the headers that carry the session's settings (the
// key never shown; the SDK's own headers are named, not listed) and the exact JSON body, with the
// prompt-cache breakpoints marked and listed. For a recorded turn it is the request as
// it went out; for the next turn, the one Step will send.
import { useMemo, useState } from 'react';
import type { DescribedRequest } from '../../../agent/providers/request.ts';
import type { View } from '../../../worker/engine.ts';
import { breakpointsText, cacheBreakpoints, jsonLines, safeHeaders } from './request-text.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { Checkbox } from '../../components/Checkbox.tsx';

async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function NoRequest({ view }: { view: View }) {
  const next = view.selected > view.turns.length;
  const provider = view.setup.definition.llm.provider;
  // A real provider with no request for the next turn: it could not be built (no model named yet).
  const text =
    next && provider !== 'mock'
      ? `No request can be built for the next turn yet: the ${provider} provider needs a model name.`
      : next
        ? "No HTTP request: the mock's script (or a person) answers this turn."
        : "No HTTP request: the mock's script (or a person) answered.";
  return (
    <p data-testid="request-none" className="text-sm text-slate-600 dark:text-slate-300">
      {text}
    </p>
  );
}

function Body({ request }: { request: DescribedRequest }) {
  const [wrap, setWrap] = useState(true);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const lines = useMemo(() => jsonLines(request.body), [request.body]);
  const places = useMemo(() => cacheBreakpoints(request.body), [request.body]);
  const text = useMemo(() => lines.map((l) => l.text).join('\n'), [lines]);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-[11px] font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Body (JSON)</h4>
        <div className="flex items-center gap-2">
          <Checkbox checked={wrap} onChange={setWrap}>
            wrap lines
          </Checkbox>
          <button
            type="button"
            data-testid="request-copy"
            className={SMALL_BUTTON}
            onClick={() => void copyText(text).then((ok) => setCopied(ok ? 'yes' : 'no'))}
          >
            Copy body
          </button>
          {copied !== null && (
            <span data-testid="request-copied" role="status" className="text-xs text-slate-500 dark:text-slate-400">
              {copied === 'yes' ? 'Copied.' : 'The browser refused the clipboard; select the text instead.'}
            </span>
          )}
        </div>
      </div>
      <p data-testid="request-breakpoints" className="text-xs text-slate-700 dark:text-slate-300">
        {breakpointsText(request.provider, places)}
      </p>
      <pre
        data-testid="request-body"
        className={`relative overflow-x-auto rounded bg-slate-50 p-1.5 font-mono text-xs leading-5 dark:bg-slate-900 ${wrap ? 'whitespace-pre-wrap break-words' : 'whitespace-pre'}`}
      >
        {lines.map((l, i) =>
          l.marked ? (
            <mark
              key={i}
              data-testid="request-cache-mark"
              className="block bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-100"
              title="Prompt-cache breakpoint: the provider caches the prompt up to here"
            >
              {l.text}
            </mark>
          ) : (
            <span key={i} className="block">
              {l.text}
            </span>
          ),
        )}
      </pre>
    </div>
  );
}

export function RequestView({ view }: { view: View }) {
  const request = view.request;
  const next = view.selected > view.turns.length;
  return (
    <section aria-label="Request" data-testid="request-view" className="flex flex-col gap-2">
      <h3 data-testid="request-heading" className="text-xs text-slate-600 dark:text-slate-300">
        {next ? `The HTTP request Step will send for turn ${view.selected}` : `The HTTP request turn ${view.selected} was sent with`}
      </h3>
      {request === null ? (
        <NoRequest view={view} />
      ) : (
        <>
          <p data-testid="request-line" className="break-all font-mono text-xs">
            <strong>{request.method}</strong> {request.url}
          </p>
          <table data-testid="request-headers" className="w-max max-w-full font-mono text-xs">
            <tbody>
              {safeHeaders(request.headers).map(([name, value]) => (
                <tr key={name}>
                  <td className="pr-2 align-top text-slate-500 dark:text-slate-400">{name}:</td>
                  <td className="break-all">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p data-testid="request-sdk-headers" className="text-[11px] text-slate-500 dark:text-slate-400">
            The provider's SDK adds headers of its own, not listed: <code>accept</code>, <code>user-agent</code>, <code>x-stainless-*</code> (the SDK&apos;s
            name, version, runtime and platform, and the retry count). They carry nothing of the session.
          </p>
          <Body request={request} />
        </>
      )}
    </section>
  );
}
