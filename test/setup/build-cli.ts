// Builds the `ptc` bundle once before the tests, so the command-line tests that start `ptc` in
// parallel run this tree's code and none of them has to rebuild it on its own.
import { bundleIsStale, buildCli } from '../../scripts/build-cli.mjs';

export default async function setup(): Promise<void> {
  if (bundleIsStale()) await buildCli();
}
