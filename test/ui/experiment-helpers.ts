// Shared by the experiments panel's tests: each test starts and ends with no saved experiment.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { createExperimentDb, type ExperimentDb } from '../../src/ui/features/experiments/experiment-db.ts';

/** A handle on the saved experiments (the same IndexedDB database the panel's controller writes). */
export function experimentDb(): ExperimentDb {
  return createExperimentDb();
}

export async function clearDb(): Promise<void> {
  const db = experimentDb();
  for (const r of await db.list()) await db.delete(r.id);
}

/** Registers the hooks that empty the saved experiments around each test (and unmount after it). */
export function freshExperiments(): void {
  beforeEach(clearDb);
  afterEach(async () => {
    cleanup();
    await clearDb();
  });
}
