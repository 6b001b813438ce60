// One lesson: its text (paragraphs and ```clojure blocks, rendered as plain React text), its task, an
// editor seeded with the starter (the learner's draft is kept per lesson), "Check" (Ctrl/Cmd+Enter in
// the editor too) and the checker's answer. After a failed check, "Hint" reveals the hints one at a
// time and "Show solution" the solution, which "Put in the editor" copies into the draft.
import { useStore } from 'zustand';
import { CodeEditor } from '../../components/CodeEditor.tsx';
import { ClojureCode } from '../../components/ClojureCode.tsx';
import { inlinePieces, lessonBlocks } from './lesson-text.ts';
import { attemptOf, draftOf, useLessonsStore, type Lesson } from './lessons-store.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

const PRIMARY =
  'rounded bg-slate-700 px-3 py-1 text-sm text-white hover:bg-slate-800 disabled:opacity-40 dark:bg-slate-300 dark:text-slate-900 dark:hover:bg-slate-200';
const CODE_BLOCK = 'relative overflow-x-auto rounded border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-900';

function Paragraph({ text }: { text: string }) {
  return (
    <p className="my-2 text-sm leading-relaxed">
      {inlinePieces(text).map((p, i) =>
        p.code ? (
          <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.85em] dark:bg-slate-800">
            {p.text}
          </code>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

export function LessonText({ text }: { text: string }) {
  return (
    <div data-testid="lesson-text">
      {lessonBlocks(text).map((b, i) =>
        b.kind === 'code' ? (
          <div key={i} className={`my-2 ${CODE_BLOCK}`} data-testid="lesson-code-block">
            <ClojureCode code={b.code} />
          </div>
        ) : (
          <Paragraph key={i} text={b.text} />
        ),
      )}
    </div>
  );
}

export function LessonView({ lesson }: { lesson: Lesson }) {
  const store = useLessonsStore();
  const draft = useStore(store, (s) => draftOf(s, lesson));
  const attempt = useStore(store, (s) => attemptOf(s, lesson.id));
  const done = useStore(store, (s) => s.progress.passed.includes(lesson.id));
  const { setDraft, check, revealHint, showSolution } = store.getState();
  const { result, checking, failures, hintsShown, solutionShown } = attempt;
  const failed = result !== null && !result.passed;
  const moreHints = hintsShown < lesson.hints.length;

  const submit = (code: string) => {
    if (!checking) void check(lesson.id, code);
  };

  return (
    <article aria-labelledby="lesson-title" data-testid="lesson-view" className="flex flex-col gap-2">
      <h3 id="lesson-title" className="text-base font-semibold">
        {lesson.title}
        {done && (
          <span data-testid="lesson-done" className="ml-2 text-xs font-normal text-emerald-700 dark:text-emerald-400">
            ✓ done
          </span>
        )}
      </h3>
      <LessonText text={lesson.text} />
      <section aria-label="Task" className="rounded border border-sky-200 bg-sky-50 p-2 text-sm dark:border-sky-900 dark:bg-sky-950">
        <span className="font-semibold">Task: </span>
        <span data-testid="lesson-task">{lesson.task}</span>
      </section>
      <CodeEditor
        key={lesson.id}
        value={draft}
        onChange={(code) => setDraft(lesson.id, code)}
        language="clojure"
        height="9rem"
        ariaLabel={`Your program for ${lesson.title}`}
        onSubmit={submit}
        testId="lesson-editor"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" data-testid="lesson-check" className={PRIMARY} disabled={checking} onClick={() => submit(draft)}>
          {checking ? 'Checking…' : 'Check'}
        </button>
        <span className="text-[11px] text-slate-500 dark:text-slate-400">Ctrl/Cmd+Enter in the editor checks too.</span>
        {draft !== lesson.starter && (
          <button type="button" data-testid="lesson-restart" className={`${SMALL_BUTTON} ml-auto`} onClick={() => setDraft(lesson.id, lesson.starter)}>
            Back to the starter
          </button>
        )}
      </div>
      <div role="status" aria-live="polite" data-testid="lesson-result">
        {attempt.error !== null && <p className="text-sm text-rose-700 dark:text-rose-400">The check could not run: {attempt.error}</p>}
        {result?.passed === true && (
          <div data-testid="lesson-passed" className="rounded border border-emerald-300 bg-emerald-50 p-2 text-sm dark:border-emerald-800 dark:bg-emerald-950">
            <p className="font-semibold text-emerald-800 dark:text-emerald-300">
              Passed{result.message !== '' && result.message !== 'passed' ? `: ${result.message}` : ''}. Well done.
            </p>
            <div className="mt-1 text-xs">
              Value: <ClojureCode code={result.value} testId="lesson-value" />
            </div>
          </div>
        )}
        {failed && (
          <div data-testid="lesson-failed" className="rounded border border-rose-300 bg-rose-50 p-2 text-sm dark:border-rose-800 dark:bg-rose-950">
            <p data-testid="lesson-message" className="text-rose-800 dark:text-rose-300">
              Not yet: {result.message}
            </p>
            {result.hint !== undefined && !lesson.hints.includes(result.hint) && (
              <p data-testid="lesson-check-hint" className="mt-1 text-xs text-rose-800 dark:text-rose-300">
                Try: {result.hint}
              </p>
            )}
            {result.value !== '' && (
              <div className="mt-1 text-xs">
                Your value: <ClojureCode code={result.value} />
              </div>
            )}
          </div>
        )}
        {result !== null && result.prints.length > 0 && (
          <pre data-testid="lesson-prints" className="mt-1 whitespace-pre-wrap break-words font-mono text-xs text-slate-600 dark:text-slate-400">
            {result.prints.join('\n')}
          </pre>
        )}
      </div>
      {hintsShown > 0 && (
        <ol data-testid="lesson-hints" aria-label="Hints" className="list-decimal pl-5 text-sm">
          {lesson.hints.slice(0, hintsShown).map((h, i) => (
            <li key={i} data-testid="lesson-hint">
              {h}
            </li>
          ))}
        </ol>
      )}
      {failures > 0 && (moreHints || !solutionShown) && (
        <div className="flex gap-2">
          {moreHints && (
            <button type="button" data-testid="lesson-hint-button" className={SMALL_BUTTON} onClick={() => revealHint(lesson.id)}>
              {hintsShown === 0 ? 'Hint' : 'Another hint'} ({hintsShown + 1} of {lesson.hints.length})
            </button>
          )}
          {!solutionShown && (
            <button type="button" data-testid="lesson-show-solution" className={SMALL_BUTTON} onClick={() => showSolution(lesson.id)}>
              Show solution
            </button>
          )}
        </div>
      )}
      {solutionShown && (
        <section aria-label="Solution" data-testid="lesson-solution" className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Solution</h4>
          <div className={CODE_BLOCK}>
            <ClojureCode code={lesson.solution} testId="lesson-solution-code" />
          </div>
          <button type="button" data-testid="lesson-use-solution" className={`${SMALL_BUTTON} self-start`} onClick={() => setDraft(lesson.id, lesson.solution)}>
            Put it in the editor
          </button>
        </section>
      )}
    </article>
  );
}
