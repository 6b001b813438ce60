// @vitest-environment happy-dom
// The reference panel with the real engine in-process: opening it from the top bar (the entries are
// asked of the worker once), searching by name, by alias and by the words of the doc, the grouping by
// area, "try it" filling the REPL's input, and Escape giving the focus back.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { referenceEntries } from '../../../../src/lisp/reference/index.ts';
import { App } from '../../../../src/ui/App.tsx';
import { AREAS } from '../../../../src/ui/features/reference/reference-search.ts';
import { Engine } from '../../../../src/worker/engine.ts';
import { pasteInto, waitForDefaultExample } from '../../app-helpers.tsx';
import { renderWithPlayground } from '../../harness.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// In jsdom the panels' separators claim every pointer press (and the focus): the button is pressed
// from the keyboard, as a keyboard user would.
async function openReference(user: UserEvent): Promise<HTMLElement> {
  screen.getByTestId('reference-button').focus();
  await user.keyboard('{Enter}');
  const panel = await screen.findByTestId('reference-panel');
  await waitFor(() => expect(within(panel).getAllByTestId(/^ref-entry-/).length).toBeGreaterThan(0));
  return panel;
}

/** Replaces the search and waits until the listed entries follow it. */
async function search(user: UserEvent, text: string): Promise<void> {
  const box = screen.getByTestId('reference-search');
  await user.clear(box);
  if (text !== '') await pasteInto(user, box, text);
  await waitFor(() => expect(screen.getByTestId('reference-count').textContent).toMatch(text.trim() === '' ? / names?$/ : /match(es)?$/));
}

/** The names listed, in order, and the area of each. */
function listed(): { name: string; area: string }[] {
  return screen.getAllByTestId(/^reference-area-/).flatMap((section) => {
    const area = (section.getAttribute('data-testid') ?? '').replace('reference-area-', '');
    return within(section)
      .getAllByTestId(/^ref-entry-/)
      .map((li) => ({ name: (li.getAttribute('data-testid') ?? '').replace('ref-entry-', ''), area }));
  });
}

const canonical = referenceEntries().filter((e) => e.aliasOf === undefined);

