// ESLint (flat config) with typescript-eslint, as in actions/typescript-action. Formatting is Prettier's job
// (.prettierrc.json): no stylistic rule here. The rules chosen are the ones that catch bugs in this code base;
// docs/contributing notes are in CONTRIBUTING.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/fixtures/**', 'build/**', '.bench/**', '.suites/**', 'test/support/report-actions/**'] },
  // The older `eslint-disable no-control-regex` comments stay valid; they need not be reported as unused.
  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts', 'vitest.mutate.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its error: the step must never end before its work, nor hide a failure.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      // `import * as core from '@actions/core'` and lazy `await import()` are the house style; types-only imports say so.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Non-null assertions follow `noUncheckedIndexedAccess` on indexes the code has just checked.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Escapes that change nothing are harmless in regular expressions; not worth a diff.
      'no-useless-escape': 'off',
      // Matching control characters on purpose is what the escaping of untrusted text does.
      'no-control-regex': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
