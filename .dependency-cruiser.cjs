// Import rules for src/, checked by `npm run lint:deps` (part of `npm test`) and shown to fail on
// planted violations by test/architecture/layers.test.ts.
//
// The layers, lowest first; a layer imports only layers below it:
//
//   lisp  <  records  <  compression  <  agent  <  session  <  experiment  <  worker  <  ui;  experiment  <  cli
//
// records holds what both compression and the agent read (ToolDef, Message, Memory, TurnRecord and the
// tool-signature syntax), so neither borrows it from the other. The agent loop drives the compression
// strategies, so agent imports compression and never the reverse. cli sits on experiment beside worker
// and ui: it imports neither and neither imports it; ui sits on the worker. docs/architecture.md states
// this order and test/architecture/layer-order.test.ts holds it, and that page, to LAYERS below.
// bin/, scripts/, bench/, test/ and e2e/ may import anything; src/ imports none of them.
//
// No import circles anywhere, `import type` and `import()` included (tsPreCompilationDeps).
// The engine layers (lisp, records, compression, agent, session, experiment) run on every host: no Node
// builtins and only the npm packages listed below; the worker adds no Node builtins either, the ui none,
// and the cli no DOM-only package. tsconfig.<layer>.json checks the globals the same way.

/** The npm packages each layer may import (today's; add one here when it runs on that layer's hosts). */
const NPM = {
  lisp: ['re2js'],
  records: [],
  compression: ['gpt-tokenizer'],
  agent: ['openai', '@anthropic-ai/sdk', '@modelcontextprotocol/client'],
  session: ['zod', 'fflate'],
  experiment: ['zod'],
  worker: ['comlink', 'gpt-tokenizer'],
};

/** Packages that need a DOM (or a bundler's DOM tooling): never below ui. */
const DOM_ONLY = [
  'react',
  'react-dom',
  '@monaco-editor/react',
  'monaco-editor',
  'react-resizable-panels',
  '@tanstack/react-query',
  '@tanstack/react-virtual',
  'idb-keyval',
  'zustand',
];

const escape = (name) => name.replace(/[.+*?^$()[\]{}|\\/]/g, '\\$&');
const packages = (names) => `^(node_modules/)?(${names.map(escape).join('|')})(/|$)`;

/** Each layer, lowest first, and the src/ folders it must not import. */
const LAYERS = {
  lisp: ['records', 'compression', 'agent', 'session', 'experiment', 'worker', 'cli', 'ui'],
  records: ['compression', 'agent', 'session', 'experiment', 'worker', 'cli', 'ui'],
  compression: ['agent', 'session', 'experiment', 'worker', 'cli', 'ui'],
  agent: ['session', 'experiment', 'worker', 'cli', 'ui'],
  session: ['experiment', 'worker', 'cli', 'ui'],
  experiment: ['worker', 'cli', 'ui'],
  worker: ['cli', 'ui'],
  cli: ['worker', 'ui'],
  ui: ['cli'],
};

const layerRules = Object.entries(LAYERS).map(([layer, above]) => ({
  name: `layer-${layer}`,
  comment: `src/${layer} imports only layers below it, not src/{${above.join(',')}} (see the layer order at the top of .dependency-cruiser.cjs)`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: `^src/(${above.join('|')})/` },
}));

const npmRules = Object.entries(NPM).map(([layer, allowed]) => ({
  name: `npm-${layer}`,
  comment: `src/${layer} may import only these npm packages: ${allowed.join(', ') || 'none'} (NPM in .dependency-cruiser.cjs)`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: allowed.length > 0 ? { path: '^node_modules/', pathNot: packages(allowed) } : { path: '^node_modules/' },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles: a module cannot (through others) import itself; type imports and import() count',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'ui-feature-alone',
      comment:
        'A feature of the page (src/ui/features/X) imports no other feature: only the layout composes them; what several share lives in components/, lib/ or state/',
      severity: 'error',
      from: { path: '^src/ui/features/([^/]+)/', pathNot: '^src/ui/features/layout/' },
      to: { path: '^src/ui/features/', pathNot: '^src/ui/features/$1/' },
    },
    {
      name: 'ui-shared-no-feature',
      comment: "The page's shared parts (state, components, lib, the engine client, persistence) import no feature",
      severity: 'error',
      from: { path: '^src/ui/(state|components|lib|engine|persistence)/' },
      to: { path: '^src/ui/features/' },
    },
    {
      name: 'ui-lib-pure',
      comment: "src/ui/lib holds pure helpers: no React or other DOM package, and none of the page's stateful parts",
      severity: 'error',
      from: { path: '^src/ui/lib/' },
      to: { path: `(${packages(DOM_ONLY)})|(^src/ui/(state|components|engine|persistence|features)/)` },
    },
    {
      name: 'src-not-to-tooling',
      comment: 'The product does not import tests, benchmarks or scripts',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(bin|scripts|bench|test|e2e)/' },
    },
    {
      name: 'no-node-builtins',
      comment: 'Only src/cli runs on Node: no node:* or other Node builtins elsewhere in src/',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { dependencyTypes: ['core'] },
    },
    ...npmRules,
    {
      name: 'no-dom-packages-in-cli',
      comment: 'src/cli runs on Node: no DOM-only packages',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: packages(DOM_ONLY) },
    },
    {
      name: 'engine-resolvable',
      comment: 'Every import of the engine layers and the worker resolves to a file (a misspelt or uninstalled module fails here)',
      severity: 'error',
      from: { path: '^src/(lisp|records|compression|agent|session|experiment|worker)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
