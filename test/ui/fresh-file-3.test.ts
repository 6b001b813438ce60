// @vitest-environment happy-dom
import { checkStartsFresh } from './fresh-file/checks.ts';

checkStartsFresh('fresh-file-3', { indexedDB: false });
