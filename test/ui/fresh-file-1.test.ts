// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { checkStartsFresh } from './fresh-file/checks.ts';

checkStartsFresh('fresh-file-1', { indexedDB: true });
