// @vitest-environment happy-dom
// The REPL pane against the open session.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { clearEditor, pasteInto, typeInto, waitForDefaultExample } from '../../app-helpers.tsx';
import { renderWithPlayground } from '../../harness.tsx';

afterEach(cleanup);

describe('REPL', () => {
  it('evaluates (count data/products) to 6 with the Eval button', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await typeInto(user, screen.getByTestId('repl-input'), '(count data/products)');
    await user.click(screen.getByTestId('repl-eval'));
    await waitFor(() => expect(screen.getByTestId('repl-output').textContent).toBe('6'));
    // A success clears the input.
    expect((screen.getByTestId('repl-input') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a parse error with line and column; Ctrl+Enter evaluates and does not step', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await pasteInto(user, screen.getByTestId('repl-input'), '(+ 1\n  (* 2');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByTestId('repl-output').textContent).toMatch(/^parse_error: .*\(line \d+, column \d+\)$/));
    // The failed input stays, to be fixed; the run did not step.
    expect((screen.getByTestId('repl-input') as HTMLTextAreaElement).value).toBe('(+ 1\n  (* 2');
    expect(screen.queryByTestId('turn-1')).toBeNull();
    // The error is marked in the editor while the text is unchanged.
    expect(screen.getByLabelText('REPL input errors').textContent).toMatch(/^line \d+, column \d+: parse_error: /);
    await typeInto(user, screen.getByTestId('repl-input'), ')');
    expect(screen.queryByLabelText('REPL input errors')).toBeNull();
  });

  it('an error that says what to try instead shows it on its own line, in the REPL and in the turn', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await typeInto(user, screen.getByTestId('repl-input'), '(try 1)');
    await user.click(screen.getByTestId('repl-eval'));
    await waitFor(() => expect(screen.getByTestId('repl-output').textContent).toBe('unbound_var: try is not supported in PTC-Lisp. (line 1, column 2)'));
    expect(screen.getByTestId('repl-error-hint').textContent).toBe(
      'Hint: There are no exceptions; check values with if/when and end with (fail reason) when the task cannot be done.',
    );
    const reply = screen.getByTestId('next-reply');
    await clearEditor(user, reply);
    await pasteInto(user, reply, '```clojure\n(fliter odd? [1 2])\n```');
    await user.click(screen.getByTestId('step'));
    const turn = await screen.findByTestId('turn-1');
    await waitFor(() =>
      expect(turn.querySelector('[data-testid="turn-error"]')?.textContent).toBe(
        'unbound_var: Unable to resolve symbol: fliter in this context. (line 1, column 2)',
      ),
    );
    expect(turn.querySelector('[data-testid="turn-error-hint"]')?.textContent).toBe('Hint: Did you mean: filter, filterv, flatten?');
  });

  it('a failed turn marks the place of its error in the program', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const reply = screen.getByTestId('next-reply');
    await clearEditor(user, reply);
    await pasteInto(user, reply, '```clojure\n(def a 1)\n(+ a (undefined-fn 2))\n```');
    await user.click(screen.getByTestId('step'));
    const turn = await screen.findByTestId('turn-1');
    const mark = await waitFor(() => turn.querySelector('[data-testid="error-mark"]') as HTMLElement);
    expect(mark.textContent).toBe('undefined-fn');
    expect(mark.getAttribute('title')).toMatch(/^unbound_var: Unable to resolve symbol: undefined-fn/);
  });

  it('sees definitions of the latest turn, prints, keeps its own definitions, and clears', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(screen.getByTestId('step'));
    await screen.findByTestId('turn-1');
    const input = screen.getByTestId('repl-input');
    await typeInto(user, input, '(count electronics)');
    await user.click(screen.getByTestId('repl-eval'));
    await waitFor(() => expect(screen.getByTestId('repl-output').textContent).toBe('4'));
    await pasteInto(user, input, '(def n 2) (println "hello") (mapv :name (take n data/products))');
    await user.click(screen.getByTestId('repl-eval'));
    await waitFor(() => expect(screen.getByTestId('repl-output').textContent).toBe('["Laptop" "Mouse"]'));
    expect(screen.getAllByTestId('repl-entry').at(-1)?.textContent).toContain('hello');
    await pasteInto(user, input, '(* n 21)');
    await user.click(screen.getByTestId('repl-eval'));
    await waitFor(() => expect(screen.getByTestId('repl-output').textContent).toBe('42'));
    expect(screen.getAllByTestId('repl-entry').length).toBe(3);
    await user.click(screen.getByTestId('repl-clear'));
    expect(screen.queryAllByTestId('repl-entry').length).toBe(0);
    expect(screen.queryByTestId('repl-output')).toBeNull();
  });

  it('keeps its definitions through an edit of the mission, a Step and a worker restart; Reset clears them and says so', async () => {
    const user = userEvent.setup();
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    const input = screen.getByTestId('repl-input');
    const evaluate = async (program: string, expected: string | RegExp) => {
      const before = screen.queryAllByTestId('repl-entry').length;
      await pasteInto(user, input, program);
      await user.click(screen.getByTestId('repl-eval'));
      await waitFor(() => expect(screen.queryAllByTestId('repl-entry')).toHaveLength(before + 1));
      expect(screen.getByTestId('repl-output').textContent).toMatch(expected);
    };
    await evaluate('(def y 7)', /^#'y$/);
    await evaluate('(defn twice [x] (* 2 x))', /^#'twice$/);
    // An edit of the session: a space added, then taken away.
    const mission = screen.getByTestId('mission-input');
    await typeInto(user, mission, ' ');
    await waitFor(() => expect(h.store.getState().view?.setup.definition.mission).toMatch(/ $/));
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(h.store.getState().view?.setup.definition.mission).not.toMatch(/ $/));
    await evaluate('(twice y)', /^14$/);
    await user.click(screen.getByTestId('step'));
    await screen.findByTestId('turn-1');
    await evaluate('[y (twice 2)]', /\[7 4\]$/);
    // A restarted worker reopens the session and makes the definitions again.
    await h.client.restart();
    await evaluate('(twice y)', /^14$/);
    expect(screen.queryByTestId('repl-cleared')).toBeNull();
    await user.click(screen.getByTestId('reset'));
    await waitFor(() => expect(screen.getByTestId('repl-cleared').textContent).toBe("Reset: the REPL's definitions were cleared with the run."));
    expect(screen.queryAllByTestId('repl-entry')).toHaveLength(0);
    await evaluate('y', /^unbound_var/);
    // The same after another restart: nothing is made again.
    await h.client.restart();
    await evaluate('y', /^unbound_var/);
  });

  it('Hide folds the REPL to its header and Show brings it back, the input kept; the input sits under the history', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const history = screen.getByTestId('repl-history');
    const input = screen.getByTestId('repl-input');
    // Under the history: after it in the document, in the same column.
    expect(history.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await typeInto(user, input, '(+ 1 2)');
    const toggle = screen.getByTestId('repl-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(screen.getByTestId('repl-toggle').getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByTestId('repl-toggle').textContent).toBe('Show');
    expect(screen.getByTestId('repl-history').closest('[hidden]')).not.toBeNull();
    await user.click(screen.getByTestId('repl-toggle'));
    await waitFor(() => expect(screen.getByTestId('repl-history').closest('[hidden]')).toBeNull());
    expect((screen.getByTestId('repl-input') as HTMLTextAreaElement).value).toBe('(+ 1 2)');
  });
});
