// The learner's progress through the lessons, kept in the browser: which lessons passed and each
// lesson's draft, as versioned JSON under one localStorage key. Missing, damaged or newer data reads
// as a fresh start; a browser that refuses storage (private modes, quota) is ignored: progress then
// lasts as long as the page.

/** The localStorage key; the JSON under it carries its own version. */
export const LESSON_PROGRESS_KEY = 'ptc-playground.lessons';
const VERSION = 1;
/** The longest draft kept (a lesson's program is a few lines; this bounds what a page writes). */
const MAX_DRAFT = 20_000;

export interface LessonProgress {
  /** Ids of the lessons whose check passed. */
  readonly passed: readonly string[];
  /** The learner's program per lesson id (only lessons whose draft was edited). */
  readonly drafts: Readonly<Record<string, string>>;
}

export const EMPTY_PROGRESS: LessonProgress = { passed: [], drafts: {} };

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The progress in `text` (the stored JSON), or the empty progress when it is not valid. */
export function parseProgress(text: string | null): LessonProgress {
  if (text === null) return EMPTY_PROGRESS;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return EMPTY_PROGRESS;
  }
  if (!isRecord(raw) || raw.version !== VERSION || !Array.isArray(raw.passed) || !isRecord(raw.drafts)) return EMPTY_PROGRESS;
  const passed = [...new Set(raw.passed.filter((id): id is string => typeof id === 'string'))];
  const drafts: Record<string, string> = {};
  for (const [id, draft] of Object.entries(raw.drafts)) if (typeof draft === 'string' && draft.length <= MAX_DRAFT) drafts[id] = draft;
  return { passed, drafts };
}

export function loadProgress(): LessonProgress {
  try {
    return parseProgress(storage()?.getItem(LESSON_PROGRESS_KEY) ?? null);
  } catch {
    return EMPTY_PROGRESS;
  }
}

export function saveProgress(progress: LessonProgress): void {
  const drafts: Record<string, string> = {};
  for (const [id, draft] of Object.entries(progress.drafts)) if (draft.length <= MAX_DRAFT) drafts[id] = draft;
  try {
    storage()?.setItem(LESSON_PROGRESS_KEY, JSON.stringify({ version: VERSION, passed: progress.passed, drafts }));
  } catch {
    // Quota exceeded or storage refused: the progress stays in the page.
  }
}

export function clearProgress(): void {
  try {
    storage()?.removeItem(LESSON_PROGRESS_KEY);
  } catch {
    // Storage refused: nothing was kept anyway.
  }
}
