// @vitest-environment happy-dom
// The lessons panel with the real engine in-process: opened from the top bar, the lessons listed by
// area with the progress; a wrong answer shows the checker's message, then the hints one at a time
// and the solution; a right answer marks the lesson done; progress and drafts survive a remount
// (localStorage), bad stored data starts fresh, and "Reset progress" forgets them.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkLessonById, LESSONS } from '../../../../src/agent/lessons/index.ts';
import { App } from '../../../../src/ui/App.tsx';
import { LESSON_PROGRESS_KEY, parseProgress } from '../../../../src/ui/features/lessons/lesson-progress.ts';
import { PageApi } from '../../../../src/worker/page-api.ts';
import { clearEditor, pasteInto, waitForDefaultExample } from '../../app-helpers.tsx';
import { renderWithPlayground } from '../../harness.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const first = LESSONS[0];

// In jsdom the panels' separators claim every pointer press: buttons are pressed from the keyboard.
async function press(user: UserEvent, el: HTMLElement): Promise<void> {
  el.focus();
  await user.keyboard('{Enter}');
}

async function openLessons(user: UserEvent): Promise<HTMLElement> {
  await press(user, screen.getByTestId('lessons-button'));
  const panel = await screen.findByTestId('lessons-panel');
  await waitFor(() => expect(within(panel).getAllByTestId(/^lesson-item-/).length).toBe(LESSONS.length));
  return panel;
}

async function startApp(): Promise<UserEvent> {
  const user = userEvent.setup();
  renderWithPlayground(<App />);
  await waitForDefaultExample();
  return user;
}

async function write(user: UserEvent, code: string): Promise<void> {
  const editor = screen.getByTestId('lesson-editor');
  await clearEditor(user, editor);
  await pasteInto(user, editor, code);
}

