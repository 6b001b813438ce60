// @vitest-environment jsdom
// jsdom, not happy-dom: this file talks to a local fake LLM server through fetch, and jsdom keeps
// Node's own fetch (a dropped connection fails as in a browser; happy-dom's fetch reports it otherwise).
// Step, Run and Stop with a real LLM (the fake OpenAI-compatible server): the reply streams into the
// reply editor, a failure keeps what arrived and offers Retry, Stop aborts the request without
// restarting the engine, requests run without the program watchdog; and Run stops where the mock's
// script ends instead of spending turns on empty replies.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EngineClient, EngineRestarted, type EngineRemote } from '../../../../src/ui/engine/client.ts';
import { startFakeOpenAi, type FakeLlmServer } from '../../../fakes/llm-servers.ts';
import { pasteInto, typeInto } from '../../app-helpers.tsx';
import { exampleText } from '../../harness.tsx';
import { button, exampleReplies, renderLlmApp, replyText, testId, configureLlm, type LlmApp } from '../../llm-helpers.tsx';
import { isBusy, isRunning } from '../../../../src/ui/state/run-machine.ts';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(() => server.close());
afterEach(cleanup);

const replies = exampleReplies();
const notice = () => screen.getByTestId('notice-text').textContent ?? '';

async function realApp(): Promise<LlmApp> {
  const app = await renderLlmApp();
  await configureLlm(app, { provider: 'openai', baseUrl: server.url, model: 'fake-model' });
  return app;
}

describe('Step with a real LLM', () => {
  it('streams the reply into the reply editor (read-only meanwhile), then makes the turn', async () => {
    const user = userEvent.setup();
    const app = await realApp();
    expect(replyText()).toBe('');
    expect(testId('next-reply-label').textContent).toContain('Step asks fake-model for turn 1');
    server.enqueue({ text: replies[0], chunks: 6, chunkDelayMs: 80 });
    const seen = new Set<string>();
    const stop = app.store.subscribe((s) => {
      if (s.llmCall?.phase === 'receiving') seen.add(s.nextReply);
    });
    await user.click(button('step'));
    await waitFor(() => expect(screen.getByTestId('llm-receiving').textContent).toBe('receiving…'));
    expect((testId('next-reply') as HTMLTextAreaElement).readOnly).toBe(true);
    const turn = await screen.findByTestId('turn-1');
    stop();
    expect(within(turn).getByTestId('turn-program').textContent).toContain('(def electronics');
    const partials = [...seen];
    expect(partials.length).toBeGreaterThanOrEqual(2);
    expect(partials.every((t) => replies[0].startsWith(t))).toBe(true);
    expect(screen.queryByTestId('llm-receiving')).toBeNull();
    expect(replyText()).toBe('');
    expect(app.view().turns[0].llm).toMatchObject({ provider: 'openai', model: 'fake-model', baseUrl: server.url });
    expect(app.view().turns[0].usage?.outputTokens).toBeGreaterThan(0);
  });

  it('Run completes a 3-turn session', async () => {
    const user = userEvent.setup();
    const app = await realApp();
    server.enqueue(...replies.map((text) => ({ text, chunks: 2 })));
    await user.click(button('run'));
    await waitFor(() => expect(testId('status').textContent).toBe('returned'));
    expect(app.view().turns).toHaveLength(3);
    expect(testId('return-value').textContent).toBe('["Laptop" "Monitor"]');
    expect(isRunning(app.store.getState().machine)).toBe(false);
  });

  it('a failure keeps the partial text, says its kind, keeps the turns; Retry after the fix succeeds', async () => {
    const user = userEvent.setup();
    const app = await realApp();
    server.enqueue({ text: replies[0] });
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    server.enqueue({ drop: 'mid-stream', text: replies[1], chunks: 4 });
    await user.click(button('step'));
    await waitFor(() => expect(notice()).toMatch(/^The LLM request for turn 2 failed \(connection\): The connection to .* was lost/));
    expect(testId('llm-failure-kind').textContent).toBe('connection');
    // The error is said once on the page (the notice); the reply pane says where to look, in one line.
    expect((document.body.textContent ?? '').split('was lost').length - 1).toBe(1);
    expect(testId('llm-failure').textContent).toContain('the message is above');
    expect(replyText().length).toBeGreaterThan(0);
    expect(replies[1].startsWith(replyText())).toBe(true);
    expect(testId('next-reply-label').textContent).toContain('failed');
    expect(app.view().turns).toHaveLength(1);
    expect(app.view().usage.discarded).toHaveLength(1);
    expect(button('step').disabled).toBe(false);

    server.enqueue({ text: replies[1] });
    await user.click(button('llm-retry'));
    await screen.findByTestId('turn-2');
    expect(screen.queryByTestId('llm-failure')).toBeNull();
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(app.view().turns.map((t) => t.rawResponse)).toEqual([replies[0], replies[1]]);
  });

  it('Stop aborts the request in flight without restarting the engine; its text stays', async () => {
    const user = userEvent.setup();
    const app = await realApp();
    server.enqueue({ text: replies[0], chunks: 40, chunkDelayMs: 60 });
    await user.click(button('run'));
    await waitFor(() => expect(replyText().length).toBeGreaterThan(0));
    await user.click(button('stop'));
    await waitFor(() => expect(notice()).toContain('Stopped the request for turn 1'));
    await waitFor(() => expect(isBusy(app.store.getState().machine)).toBe(false));
    expect(app.engines).toHaveLength(1);
    expect(isRunning(app.store.getState().machine)).toBe(false);
    expect(screen.queryByTestId('turn-1')).toBeNull();
    expect(testId('llm-failure-kind').textContent).toBe('aborted');
    const partial = replyText();
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(replies[0].length);
    expect(app.view().usage.discarded).toHaveLength(1);
    // Retry resumes the run that was stopped.
    server.enqueue(...replies.map((text) => ({ text })));
    await user.click(button('llm-retry'));
    await waitFor(() => expect(testId('status').textContent).toBe('returned'));
    expect(app.engines).toHaveLength(1);
  });

  it('opening another session first stops the request; its reply never becomes a turn there', async () => {
    const user = userEvent.setup();
    const app = await realApp();
    server.enqueue({ text: replies[0], chunks: 30, chunkDelayMs: 60 });
    await user.click(button('step'));
    await waitFor(() => expect(replyText().length).toBeGreaterThan(0));
    await act(async () => {
      const r = await app.controller.open(exampleText('products-exploration.json'));
      expect(r.ok).toBe(true);
    });
    await waitFor(() => expect(isBusy(app.store.getState().machine)).toBe(false));
    expect(app.view().setup.definition.title).toBe(JSON.parse(exampleText('products-exploration.json')).title);
    expect(app.view().turns).toHaveLength(0);
    expect(app.store.getState().llmFailure).toBeNull();
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(replyText()).toBe(app.view().nextReply);
    expect(app.engines).toHaveLength(1);
  });

  it('a reply typed by hand is sent instead of asking the LLM', async () => {
    const user = userEvent.setup();
    const app = await realApp();
    const before = server.requests.length;
    await typeInto(user, testId('next-reply'), '```clojure\n(def x 1)\n```');
    expect(testId('next-reply-label').textContent).toContain('instead of asking fake-model');
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    expect(server.requests.length).toBe(before);
    expect(app.view().turns[0].llm).toBeUndefined();
  });
});

