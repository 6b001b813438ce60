// @vitest-environment happy-dom
// The examples gallery: every bundled session with its title, description and tags,
// filterable by tag, keyboard accessible, and opening one the way the examples menu does (it becomes
// a saved session; opened again untouched, the saved copy comes back).
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { cardOf, GALLERY, matches, tagsOf } from '../../../../src/ui/features/examples/gallery.ts';
import { waitForDefaultExample } from '../../app-helpers.tsx';
import { renderWithPlayground } from '../../harness.tsx';
import { freshSessions, memoryTab, renderTab } from '../../persistence-helpers.tsx';

afterEach(cleanup);

const testId = (id: string) => screen.getByTestId(id);
const text = (id: string) => testId(id).textContent ?? '';

const root = join(__dirname, '..', '..', '..', '..');
interface FileCard {
  name: string;
  title: string;
  description: string;
  tags: string[];
}
const filesIn = (dir: string): FileCard[] =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const json = JSON.parse(readFileSync(join(root, dir, f), 'utf8')) as { title: string; description: string; tags: string[] };
      return { name: f.replace(/\.json$/, ''), title: json.title, description: json.description, tags: json.tags };
    });
const EXAMPLE_FILES = filesIn('examples');
const BENCH_FILES = filesIn(join('bench', 'sessions'));
const ALL_FILES = [...EXAMPLE_FILES, ...BENCH_FILES];

/** The names of the entries the gallery lists, in order. */
const listed = () => screen.queryAllByTestId(/^gallery-entry-(?!title|description|tags)/).map((li) => li.dataset.testid?.replace('gallery-entry-', ''));

async function openGallery(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(testId('gallery-button'));
  const dialog = await screen.findByRole('dialog', { name: /Gallery/ });
  await waitFor(() => expect(within(dialog).getAllByRole('button', { name: 'Open' }).length).toBe(17), { timeout: 5000 });
  return dialog;
}

describe('the gallery catalogue', () => {
  it('holds the 5 examples and the 12 benchmark sessions, each a lazy loader', () => {
    expect(ALL_FILES).toHaveLength(17);
    expect(GALLERY.map((e) => e.name)).toEqual(ALL_FILES.map((f) => f.name));
    expect(GALLERY.filter((e) => e.source === 'example')).toHaveLength(5);
    expect(GALLERY.filter((e) => e.source === 'bench').map((e) => e.path)).toEqual(BENCH_FILES.map((f) => `/bench/sessions/${f.name}.json`));
  });

  it('reads a card from a file: description, else the mission; tags, once each', () => {
    expect(cardOf('{"title": "T", "mission": "M", "tags": ["a", "b", "a", 3], "turns": [{}, {}]}', 'f')).toEqual({
      title: 'T',
      description: 'M',
      tags: ['a', 'b'],
      turns: 2,
    });
    expect(cardOf('not json', 'file-name')).toEqual({ title: 'file-name', description: '', tags: [], turns: 0 });
    const cards = [cardOf('{"tags": ["quantum", "tools"]}', 'a'), cardOf('{"tags": ["errors"]}', 'b')];
    // Known tags in the vocabulary's order, then the others.
    expect(tagsOf(cards)).toEqual(['tools', 'errors', 'quantum']);
    expect(matches(cards[0], new Set(['tools']))).toBe(true);
    expect(matches(cards[0], new Set(['tools', 'errors']))).toBe(false);
  });
});

