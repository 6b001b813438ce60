#!/usr/bin/env node
// postinstall: npm links the bins of dependencies into node_modules/.bin but not the project's own,
// so link `ptc` there too (tools such as ../shared/tools/spec-check.mjs call node_modules/.bin/ptc).
import { existsSync, mkdirSync, symlinkSync, lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const link = join(root, 'node_modules', '.bin', 'ptc');
let present = false;
try {
  lstatSync(link);
  present = true;
} catch {
  /* no link yet */
}
if (!present && existsSync(join(root, 'node_modules'))) {
  mkdirSync(dirname(link), { recursive: true });
  try {
    symlinkSync('../../bin/ptc.mjs', link);
  } catch (e) {
    console.warn(`could not link ${link}: ${e.message}`);
  }
}
