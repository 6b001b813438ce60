// The course: every lesson in the order the page shows them, and lookup by id.
import { checkLesson, type CheckResult } from './check.ts';
import { AGENT } from './content/agent.ts';
import { BASICS } from './content/basics.ts';
import { FUNCTIONS } from './content/functions.ts';
import { MISTAKES } from './content/mistakes.ts';
import type { Lesson } from './types.ts';

export type { CheckResult } from './check.ts';
export type { Lesson, LessonArea, LessonCheck, LessonJson } from './types.ts';

export const LESSONS: readonly Lesson[] = [...BASICS, ...FUNCTIONS, ...AGENT, ...MISTAKES];

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** Checks `code` against the lesson `id`; an unknown id is a failed check that says so. */
export function checkLessonById(id: string, code: string): CheckResult {
  const lesson = lessonById(id);
  if (lesson === undefined) return { passed: false, message: `no lesson "${id}"`, value: '', prints: [] };
  return checkLesson(lesson, code);
}
