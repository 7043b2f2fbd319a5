// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/', 'coverage/', 'test-artifacts/', 'data/', 'node_modules/'] },
  js.configs.recommended,
  // Plain Node scripts that run before anything is built.
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { console: 'readonly', process: 'readonly' } } },
  // The holder app's service worker runs as it is, in the worker's own global scope.
  {
    files: ['libs/holder-app/public/sw.js'],
    languageOptions: {
      globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly', Response: 'readonly' },
    },
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // Guards, buses and storage adapters implement promise-returning interfaces without always awaiting inside.
      '@typescript-eslint/require-await': 'off',
      // Validators refuse NUL and other control characters on purpose: PostgreSQL cannot store them.
      'no-control-regex': 'off',
      // A variable a callback reads before the one assignment that follows it cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `const { [dropped]: _, ...rest } = object` is how a field is left out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // The holder app's unit specs: its build's tsconfig leaves them out (no jest types in the app), this one takes them.
  {
    files: ['libs/holder-app/src/**/*.spec.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: ['libs/holder-app/tsconfig.spec.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Response bodies from supertest are typed `any` by the library; the suites read them as the API documents them.
    files: ['test/**/*.ts', 'bench/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['**/*.mjs', '**/*.js'], ...tseslint.configs.disableTypeChecked },
  // The dependency-cruiser configuration is a CommonJS module, which reads the manifests of the installed packages.
  { files: ['**/*.js'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  {
    files: ['.dependency-cruiser.js'],
    languageOptions: { globals: { require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Worker threads are plain CommonJS scripts that run as they are, from the sources and from the build.
  {
    files: ['src/**/*.worker.js'],
    languageOptions: { globals: { require: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