describe('the lessons panel', () => {
  it('lists the lessons by area with the progress, and shows a lesson with its text, task and starter', async () => {
    const asked = vi.spyOn(PageApi.prototype, 'lessons');
    const user = await startApp();
    const panel = await openLessons(user);
    expect(screen.getByTestId('lessons-progress').textContent).toBe(`0 of ${LESSONS.length} done`);
    // The focus goes to the first lesson of the list.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId(`lesson-item-${first.id}`)));
    const areas = [...new Set(LESSONS.map((l) => l.area))];
    for (const area of areas) {
      const section = within(panel).getByTestId(`lessons-area-${area}`);
      expect(
        within(section)
          .getAllByTestId(/^lesson-item-/)
          .map((b) => b.getAttribute('data-testid')),
      ).toEqual(LESSONS.filter((l) => l.area === area).map((l) => `lesson-item-${l.id}`));
    }
    await press(user, screen.getByTestId(`lesson-item-${first.id}`));
    const view = await screen.findByTestId('lesson-view');
    expect(within(view).getByRole('heading', { level: 3 }).textContent).toBe(first.title);
    expect(screen.getByTestId('lesson-task').textContent).toBe(first.task);
    // The ```clojure block is code; the rest paragraphs, as text (nothing parsed as HTML).
    const blocks = screen.getAllByTestId('lesson-code-block');
    expect(blocks[0].textContent).toContain('(let [w 4');
    expect(screen.getByTestId('lesson-text').querySelectorAll('p').length).toBeGreaterThan(2);
    expect((screen.getByTestId('lesson-editor') as HTMLTextAreaElement).value).toBe(first.starter);
    // Closed with Escape: the focus goes back to the button; opened again, not asked again.
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('lessons-panel')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('lessons-button'));
    await openLessons(user);
    expect(asked).toHaveBeenCalledTimes(1);
    // Opened again, the lesson shown is still there and its item has the focus.
    expect(screen.getByTestId('lesson-task').textContent).toBe(first.task);
    await press(user, screen.getByTestId(`lesson-item-${LESSONS[2].id}`));
    await user.keyboard('{Escape}');
    await openLessons(user);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId(`lesson-item-${LESSONS[2].id}`)));
  });

  it('a wrong answer shows the message, then the hints one at a time and the solution; the right one marks it done', async () => {
    const user = await startApp();
    await openLessons(user);
    await press(user, screen.getByTestId(`lesson-item-${first.id}`));
    await screen.findByTestId('lesson-view');
    expect(screen.queryByTestId('lesson-hint-button')).toBeNull();
    await write(user, '(let [price 12 qty 3] {:total 36 :label "3x12"})');
    await press(user, screen.getByTestId('lesson-check'));
    const expected = checkLessonById(first.id, '(let [price 12 qty 3] {:total 36 :label "3x12"})');
    expect(expected.passed).toBe(false);
    await waitFor(() => expect(screen.getByTestId('lesson-message').textContent).toBe(`Not yet: ${expected.message}`));
    expect(screen.getByTestId(`lesson-item-${first.id}`).getAttribute('data-done')).toBe('false');
    // Hints one at a time, then no more; the solution on request, and into the editor.
    await press(user, screen.getByTestId('lesson-hint-button'));
    expect(screen.getAllByTestId('lesson-hint').map((h) => h.textContent)).toEqual([first.hints[0]]);
    await press(user, screen.getByTestId('lesson-hint-button'));
    expect(screen.getAllByTestId('lesson-hint').map((h) => h.textContent)).toEqual(first.hints.slice(0, 2));
    expect(screen.queryByTestId('lesson-hint-button')).toBeNull();
    await press(user, screen.getByTestId('lesson-show-solution'));
    expect(screen.getByTestId('lesson-solution-code').textContent).toBe(first.solution);
    await press(user, screen.getByTestId('lesson-use-solution'));
    expect((screen.getByTestId('lesson-editor') as HTMLTextAreaElement).value).toBe(first.solution);
    // Ctrl+Enter in the editor checks: passed, with the value, marked done and counted.
    screen.getByTestId('lesson-editor').focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByTestId('lesson-passed');
    expect(screen.getByTestId('lesson-value').textContent).toBe('{:total 36 :label "3 x 12"}');
    expect(screen.getByTestId('lesson-done')).toBeTruthy();
    expect(screen.getByTestId(`lesson-item-${first.id}`).getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('lessons-progress').textContent).toBe(`1 of ${LESSONS.length} done`);
  });

  it("shows the checker's own hint when it is not one of the lesson's", async () => {
    const lesson = LESSONS.find((l) => l.id === 'java-interop');
    if (!lesson) throw new Error('no java-interop lesson');
    const expected = checkLessonById(lesson.id, lesson.starter);
    expect(expected.hint !== undefined && !lesson.hints.includes(expected.hint)).toBe(true);
    const user = await startApp();
    await openLessons(user);
    await press(user, screen.getByTestId(`lesson-item-${lesson.id}`));
    await press(user, await screen.findByTestId('lesson-check'));
    await waitFor(() => expect(screen.getByTestId('lesson-check-hint').textContent).toBe(`Try: ${expected.hint ?? ''}`));
    expect(screen.getByTestId('lesson-message').textContent).toBe(`Not yet: ${expected.message}`);
  });

  it('keeps drafts and done lessons across a remount, and "Reset progress" forgets them', async () => {
    let user = await startApp();
    await openLessons(user);
    await press(user, screen.getByTestId(`lesson-item-${first.id}`));
    await screen.findByTestId('lesson-view');
    await write(user, first.solution);
    await press(user, screen.getByTestId('lesson-check'));
    await screen.findByTestId('lesson-passed');
    const second = LESSONS[1];
    await press(user, screen.getByTestId(`lesson-item-${second.id}`));
    await waitFor(() => expect((screen.getByTestId('lesson-editor') as HTMLTextAreaElement).value).toBe(second.starter));
    await write(user, '(count data/products)');
    const stored = parseProgress(localStorage.getItem(LESSON_PROGRESS_KEY));
    expect(stored.passed).toEqual([first.id]);
    expect(stored.drafts[second.id]).toBe('(count data/products)');

    cleanup();
    user = await startApp();
    await openLessons(user);
    expect(screen.getByTestId('lessons-progress').textContent).toBe(`1 of ${LESSONS.length} done`);
    expect(screen.getByTestId(`lesson-item-${first.id}`).getAttribute('data-done')).toBe('true');
    await press(user, screen.getByTestId(`lesson-item-${second.id}`));
    await waitFor(() => expect((screen.getByTestId('lesson-editor') as HTMLTextAreaElement).value).toBe('(count data/products)'));
    await press(user, screen.getByTestId(`lesson-item-${first.id}`));
    await waitFor(() => expect((screen.getByTestId('lesson-editor') as HTMLTextAreaElement).value).toBe(first.solution));

    await press(user, screen.getByTestId('lessons-reset'));
    await press(user, screen.getByTestId('lessons-reset-confirm'));
    expect(screen.getByTestId('lessons-progress').textContent).toBe(`0 of ${LESSONS.length} done`);
    expect((screen.getByTestId('lesson-editor') as HTMLTextAreaElement).value).toBe(first.starter);
    expect(localStorage.getItem(LESSON_PROGRESS_KEY)).toBeNull();
  });

  for (const [what, text] of [
    ['not JSON', '{oops'],
    ['another version', JSON.stringify({ version: 99, passed: ['values-and-let'], drafts: {} })],
    ['the wrong shape', JSON.stringify({ version: 1, passed: 'values-and-let', drafts: [] })],
  ] as const) {
    it(`starts fresh from stored data that is ${what}`, async () => {
      localStorage.setItem(LESSON_PROGRESS_KEY, text);
      const user = await startApp();
      await openLessons(user);
      expect(screen.getByTestId('lessons-progress').textContent).toBe(`0 of ${LESSONS.length} done`);
      await press(user, screen.getByTestId(`lesson-item-${first.id}`));
      expect((await screen.findByTestId('lesson-editor')) as HTMLTextAreaElement).toHaveProperty('value', first.starter);
    });
  }

  it('ignores a storage that refuses to save (quota)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const user = await startApp();
    await openLessons(user);
    await press(user, screen.getByTestId(`lesson-item-${first.id}`));
    await screen.findByTestId('lesson-view');
    await write(user, first.solution);
    await press(user, screen.getByTestId('lesson-check'));
    await screen.findByTestId('lesson-passed');
    expect(screen.getByTestId('lessons-progress').textContent).toBe(`1 of ${LESSONS.length} done`);
  });
});
