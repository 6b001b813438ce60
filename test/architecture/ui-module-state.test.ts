// The page's state has one owner, the PlaygroundController (src/ui/state/controller.ts): no module of
// src/ui keeps mutable state of its own at its top level (a `let`, a Map or Set made there) and none
// keeps a WeakMap side table anywhere, where two pages (or two tests) would share it. The few that
// must are listed below with why. The last test plants violations to show each check failing.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UI = join(ROOT, 'src', 'ui');

/** `file:name` of each allowed top-level state, with the reason it is not the controller's. */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  // Monaco is one per page, set up once however many controllers there are.
  ['src/ui/components/CodeEditor.tsx:monacoFailed', 'Monaco failed to load: the page falls back to textareas for good'],
  ['src/ui/components/monaco/clojure-help.ts:registered', "Monaco's language providers are registered once per page"],
  ['src/ui/components/monaco/help-source.ts:current', "Monaco's providers are global: they ask the editor help of the page"],
  // Loaded once per page, like the module it stands for.
  ['src/ui/features/data/DataPanel.tsx:jsonScan', 'the JSON scanner module, loaded on first use'],
  ['src/ui/features/data/DataPanel.tsx:jsonScanLoading', 'the JSON scanner module, loaded on first use'],
  // A memo of a pure function of an immutable value: whoever asks gets the same answer.
  ['src/ui/features/data/DataPanel.tsx:dataTexts', "a definition's data as text, made once per (immutable) definition"],
  ['src/ui/lib/format.ts:resolution', "the browser's timer resolution, measured once"],
  // Unique React keys: any counter will do, shared or not.
  ['src/ui/features/tools/ToolsPanel.tsx:nextKey', 'keys of tool rows, unique within the page'],
  // The price table is one per browser (localStorage), shared by every tab's view of it.
]);

interface Finding {
  /** `file:name` (the declared name, or `WeakMap@line` for a WeakMap made elsewhere). */
  readonly key: string;
  readonly what: string;
}

const MUTABLE_COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

function isNewOf(node: ts.Node, names: ReadonlySet<string>): node is ts.NewExpression {
  return ts.isNewExpression(node) && ts.isIdentifier(node.expression) && names.has(node.expression.text);
}

/** A constant table: typed read-only, so nothing may change it after the module made it. */
function isReadonlyTable(d: ts.VariableDeclaration): boolean {
  const type = d.type;
  return type !== undefined && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && /^Readonly(Map|Set)$/.test(type.typeName.text);
}

/** A Map, Set, WeakMap or WeakSet made when the module loads (not inside a function it defines). */
function makesCollectionAtLoad(node: ts.Node): string | null {
  if (isNewOf(node, MUTABLE_COLLECTIONS)) return (node.expression as ts.Identifier).text;
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return null;
  let found: string | null = null;
  node.forEachChild((child) => {
    found ??= makesCollectionAtLoad(child);
  });
  return found;
}

function namesOf(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : namesOf(e.name)));
}

/** The module-level state of one source file. */
export function moduleState(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const declared = new Set<ts.Node>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const mutable = (list.flags & ts.NodeFlags.Let) !== 0 || (list.flags & (ts.NodeFlags.Const | ts.NodeFlags.Using)) === 0;
    for (const d of list.declarations) {
      const made = d.initializer && !isReadonlyTable(d) ? makesCollectionAtLoad(d.initializer) : null;
      if (!mutable && made === null) continue;
      declared.add(d);
      for (const name of namesOf(d.name)) findings.push({ key: `${file}:${name}`, what: mutable ? 'a top-level let/var' : `a ${made} made at the top level` });
    }
  }
  // A WeakMap anywhere else (a function's, a class's) is a side table keyed by objects someone else owns.
  const visit = (node: ts.Node, inDeclared: boolean): void => {
    const here = inDeclared || declared.has(node);
    if (!here && isNewOf(node, new Set(['WeakMap']))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      findings.push({ key: `${file}:WeakMap@${line}`, what: 'a WeakMap side table' });
    }
    node.forEachChild((child) => visit(child, here));
  };
  visit(source, false);
  return findings;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

function uiState(): Finding[] {
  return sourcesUnder(UI).flatMap((path) => moduleState(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8')));
}

describe('module-level state in src/ui', () => {
  it('is none but the listed exceptions (the controller owns the rest)', () => {
    const unlisted = uiState().filter((f) => !EXCEPTIONS.has(f.key));
    expect(unlisted.map((f) => `${f.key}: ${f.what}`)).toEqual([]);
  });

  it('lists no exception that is gone', () => {
    const found = new Set(uiState().map((f) => f.key));
    expect([...EXCEPTIONS.keys()].filter((k) => !found.has(k))).toEqual([]);
  });

  it('finds a planted top-level let, Map, Set and WeakMap, and leaves functions and constants alone', () => {
    const planted = [
      'let counter = 0;',
      'var old = 1;',
      'const cache = new Map<string, number>();',
      'const seen = { ids: new Set<string>() };',
      'export const tables = new WeakMap<object, string>();',
      'class Holder { private readonly side = new WeakMap<object, number>(); }',
      'const LIMIT = 3;',
      "const NAMES: ReadonlySet<string> = new Set(['a']);",
      'const make = () => new Map<string, number>();',
      'export function fresh() { let n = 0; const m = new Set(); return () => ++n + m.size; }',
    ].join('\n');
    expect(moduleState('src/ui/planted.ts', planted).map((f) => f.key)).toEqual([
      'src/ui/planted.ts:counter',
      'src/ui/planted.ts:old',
      'src/ui/planted.ts:cache',
      'src/ui/planted.ts:seen',
      'src/ui/planted.ts:tables',
      'src/ui/planted.ts:WeakMap@6',
    ]);
  });
});
