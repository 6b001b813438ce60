#!/usr/bin/env node
// Entry for the `ptc` command: loads the TypeScript CLI through tsx so no build step is needed.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

register();
const here = dirname(fileURLToPath(import.meta.url));
const { main } = await import(join(here, '..', 'src', 'cli', 'main.ts'));
process.exitCode = await main(process.argv.slice(2));
