// Lint rules for the whole repository: typescript-eslint's recommended rules (read from the syntax
// alone, so linting needs no type information), React's hook rules for the app, and Prettier left in
// charge of layout (eslint-config-prettier turns off the rules it would fight with). `npm run lint`
// fails on any warning.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // bench/.build/ holds the engine bundle the benchmarks build; it is generated, as build/ is.
  { ignores: ['dist/', 'build/', 'bench/.build/', 'node_modules/', 'coverage/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `typeof import('sdk')` names a lazily loaded module's type without loading it.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'test/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules; the React Compiler's checks in the plugin's newer presets stay off
    // while the app is not compiled by it.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  prettier,
);
