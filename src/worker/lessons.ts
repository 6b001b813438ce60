// Lessons for the page: the course and the checker of src/agent/lessons, as plain data
// that crosses the worker boundary (a checked value comes back as text, never as a PTC value).
import { checkLessonById, LESSONS, type CheckResult, type Lesson } from '../agent/lessons/index.ts';

export type { CheckResult, Lesson } from '../agent/lessons/index.ts';

/** Every lesson, solutions included: the page reveals a solution only after the hints. */
export function lessonList(): Lesson[] {
  return [...LESSONS];
}

/** Runs the learner's code against lesson `id` (its data and tools, default limits; no session involved). */
export function checkLessonCode(id: string, code: string): CheckResult {
  return checkLessonById(id, code);
}