describe('the reference panel', () => {
  it('opens from the top bar with the focus in the search, lists every name grouped by area, and asks the worker once', async () => {
    const asked = vi.spyOn(Engine.prototype, 'reference');
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openReference(user);
    expect(document.activeElement).toBe(screen.getByTestId('reference-search'));
    // Every name once (aliases are spellings of an entry, not entries of their own), in its area.
    const names = listed();
    expect(names.length).toBe(canonical.length);
    expect(screen.getByTestId('reference-count').textContent).toBe(`${canonical.length} names`);
    const areaOf = new Map(canonical.map((e) => [e.name, e.area]));
    for (const { name, area } of names) expect(areaOf.get(name), name).toBe(area);
    // The areas in the panel's order, each once; inside an area, alphabetical.
    const order = [...new Set(names.map((n) => n.area))];
    expect(order).toEqual(AREAS.map(([a]) => a).filter((a) => order.includes(a)));
    expect(order.slice(0, 3)).toEqual(['collections', 'maps', 'sets']);
    const strings = names.filter((n) => n.area === 'strings').map((n) => n.name.toLowerCase());
    expect(strings).toEqual([...strings].sort());
    // An entry shows its kind, arities, doc, other spellings and examples with results.
    const join = screen.getByTestId('ref-entry-join');
    expect(within(join).getByTestId('ref-kind').textContent).toBe('function');
    expect(within(join).getByTestId('ref-arities').textContent).toContain('(join sep coll)');
    expect(within(join).getByTestId('ref-doc').textContent).toMatch(/^Join the items of a collection into a string/);
    expect(within(join).getByTestId('ref-aliases').textContent).toContain('str/join');
    expect(within(join).getAllByTestId('ref-example-code')[0].textContent).toBe('(join ", " ["a" "b" "c"])');
    expect(within(join).getAllByTestId('ref-example-result')[0].textContent).toBe('"a, b, c"');
    const thread = screen.getByTestId('ref-entry-->>');
    expect(within(thread).getByTestId('ref-kind').textContent).toBe('macro');
    expect(within(thread).getByTestId('ref-details').textContent).toMatch(/collection pipeline/);
    // Closed and opened again: the same entries, not asked again.
    await user.click(screen.getByTestId('reference-close'));
    expect(screen.queryByTestId('reference-panel')).toBeNull();
    await openReference(user);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('finds a name, exact matches first', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openReference(user);
    await search(user, 'map');
    const names = listed();
    expect(names[0]).toEqual({ name: 'map', area: 'collections' });
    expect(within(screen.getByTestId('ref-entry-map')).getByText('exact match')).toBeTruthy();
    for (const n of ['mapv', 'map-indexed', 'zipmap', 'hash-map']) if (canonical.some((e) => e.name === n)) expect(names.map((x) => x.name)).toContain(n);
    // An area with an exact match first, then the others in their order.
    await search(user, 'JOIN');
    expect(listed()[0]).toEqual({ name: 'join', area: 'strings' });
  });

  it('finds an alias: str/join shows join and says it is an alias, with the example written that way', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openReference(user);
    await search(user, 'str/join');
    expect(listed()[0]).toEqual({ name: 'join', area: 'strings' });
    const join = screen.getByTestId('ref-entry-join');
    expect(within(join).getByTestId('ref-alias-note').textContent).toBe('str/join is an alias of join');
    expect(within(join).getByTestId('ref-arities').textContent).toContain('(str/join sep coll)');
    expect(
      within(join)
        .getAllByTestId('ref-example-code')
        .map((c) => c.textContent),
    ).toEqual(['(str/join ", " ["a" "b" "c"])', '(join [1 2 3])']);
    expect(within(join).getByText('exact match')).toBeTruthy();
  });

  it('finds the words of the doc, all of them, in any case', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openReference(user);
    await search(user, 'Optional SEPARATOR');
    const names = listed().map((n) => n.name);
    expect(names).toContain('join');
    const text = (name: string) => {
      const e = canonical.find((x) => x.name === name);
      const aliases = referenceEntries()
        .filter((x) => x.aliasOf === name)
        .map((x) => x.name);
      return [name, ...aliases, e?.doc ?? '', e?.details ?? ''].join(' ').toLowerCase();
    };
    for (const n of names) {
      expect(text(n), n).toContain('optional');
      expect(text(n), n).toContain('separator');
    }
    // One word that matches nothing makes the whole search match nothing.
    await search(user, 'separator zzzqqq');
    expect(screen.queryAllByTestId(/^ref-entry-/)).toHaveLength(0);
    expect(screen.getByTestId('reference-empty').textContent).toBe('Nothing in the reference matches “separator zzzqqq”.');
    // The search is kept while the panel is closed.
    await user.click(screen.getByTestId('reference-close'));
    screen.getByTestId('reference-button').focus();
    await user.keyboard('{Enter}');
    expect((screen.getByTestId('reference-search') as HTMLInputElement).value).toBe('separator zzzqqq');
  });

  it('"try it" puts the example in the REPL input and focuses it; Ctrl+Enter runs it', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openReference(user);
    await search(user, 'str/join');
    await user.click(within(screen.getByTestId('ref-entry-join')).getAllByTestId('ref-try')[0]);
    expect(screen.queryByTestId('reference-panel')).toBeNull();
    const input = screen.getByTestId('repl-input') as HTMLTextAreaElement;
    await waitFor(() => expect(input.value).toBe('(str/join ", " ["a" "b" "c"])'));
    await waitFor(() => expect(document.activeElement).toBe(input));
    // Not run until asked.
    expect(screen.queryByTestId('repl-output')).toBeNull();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByTestId('repl-output').textContent).toBe('"a, b, c"'));
    expect(input.value).toBe('');
  });

  it('Escape closes the panel and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openReference(user);
    const panel = screen.getByTestId('reference-panel');
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(panel.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('reference-panel')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('reference-button'));
    expect(screen.getByTestId('reference-button').getAttribute('aria-expanded')).toBe('false');
  });
});
