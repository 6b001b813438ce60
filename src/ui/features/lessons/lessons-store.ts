// The lessons panel's own state (zustand): the course the worker gives (loaded once per engine client
// when the panel first opens, one store per controller), the lesson shown, the learner's drafts and passed lessons (kept in
// localStorage, ./lesson-progress.ts), and per lesson the last check's result and how many hints and
// whether the solution were revealed (kept while the page is open).
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CheckResult, Lesson } from '../../../worker/lessons.ts';
import type { EngineClient } from '../../engine/client.ts';
import type { PlaygroundController } from '../../state/controller.ts';
import { useController } from '../../state/playground.tsx';
import { loadOnce } from '../../state/load-once.ts';
import { clearProgress, loadProgress, saveProgress, type LessonProgress } from './lesson-progress.ts';

export type { CheckResult, Lesson } from '../../../worker/lessons.ts';

/** What the page knows of one lesson while it is open. */
export interface LessonAttempt {
  readonly checking: boolean;
  readonly result: CheckResult | null;
  /** Checks that failed, this visit. */
  readonly failures: number;
  readonly hintsShown: number;
  readonly solutionShown: boolean;
  /** A check that could not run (the worker failed). */
  readonly error: string | null;
}

const FRESH: LessonAttempt = { checking: false, result: null, failures: 0, hintsShown: 0, solutionShown: false, error: null };

export interface LessonsState {
  lessons: readonly Lesson[] | null;
  loading: boolean;
  error: string | null;
  selected: string | null;
  progress: LessonProgress;
  attempts: Readonly<Record<string, LessonAttempt>>;
  load(): Promise<void>;
  select(id: string | null): void;
  setDraft(id: string, code: string): void;
  check(id: string, code: string): Promise<void>;
  revealHint(id: string): void;
  showSolution(id: string): void;
  resetProgress(): void;
}

export type LessonsStore = StoreApi<LessonsState>;

/** The lesson's program as the learner left it, else its starter. */
export function draftOf(state: Pick<LessonsState, 'progress'>, lesson: Lesson): string {
  return state.progress.drafts[lesson.id] ?? lesson.starter;
}

export function attemptOf(state: Pick<LessonsState, 'attempts'>, id: string): LessonAttempt {
  return state.attempts[id] ?? FRESH;
}

export function createLessonsStore(client: EngineClient): LessonsStore {
  return createStore<LessonsState>()((set, get) => {
    const patch = (id: string, change: Partial<LessonAttempt>) => set((s) => ({ attempts: { ...s.attempts, [id]: { ...attemptOf(s, id), ...change } } }));
    const keep = (progress: LessonProgress) => {
      set({ progress });
      saveProgress(progress);
    };
    return {
      lessons: null,
      loading: false,
      error: null,
      selected: null,
      progress: loadProgress(),
      attempts: {},
      load: () => loadOnce(get, set, 'lessons', () => client.call('lessons')),
      select: (selected) => set({ selected }),
      setDraft: (id, code) => {
        const { progress } = get();
        if (progress.drafts[id] === code) return;
        keep({ ...progress, drafts: { ...progress.drafts, [id]: code } });
      },
      check: async (id, code) => {
        get().setDraft(id, code);
        patch(id, { checking: true, error: null });
        try {
          const result = await client.call('checkLesson', [id, code]);
          const before = attemptOf(get(), id);
          patch(id, { checking: false, result, failures: before.failures + (result.passed ? 0 : 1) });
          const { progress } = get();
          if (result.passed && !progress.passed.includes(id)) keep({ ...progress, passed: [...progress.passed, id] });
        } catch (e) {
          patch(id, { checking: false, error: e instanceof Error ? e.message : String(e) });
        }
      },
      revealHint: (id) => {
        const lesson = get().lessons?.find((l) => l.id === id);
        const shown = attemptOf(get(), id).hintsShown;
        if (lesson && shown < lesson.hints.length) patch(id, { hintsShown: shown + 1 });
      },
      showSolution: (id) => patch(id, { solutionShown: true }),
      resetProgress: () => {
        clearProgress();
        set({ progress: { passed: [], drafts: {} }, attempts: {} });
      },
    };
  });
}

/** The controller's lessons store (`controller.storeFor(lessonsStoreOf)`). */
export const lessonsStoreOf = (c: PlaygroundController): LessonsStore => createLessonsStore(c.client);

export function useLessonsStore(): LessonsStore {
  return useController().storeFor(lessonsStoreOf);
}

export function useLessons<T>(selector: (s: LessonsState) => T): T {
  return useStore(useLessonsStore(), selector);
}