describe('Run with the mock', () => {
  it('stops where the script ends, with a notice; a typed reply goes on', async () => {
    const user = userEvent.setup();
    const app = await renderLlmApp();
    await configureLlm(app, { provider: 'mock', replies: replies.slice(0, 2) });
    await user.click(button('run'));
    await waitFor(() => expect(notice()).toBe('The mock LLM has no reply for turn 3 (its script has 2); write one to continue'));
    await waitFor(() => expect(isRunning(app.store.getState().machine)).toBe(false));
    expect(app.view().turns).toHaveLength(2);
    expect(screen.queryByTestId('turn-3')).toBeNull();
    expect(testId('status').textContent).toBe('running');
    expect(button('step').disabled).toBe(true);

    await pasteInto(user, testId('next-reply'), replies[2]);
    await user.click(button('step'));
    await waitFor(() => expect(testId('status').textContent).toBe('returned'));
    expect(app.view().turns).toHaveLength(3);
  });
});

describe('EngineClient call modes', () => {
  function slowClient(answerMs: number) {
    let made = 0;
    const client = new EngineClient({
      watchdogMs: 50,
      createWorker: () => {
        made++;
        const api = { view: () => new Promise((resolve) => setTimeout(() => resolve('answer'), answerMs)) } as unknown as EngineRemote;
        return { worker: { terminate: () => undefined }, api };
      },
    });
    return { client, made: () => made };
  }

  it('without the watchdog a slow call is answered and the worker kept', async () => {
    const { client, made } = slowClient(150);
    await expect(client.call('view', [], { watchdog: false })).resolves.toBe('answer');
    expect(made()).toBe(1);
  });

  it('with it, the same call restarts the worker', async () => {
    const { client, made } = slowClient(150);
    await expect(client.call('view')).rejects.toBeInstanceOf(EngineRestarted);
    expect(made()).toBe(2);
  });

  it('a restart still rejects a call without the watchdog', async () => {
    const { client } = slowClient(1000);
    const pending = client.call('view', [], { watchdog: false });
    await client.restart();
    await expect(pending).rejects.toBeInstanceOf(EngineRestarted);
  });
});