describe('the gallery dialog', () => {
  it('lists all 17 sessions with their titles, descriptions and tags', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const dialog = await openGallery(user);
    expect(listed()).toEqual(ALL_FILES.map((f) => f.name));
    for (const f of ALL_FILES) {
      const entry = within(dialog).getByTestId(`gallery-entry-${f.name}`);
      expect(within(entry).getByTestId('gallery-entry-title').textContent).toBe(f.title);
      expect(within(entry).getByTestId('gallery-entry-description').textContent).toBe(f.description);
      expect(
        within(within(entry).getByTestId('gallery-entry-tags'))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(f.tags);
      expect(entry.dataset.source).toBe(EXAMPLE_FILES.includes(f) ? 'example' : 'bench');
    }
    expect(within(dialog).getByRole('region', { name: 'Examples' })).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Benchmark sessions' })).toBeTruthy();
    expect(text('gallery-count')).toBe('17 sessions');
  });

  it('filters by tag: one tag, then two (sessions with both), then all again', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openGallery(user);
    const limits = testId('gallery-tag-limits');
    expect(limits.getAttribute('aria-pressed')).toBe('false');
    expect(limits.title).toMatch(/printlnLimit/);
    await user.click(limits);
    expect(limits.getAttribute('aria-pressed')).toBe('true');
    const withLimits = ALL_FILES.filter((f) => f.tags.includes('limits')).map((f) => f.name);
    expect(withLimits.length).toBeGreaterThan(0);
    expect(listed()).toEqual(withLimits);
    expect(text('gallery-count')).toBe(`${withLimits.length} of 17 sessions tagged limits`);
    // The benchmark section has none: it is left out.
    expect(screen.queryByRole('region', { name: 'Benchmark sessions' })).toBeNull();

    await user.click(testId('gallery-tags-clear'));
    await user.click(testId('gallery-tag-errors'));
    await user.click(testId('gallery-tag-data'));
    expect(listed()).toEqual(ALL_FILES.filter((f) => f.tags.includes('errors') && f.tags.includes('data')).map((f) => f.name));
    await user.click(testId('gallery-tag-data'));
    expect(listed()).toEqual(ALL_FILES.filter((f) => f.tags.includes('errors')).map((f) => f.name));
    await user.click(testId('gallery-tags-clear'));
    expect(listed()).toHaveLength(17);
  });

  it('is keyboard accessible: focus inside, Tab kept inside, Escape closes and gives the focus back', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    testId('gallery-button').focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /Gallery/ });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: 'Open' }).length).toBe(17), { timeout: 5000 });
    // Shift+Tab from the first control goes to the last one (the last Open button), not out of the dialog.
    testId('gallery-close').focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(testId(`gallery-open-${ALL_FILES[ALL_FILES.length - 1].name}`));
    await user.tab();
    expect(document.activeElement).toBe(testId('gallery-close'));
    // A tag toggles with the keyboard.
    testId('gallery-tag-tools').focus();
    await user.keyboard(' ');
    expect(testId('gallery-tag-tools').getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('gallery-dialog')).toBeNull();
    expect(document.activeElement).toBe(testId('gallery-button'));
    // Escape closed the dialog only: the page's status is untouched.
    expect(text('status')).toBe('ready');
  });

  it('opens a benchmark session with its recorded turns, saved as a session; opened again untouched, the saved copy comes back', async () => {
    const user = userEvent.setup();
    const { sessions } = freshSessions();
    const h = renderTab({ sessions, tabMemory: memoryTab() });
    await waitForDefaultExample();
    const bench = BENCH_FILES.find((f) => f.name === 'log-analysis') ?? BENCH_FILES[0];
    await openGallery(user);
    await user.click(testId('gallery-tag-long-run'));
    await user.click(testId(`gallery-open-${bench.name}`));
    await waitFor(() => expect(text('session-title')).toBe(bench.title));
    // The dialog closes once the open call has answered, which may come after the view shows the title.
    await waitFor(() => expect(screen.queryByTestId('gallery-dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('turn-1')).toBeTruthy());
    // The definition carries the gallery fields (so an edit keeps them).
    expect(h.store.getState().view?.setup.definition.tags).toEqual(bench.tags);
    await waitFor(async () => expect((await sessions.list()).map((s) => s.title).sort()).toEqual([bench.title, 'Reviews and inventory'].sort()));
    // The record is listed once written; the page learns its id when the write answers.
    await waitFor(() => expect(h.store.getState().persistence?.id).toBeDefined());
    const saved = h.store.getState().persistence?.id;

    // Another one, then the benchmark session again: no new copy.
    await openGallery(user);
    await user.click(testId('gallery-open-failed-turn-recovery'));
    await waitFor(() => expect(text('session-title')).toBe('A failed turn, then recovery'));
    await openGallery(user);
    await user.click(testId(`gallery-open-${bench.name}`));
    await waitFor(() => expect(text('session-title')).toBe(bench.title));
    await waitFor(() => expect(h.store.getState().persistence?.id).toBe(saved));
    expect(await sessions.list()).toHaveLength(3);
  });

  it('opens an example as the examples menu does, which then shows it', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openGallery(user);
    await user.click(testId('gallery-open-side-effect-calls'));
    await waitFor(() => expect(text('session-title')).toBe('Side-effect tools returning nil'));
    await waitFor(() => expect((testId('examples-menu') as HTMLSelectElement).value).toBe('/examples/side-effect-calls.json'));
  });
});
